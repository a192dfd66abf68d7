import { createGuard, UNBLOCKED } from "./guard";
import { browserHistory, newKey, parsePath, type History } from "./history";
import { runLoaders, type LoadResult } from "./loaders";
import { matchRoutes } from "./match";
import type { HistoryAction, Location, Navigation, RouteObject, Router, RouterState, To } from "./types";

const IDLE: Navigation = { state: "idle" };

/** `to` as a location, relative addresses against the current one. */
function resolve(to: To, current: Location, state: unknown = null): Location {
  const parts = typeof to === "string" ? parsePath(new URL(to, `http://router.invalid${current.pathname}`).href) : to;
  let pathname = parts.pathname ?? current.pathname;
  if (!pathname.startsWith("/")) pathname = new URL(pathname, `http://router.invalid${current.pathname}/`).pathname;
  return {
    pathname,
    search: parts.search ? (parts.search.startsWith("?") ? parts.search : `?${parts.search}`) : "",
    hash: parts.hash ? (parts.hash.startsWith("#") ? parts.hash : `#${parts.hash}`) : "",
    state,
    key: newKey(),
  };
}

/** The same page: the same path (as the matching reads it: any case, a trailing slash or not) and query. */
export function samePage(a: Pick<Location, "pathname" | "search">, b: Pick<Location, "pathname" | "search">) {
  const path = (pathname: string) => pathname.replace(/\/+$/, "").toLowerCase();
  return path(a.pathname) === path(b.pathname) && a.search === b.search;
}

/**
 * The console's data router: a loader per route that runs before the route shows (the old page stays until the new
 * one's data is in), a reload that a newer one or a page switch aborts, and the leave guard (`guard.ts`), over an
 * address history (`history.ts`) and wouter's matching (`match.ts`).
 */
export function createRouter(routes: RouteObject[], history: History, basename = ""): Router {
  const listeners = new Set<(state: RouterState) => void>();
  let pending: AbortController | undefined;
  let reloading: AbortController | undefined;
  let historyIndex = history.index();
  /** Back/forward steps the router itself makes to undo a held one: not navigations. */
  let ignoredPops = 0;

  const initialLocation = history.location();
  let state: RouterState = {
    initialized: false,
    location: initialLocation,
    historyAction: "POP",
    matches: matchRoutes(routes, initialLocation.pathname),
    loaderData: [],
    error: null,
    navigation: IDLE,
    revalidation: "idle",
    blocker: UNBLOCKED,
  };

  const update = (changes: Partial<RouterState>) => {
    state = { ...state, ...changes };
    listeners.forEach((listener) => listener(state));
  };
  const guard = createGuard(
    () => state,
    (blocker) => update({ blocker }),
  );

  function stopReload() {
    reloading?.abort();
    reloading = undefined;
  }

  /** Loads `location`'s routes; commits them (and, unless the browser already moved, the address) when they are in. */
  async function load(location: Location, action: HistoryAction): Promise<void> {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    const matches = matchRoutes(routes, location.pathname);
    const commit = (result: LoadResult) => {
      if (action === "PUSH") history.push(location);
      if (action === "REPLACE") history.replace(location);
      historyIndex = history.index();
      update({
        location,
        historyAction: action,
        matches,
        ...result,
        navigation: IDLE,
        initialized: true,
        blocker: UNBLOCKED,
      });
    };
    // Only the fragment changed (a jump link, or back/forward over one): the same page with the data it has.
    if (state.initialized && samePage(location, state.location) && location.hash !== state.location.hash) {
      pending = undefined;
      commit({ loaderData: state.loaderData, error: state.error });
      return;
    }
    stopReload();
    if (state.revalidation !== "idle") update({ revalidation: "idle" });
    if (!matches.some((match) => match.route.loader)) {
      pending = undefined;
      commit({ loaderData: matches.map(() => undefined), error: null });
      return;
    }
    const loading = runLoaders(matches, history.href(location), controller.signal);
    if (state.initialized) {
      // Told in a task of its own: the page's requests leave first, and drawing the "loading" state (nothing shows
      // for it before the spinner's delay) does not hold them back.
      state = { ...state, navigation: { state: "loading", location } };
      setTimeout(() => {
        if (pending === controller) update({});
      });
    }
    const result = await loading;
    if (controller.signal.aborted) return;
    pending = undefined;
    commit(result);
  }

  history.listen((location, index) => {
    if (ignoredPops > 0) {
      ignoredPops--;
      historyIndex = index;
      return;
    }
    const delta = index - historyIndex;
    if (delta !== 0 && guard.hold(location, "POP", () => history.go(delta))) {
      // Put the address back where the guard holds it; proceeding repeats the step.
      ignoredPops++;
      history.go(-delta);
      return;
    }
    historyIndex = index;
    void load(location, "POP");
  });

  const router: Router = {
    get state() {
      return state;
    },
    basename,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async navigate(to, options = {}) {
      if (typeof to === "number") {
        history.go(to);
        return;
      }
      const location = resolve(to, state.location, options.state ?? null);
      // A link to the page already shown rewrites its entry rather than adding a copy of it.
      const same = samePage(location, state.location) && location.hash === state.location.hash;
      const action: HistoryAction = options.replace || same ? "REPLACE" : "PUSH";
      if (guard.hold(location, action, () => void load(location, action))) return;
      await load(location, action);
    },
    async revalidate() {
      if (!state.initialized) return;
      stopReload();
      const controller = new AbortController();
      reloading = controller;
      const { location, matches, loaderData } = state;
      update({ revalidation: "loading" });
      const result = await runLoaders(matches, history.href(location), controller.signal, loaderData);
      // A newer reload or a page switch took over: this answer is stale.
      if (controller.signal.aborted) return;
      reloading = undefined;
      update({ ...result, revalidation: "idle" });
    },
    href: (to) => history.href(resolve(to, state.location)),
    block: (shouldBlock) => guard.register(shouldBlock),
  };

  void load(initialLocation, "POP");
  return router;
}

/** A router on the browser's address bar, for the addresses under `basename`. */
export function createBrowserRouter(routes: RouteObject[], options: { basename?: string } = {}): Router {
  const basename = (options.basename ?? "").replace(/\/+$/, "");
  return createRouter(routes, browserHistory(basename), basename);
}
