/**
 * The console's routing: react-router in data mode (routes with loaders, error elements, `useBlocker`,
 * `useRevalidator`), imported from here only (lint refuses `react-router` elsewhere), with what it leaves to the app:
 * positions for entries the browser makes itself, links in any letter case, scroll and focus after a page switch, and
 * router updates drawn at once rather than as transitions.
 */
export * from "react-router";
export { RouterProvider } from "./provider";
export { createBrowserRouter } from "./browserRouter";
export { Link, NavLink } from "./links";
export { useLeavingPage, usePageSwitch } from "./pageSwitch";
export { isSamePage } from "./pagePath";
