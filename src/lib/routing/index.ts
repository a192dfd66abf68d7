/**
 * The console's routing: wouter (addresses, matching, the base path, links, search params) and a thin layer of our
 * own for what it does not do, one job per file: `router.ts` (loaders before a page shows, reload), `guard.ts` (the
 * leave guard), `history.ts` (entry positions for back/forward under the guard), `RouterProvider.tsx` (React's view,
 * error elements), `links.tsx`, `pageSwitch.ts` (scroll and focus after a switch). See docs/pages.md.
 */
export { createBrowserRouter, createRouter } from "./router";
export { newKey, parsePath, type History } from "./history";
export { matchRoutes } from "./match";
export {
  Outlet,
  RouterProvider,
  useBlocker,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  useRouteError,
} from "./RouterProvider";
export { Link, Navigate, NavLink } from "./links";
export { usePageSwitch } from "./pageSwitch";
export { useSearch, useSearchParams } from "wouter";
export type * from "./types";
