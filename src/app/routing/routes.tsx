import type { RouteObject } from "react-router";
import type { ApiClient } from "../../api/client";
import type { Features } from "../../environment/environment";
import { contentLoader } from "../../pages/content/loader";
import { LoadingState } from "../../ui/LoadingState";
import { menuLeaves, type MenuItem, type MenuLeaf } from "../layout/menu";
import { PAGES, UNLISTED_ROUTES, type PageDefinition } from "./pages";
import { RouteError } from "./RouteError";
import { routedPage } from "./RoutedPage";

/** A route for each page of the (already feature-filtered) menu, plus the unlisted pages whose flag is on. */
export function pageRoutes(menu: MenuItem[], features: Features, api: ApiClient, pages = PAGES): RouteObject[] {
  const wanted: { path: string; page: string; leaf?: MenuLeaf }[] = [
    ...menuLeaves(menu).map((leaf) => ({
      path: trimSlashes(leaf.path),
      page: leaf.modulePath ? "content" : (leaf.id ?? leaf.path),
      leaf,
    })),
    ...UNLISTED_ROUTES.filter((route) => route.feature === undefined || features[route.feature]),
  ];
  const seen = new Set<string>();
  return wanted.flatMap(({ path, page, leaf }) => {
    const definition = pages[trimSlashes(page)];
    if (!definition || seen.has(path)) return [];
    seen.add(path);
    // A content page's data is its menu item: the leaf it was routed from, or the one `:componentId` names.
    const content =
      page === "content"
        ? contentLoader(menu, leaf?.modulePath ? { label: leaf.label, path, modulePath: leaf.modulePath } : undefined)
        : undefined;
    return [pageRoute(path, content ? { ...definition, loader: content } : definition, api, features)];
  });
}

export function pageRoute(
  path: string,
  { module, loader }: PageDefinition,
  api: ApiClient,
  features: Features,
): RouteObject {
  return {
    ...(path === "" ? { index: true } : { path }),
    lazy: async () => ({ Component: routedPage((await module()).default) }),
    loader: loader && (({ params, request }) => loader({ api, features, params, request })),
    hydrateFallbackElement: <LoadingState />,
    errorElement: <RouteError />,
  };
}

/**
 * Starts loading the code of the page at `pathname` ahead of the router (during sign-in), so the first route does
 * not wait for it. A hint only: the router still decides which page that path is.
 */
export function preloadPageCode(pathname: string, base: string, pages = PAGES): void {
  const decoded = decodeURIComponent(pathname);
  if (!decoded.startsWith(base)) return;
  pages[trimSlashes(decoded.slice(base.length))]?.module().catch(() => undefined);
}

/** Starts loading a menu item's page code when the user shows intent (pointer over it, keyboard focus on it). */
export function prefetchMenuPage(item: { id?: string; path: string; modulePath?: string }, pages = PAGES): void {
  pages[item.modulePath ? "content" : trimSlashes(item.id ?? item.path)]?.module().catch(() => undefined);
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, "");
}
