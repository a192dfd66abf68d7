import { createBrowserRouter as createRouter, type RouteObject } from "react-router";

/** What react-router keeps in `history.state`: the entry's position among the tab's entries, among others. */
type EntryState = { idx?: number | null; key?: string; usr?: unknown } | null;

const positionOf = () => (window.history.state as EntryState)?.idx ?? undefined;

/**
 * react-router's router on the browser's address bar, for the addresses under `basename`. The console's own address
 * ends in a slash (`/realms/demo/account/`), as Keycloak's links to it do: the base path is given with it, so that a
 * link to personal info keeps it; the address typed without it gets it.
 *
 * One thing the browser does that react-router does not expect: an entry the browser makes itself (a plain
 * `#fragment` link, a fragment typed into the address bar) has no position in `history.state`. react-router then
 * cannot tell how far a back/forward step over it went, lets the step through past the leave guard (it warns so),
 * and numbers the next entry wrongly. Before react-router hears of the step (this listener comes first), such an
 * entry gets the position after the one the user was on: every other step lands on an entry already numbered.
 */
export function createBrowserRouter(routes: RouteObject[], options: { basename?: string } = {}) {
  const base = `${(options.basename ?? "").replace(/\/+$/, "")}/`;
  if (`${window.location.pathname.toLowerCase()}/` === base.toLowerCase()) {
    const { search, hash } = window.location;
    window.history.replaceState(window.history.state, "", base + search + hash);
  }
  let shown = 0;
  const number = () => {
    if (positionOf() === undefined) {
      window.history.replaceState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: shown + 1 }, "");
    }
    shown = positionOf()!;
  };
  window.addEventListener("popstate", number);
  const router = createRouter(routes, { basename: base });
  shown = positionOf() ?? 0;
  const unsubscribe = router.subscribe(() => (shown = positionOf() ?? shown));
  const dispose = router.dispose;
  router.dispose = () => {
    window.removeEventListener("popstate", number);
    unsubscribe();
    dispose();
  };
  return router;
}
