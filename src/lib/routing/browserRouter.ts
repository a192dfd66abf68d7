import { createBrowserRouter as createRouter, type RouteObject } from "react-router";

const position = () => (window.history.state as { idx?: number } | null)?.idx;

/**
 * react-router's router on the address bar, under `basename` with its trailing slash (the console's address is
 * `…/account/`, as Keycloak's links write it; typed without the slash, it gets one).
 *
 * An entry the browser makes itself (a plain `#fragment` link) has no position in `history.state`: react-router then
 * cannot tell how far a back/forward step over it went and lets it past the leave guard. This listener, which runs
 * before react-router's, gives such an entry the position after the one the user was on.
 */
export function createBrowserRouter(routes: RouteObject[], { basename = "" }: { basename?: string } = {}) {
  const base = `${basename.replace(/\/+$/, "")}/`;
  if (`${window.location.pathname}/`.toLowerCase() === base.toLowerCase()) {
    window.history.replaceState(window.history.state, "", base + window.location.search + window.location.hash);
  }
  let shown = 0;
  window.addEventListener("popstate", () => {
    if (position() === undefined)
      window.history.replaceState({ usr: null, key: Math.random().toString(36).slice(2), idx: shown + 1 }, "");
    shown = position()!;
  });
  const router = createRouter(routes, { basename: base });
  shown = position() ?? 0;
  router.subscribe(() => (shown = position() ?? shown));
  return router;
}
