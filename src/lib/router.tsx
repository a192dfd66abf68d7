import {
  Component,
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from "react";

/**
 * The console's router: addresses under a base path, a loader per route that runs before the route shows (the old
 * page stays until the new one's data is in), a reload of the current route, a guard that can hold a page switch, and
 * error elements. It offers the part of react-router's data-router API the console used, under the same names, in
 * about a tenth of the code (see docs/performance.md).
 */

export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };
export type To = string | Partial<Pick<Location, "pathname" | "search" | "hash">>;
export type Params = Readonly<Record<string, string | undefined>>;
export type LoaderArgs = { params: Params; request: Request };

export type RouteObject = {
  /** A pattern relative to the parent: "groups", "content/:componentId", "*". */
  path?: string;
  /** The parent's own address. */
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType;
  loader?: (args: LoaderArgs) => unknown;
  /** Shown when this route's loader fails, or its element throws while it draws. */
  errorElement?: ReactNode;
  /** Shown in this route's place until its first data is in. */
  hydrateFallbackElement?: ReactNode;
  children?: RouteObject[];
};

type Match = { route: RouteObject; params: Params };
type HistoryAction = "PUSH" | "REPLACE" | "POP";

export type Navigation = { state: "idle"; location?: undefined } | { state: "loading"; location: Location };

export type Blocker =
  | { state: "unblocked"; location?: undefined; proceed?: undefined; reset?: undefined }
  | { state: "blocked"; location: Location; proceed: () => void; reset: () => void }
  | { state: "proceeding"; location: Location; proceed?: undefined; reset?: undefined };

type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: HistoryAction;
}) => boolean;

export type RouterState = {
  /** The first address's data is in (or its loader failed). */
  initialized: boolean;
  location: Location;
  matches: Match[];
  /** Loader results by match index. */
  loaderData: unknown[];
  /** A failed loader: its error and the index of the match whose error element shows it. */
  error: { value: unknown; index: number } | null;
  navigation: Navigation;
  revalidation: "idle" | "loading";
  blocker: Blocker;
};

/** Where addresses live: the browser's history, or a list in memory (tests). */
type History = {
  location(): Location;
  /** The current entry's position, to undo a back/forward step a guard holds. */
  index(): number;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  listen(listener: (location: Location, index: number) => void): void;
  href(location: Pick<Location, "pathname" | "search" | "hash">): string;
};

export type Router = {
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
  navigate(to: To | number, options?: { replace?: boolean; state?: unknown }): Promise<void>;
  revalidate(): Promise<void>;
  href(to: To): string;
  /** Registers the guard of `useBlocker`; returns its removal. */
  block(shouldBlock: BlockerFunction): () => void;
};

const IDLE: Navigation = { state: "idle" };
const UNBLOCKED: Blocker = { state: "unblocked" };

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function parsePath(path: string): Pick<Location, "pathname" | "search" | "hash"> {
  const url = new URL(path, "http://router.invalid/");
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

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

/** The address under `basename`, or null when it is outside it. Case-insensitive, as the matching is. */
function stripBasename(pathname: string, basename: string): string | null {
  if (basename === "/" || basename === "") return pathname;
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // A malformed escape: compare the raw address.
  }
  for (const candidate of [pathname, decoded]) {
    if (!candidate.toLowerCase().startsWith(basename.toLowerCase())) continue;
    const rest = candidate.slice(basename.length);
    if (rest === "" || rest.startsWith("/")) return rest || "/";
  }
  return null;
}

