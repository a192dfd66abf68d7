/**
 * The console's routing is react-router in data mode: routes with loaders (a page shows once its data is in), error
 * elements, `useBlocker` for the leave guard, `useRevalidator` for a page's reload. The app and its tests import it
 * from this folder only (lint refuses `react-router` elsewhere), which adds what react-router leaves to the app:
 * - `browserRouter.ts`: positions for the history entries the browser makes itself (a `#fragment` link), so that
 *   the leave guard holds a back/forward step over them too;
 * - `links.tsx`: a link to the page shown, in any letter case, rewrites its entry; the menu's current item;
 * - `pageSwitch.ts`: scroll and focus after a page switch, for the page's main region. See docs/pages.md.
 */
export {
  createMemoryRouter,
  matchRoutes,
  Navigate,
  Outlet,
  useBlocker,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  useRouteError,
  useSearchParams,
  type Location,
  type RouteObject,
  type To,
} from "react-router";
export { RouterProvider } from "react-router/dom";
export { createBrowserRouter } from "./browserRouter";
export { Link, NavLink } from "./links";
export { usePageSwitch } from "./pageSwitch";