function browserHistory(basename: string): History {
  const base = basename.replace(/\/+$/, "");
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const state = (window.history.state ?? {}) as { usr?: unknown; key?: string };
    return {
      pathname: stripBasename(pathname, base) ?? pathname,
      search,
      hash,
      state: state.usr ?? null,
      key: state.key ?? "default",
    };
  };
  const index = () => ((window.history.state ?? {}) as { idx?: number }).idx ?? 0;
  const href = (location: Pick<Location, "pathname" | "search" | "hash">) =>
    (base === "" ? location.pathname : location.pathname === "/" ? `${base}/` : base + location.pathname) +
    location.search +
    location.hash;
  if (((window.history.state ?? {}) as { idx?: number }).idx === undefined) {
    window.history.replaceState({ ...(window.history.state ?? {}), idx: 0 }, "");
  }
  return {
    location: read,
    index,
    push: (location) =>
      window.history.pushState({ usr: location.state, key: location.key, idx: index() + 1 }, "", href(location)),
    replace: (location) =>
      window.history.replaceState({ usr: location.state, key: location.key, idx: index() }, "", href(location)),
    go: (delta) => window.history.go(delta),
    listen: (listener) => window.addEventListener("popstate", () => listener(read(), index())),
    href,
  };
}

function memoryHistory(initialEntries: string[]): History {
  const entries: Location[] = (initialEntries.length ? initialEntries : ["/"]).map((entry) => ({
    ...parsePath(entry),
    state: null,
    key: newKey(),
  }));
  let current = entries.length - 1;
  let listener: ((location: Location, index: number) => void) | undefined;
  return {
    location: () => entries[current]!,
    index: () => current,
    push(location) {
      entries.splice(current + 1, entries.length, location);
      current = entries.length - 1;
    },
    replace(location) {
      entries[current] = location;
    },
    go(delta) {
      const next = Math.min(Math.max(current + delta, 0), entries.length - 1);
      if (next === current) return;
      current = next;
      setTimeout(() => listener?.(entries[current]!, current));
    },
    listen: (next) => void (listener = next),
    href: (location) => location.pathname + location.search + location.hash,
  };
}

/** The chain of routes from the root to the one the address names, with its params; [] when none does. */
export function matchRoutes(routes: RouteObject[], pathname: string): Match[] {
  const segments = pathname.split("/").filter(Boolean);
  return matchLevel(routes, segments, {}) ?? [];
}

function matchLevel(routes: RouteObject[], segments: string[], params: Record<string, string>): Match[] | null {
  // Static segments win over params, params over the splat, as react-router ranks them.
  const ranked = [...routes].sort((a, b) => rank(b) - rank(a));
  for (const route of ranked) {
    if (route.index) {
      if (segments.length === 0) return [{ route, params }];
      continue;
    }
    const pattern = (route.path ?? "").split("/").filter(Boolean);
    const own: Record<string, string> = { ...params };
    let used = 0;
    let matched = true;
    for (const part of pattern) {
      if (part === "*") {
        own["*"] = segments.slice(used).map(decodeSegment).join("/");
        used = segments.length;
        break;
      }
      const segment = segments[used];
      if (segment === undefined) {
        matched = false;
        break;
      }
      if (part.startsWith(":")) own[part.slice(1)] = decodeSegment(segment);
      else if (part.toLowerCase() !== decodeSegment(segment).toLowerCase()) {
        matched = false;
        break;
      }
      used++;
    }
    if (!matched) continue;
    const rest = segments.slice(used);
    if (route.children?.length) {
      const below = matchLevel(route.children, rest, own);
      if (below) return [{ route, params: own }, ...below];
    }
    if (rest.length === 0) return [{ route, params: own }];
  }
  return null;
}

function rank(route: RouteObject): number {
  if (route.index) return 3;
  const path = route.path ?? "";
  if (path.includes("*")) return 0;
  return path.includes(":") ? 1 : 2;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

type LoadResult = { loaderData: unknown[]; error: RouterState["error"] };

async function runLoaders(
  matches: Match[],
  href: string,
  signal: AbortSignal,
  previous?: unknown[],
): Promise<LoadResult> {
  const request = new Request(new URL(href, window.location.origin), { signal });
  const results = await Promise.allSettled(
    matches.map(({ route, params }, index) =>
      route.loader ? Promise.resolve(route.loader({ params, request })) : Promise.resolve(previous?.[index]),
    ),
  );
  const failed = results.findIndex((result) => result.status === "rejected");
  const loaderData = results.map((result) => (result.status === "fulfilled" ? result.value : undefined));
  if (failed < 0) return { loaderData, error: null };
  // The nearest route at or above the failed one that has an error element shows the error.
  let index = failed;
  while (index > 0 && !matches[index]!.route.errorElement) index--;
  return { loaderData, error: { value: (results[failed] as PromiseRejectedResult).reason, index } };
}

function createRouter(routes: RouteObject[], history: History): Router {
  const listeners = new Set<(state: RouterState) => void>();
  let blockerFunction: BlockerFunction | undefined;
  let pending: AbortController | undefined;
  let historyIndex = history.index();
  /** A back/forward step the router itself makes to undo a held one: not a navigation. */
  let ignoredPops = 0;

  const initialLocation = history.location();
  let state: RouterState = {
    initialized: false,
    location: initialLocation,
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
      update({ location, matches, ...result, navigation: IDLE, initialized: true, blocker: UNBLOCKED });
    };
    if (!matches.some((match) => match.route.loader)) {
      pending = undefined;
      commit({ loaderData: matches.map(() => undefined), error: null });
      return;
    }
    if (state.initialized) update({ navigation: { state: "loading", location } });
    const result = await runLoaders(matches, history.href(location), controller.signal);
    if (controller.signal.aborted) return;
    pending = undefined;
    commit(result);
  }

  function blocked(nextLocation: Location, historyAction: HistoryAction, go: () => void): boolean {
    if (!blockerFunction || state.blocker.state === "proceeding") return false;
    if (!blockerFunction({ currentLocation: state.location, nextLocation, historyAction })) return false;
    update({
      blocker: {
        state: "blocked",
        location: nextLocation,
        proceed: () => {
          update({ blocker: { state: "proceeding", location: nextLocation } });
          go();
        },
        reset: () => update({ blocker: UNBLOCKED }),
      },
    });
    return true;
  }

  history.listen((location, index) => {
    if (ignoredPops > 0) {
      ignoredPops--;
      historyIndex = index;
      return;
    }
    const delta = index - historyIndex;
    if (delta !== 0 && blockerFunction && state.blocker.state !== "proceeding") {
      const held = blocked(location, "POP", () => history.go(delta));
      if (held) {
        // Put the address back where the guard holds it; the proceed repeats the step.
        ignoredPops++;
        history.go(-delta);
        return;
      }
    }
    historyIndex = index;
    void load(location, "POP");
  });

  const router: Router = {
    get state() {
      return state;
    },
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
      const action: HistoryAction = options.replace ? "REPLACE" : "PUSH";
      if (blocked(location, action, () => void load(location, action))) return;
      await load(location, action);
    },
    async revalidate() {
      if (!state.initialized) return;
      const { location, matches, loaderData } = state;
      update({ revalidation: "loading" });
      const result = await runLoaders(matches, history.href(location), new AbortController().signal, loaderData);
      // A page switch that finished meanwhile has newer data: this answer belongs to the page that was left.
      update(state.location.key === location.key ? { ...result, revalidation: "idle" } : { revalidation: "idle" });
    },
    href: (to) => history.href(resolve(to, state.location)),
    block(shouldBlock) {
      blockerFunction = shouldBlock;
      return () => {
        if (blockerFunction === shouldBlock) blockerFunction = undefined;
        if (state.blocker.state === "blocked") update({ blocker: UNBLOCKED });
      };
    },
  };

  void load(initialLocation, "POP");
  return router;
}

/** A router on the browser's address bar, for the addresses under `basename`. */
export function createBrowserRouter(routes: RouteObject[], options: { basename?: string } = {}): Router {
  return createRouter(routes, browserHistory(options.basename ?? "/"));
}

/** A router on a list of addresses in memory (tests). */
export function createMemoryRouter(routes: RouteObject[], options: { initialEntries?: string[] } = {}): Router {
  return createRouter(routes, memoryHistory(options.initialEntries ?? ["/"]));
}

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
/** The match index the nearest `Outlet` below draws. */
const DepthContext = createContext(0);
const RouteErrorContext = createContext<unknown>(undefined);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error("This component must be inside a RouterProvider.");
  return router;
}

function useRouterState(): RouterState {
  const routerState = useContext(StateContext);
  if (!routerState) throw new Error("This component must be inside a RouterProvider.");
  return routerState;
}

export function RouterProvider({ router }: { router: Router }) {
  const routerState = useSyncExternalStore(
    (listener) => router.subscribe(listener),
    () => router.state,
  );
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={routerState}>
        <RouteLevel depth={0} />
      </StateContext.Provider>
    </RouterContext.Provider>
  );
}

/** Routes for tests of one component: `children` at any address. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([{ path: "*", element: children }], { initialEntries }));
  return <RouterProvider router={router} />;
}

function RouteLevel({ depth }: { depth: number }) {
  const routerState = useRouterState();
  const match = routerState.matches[depth];
  if (!match) return null;
  const { route } = match;
  if (!routerState.initialized && route.loader) return <>{route.hydrateFallbackElement ?? null}</>;
  const content =
    routerState.error && routerState.error.index === depth ? (
      <RouteErrorContext.Provider value={routerState.error.value}>
        {route.errorElement ?? null}
      </RouteErrorContext.Provider>
    ) : route.Component ? (
      <route.Component />
    ) : route.element !== undefined ? (
      route.element
    ) : (
      <Outlet />
    );
  const level = <DepthContext.Provider value={depth + 1}>{content}</DepthContext.Provider>;
  return route.errorElement ? (
    <ErrorBoundary fallback={route.errorElement} resetKey={routerState.location.key}>
      {level}
    </ErrorBoundary>
  ) : (
    level
  );
}

class ErrorBoundary extends Component<
  { fallback: ReactNode; resetKey: string; children: ReactNode },
  { error: { value: unknown } | null; resetKey: string }
> {
  state = { error: null as { value: unknown } | null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(value: unknown) {
    return { error: { value } };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { resetKey: string }) {
    // Another address: try drawing again.
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  render() {
    return this.state.error ? (
      <RouteErrorContext.Provider value={this.state.error.value}>{this.props.fallback}</RouteErrorContext.Provider>
    ) : (
      this.props.children
    );
  }
}

/** Where a route draws the route below it. */
export function Outlet() {
  return <RouteLevel depth={useContext(DepthContext)} />;
}

export function useLocation(): Location {
  return useRouterState().location;
}

export function useNavigation(): Navigation {
  return useRouterState().navigation;
}

export function useNavigate(): Router["navigate"] {
  return useRouter().navigate;
}

/** The data of the route that draws this component. */
export function useLoaderData(): unknown {
  const depth = useContext(DepthContext) - 1;
  return useRouterState().loaderData[depth];
}

export function useRevalidator(): { revalidate: () => Promise<void>; state: "idle" | "loading" } {
  const router = useRouter();
  return { revalidate: router.revalidate, state: useRouterState().revalidation };
}

export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

/** Holds page switches (links, back and forward) while `shouldBlock` says so, until the user proceeds or stays. */
export function useBlocker(shouldBlock: boolean | BlockerFunction): Blocker {
  const router = useRouter();
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(
    () =>
      router.block((args) => {
        const current = latest.current;
        return typeof current === "function" ? current(args) : current;
      }),
    [router],
  );
  return useRouterState().blocker;
}

/** A link inside the console: a plain click switches the page; a click with a modifier opens a tab as any link. */
export function Link({
  to,
  replace,
  onClick,
  ...props
}: { to: To; replace?: boolean } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  const router = useRouter();
  useRouterState();
  return (
    <a
      {...props}
      href={router.href(to)}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        )
          return;
        if (props.target && props.target !== "_self") return;
        event.preventDefault();
        void router.navigate(to, { replace });
      }}
    />
  );
}

/** Switches the page as soon as it is drawn. */
export function Navigate({ to, replace }: { to: To; replace?: boolean }) {
  const router = useRouter();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void router.navigate(to, { replace });
  }, [router, to, replace]);
  return null;
}
