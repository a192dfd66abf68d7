import type { RouteObject } from "../../lib/routing";
import type { ApiClient } from "../../api/client";
import type { Features } from "../../environment/environment";
import type { PageDefinition } from "../../pages/page";
import { PageSkeleton } from "../layout/PageSkeleton";
import { menuLeaves, type MenuItem, type MenuLeaf } from "../../menu/menu";
import { PAGES, UNLISTED_ROUTES } from "./pages";
import { RouteError } from "./RouteError";
import { RoutedPage } from "./RoutedPage";
import { trimSlashes } from "../../lib/paths";

/** What every page route shares: the API client, the realm's feature flags and the (feature-filtered) menu. */
export type RouteContext = { api: ApiClient; features: Features; menu: MenuItem[] };

/** A page route's `handle`: the message key of its title where no menu item names the page (UNLISTED_ROUTES). */
export type PageHandle = { title?: string };

/** A route for each page of the (already feature-filtered) menu, plus the unlisted pages whose flag is on. */
export function pageRoutes(menu: MenuItem[], features: Features, api: ApiClient, pages = PAGES): RouteObject[] {
  const wanted: { path: string; page: string; item?: MenuLeaf; title?: string }[] = [
    ...menuLeaves(menu).map((item) => ({
      path: trimSlashes(item.path),
      page: item.modulePath ? "content" : (item.id ?? item.path),
      item,
    })),
    ...UNLISTED_ROUTES.filter((route) => route.feature === undefined || features[route.feature]),
  ];
  const seen = new Set<string>();
  return wanted.flatMap(({ path, page, item, title }) => {
    const definition = pages[trimSlashes(page)];
    if (!definition || seen.has(path)) return [];
    seen.add(path);
    return [{ ...pageRoute(path, definition, { api, features, menu }, item), handle: { title } satisfies PageHandle }];
  });
}

/** The route of one page: its loader loads the page's code and data together, `RoutedPage` draws them. */
export function pageRoute(
  path: string,
  definition: PageDefinition,
  { api, features, menu }: RouteContext,
  item?: MenuLeaf,
): RouteObject {
  return {
    ...(path === "" ? { index: true } : { path }),
    loader: ({ params, request }) => definition.load({ api, features, params, request, menu, item }),
    Component: RoutedPage,
    hydrateFallbackElement: <PageSkeleton />,
    errorElement: <RouteError />,
  };
}

/** Starts loading a menu item's page code when the user shows intent (pointer over it, keyboard focus on it). */
export function prefetchMenuPage(item: { id?: string; path: string; modulePath?: string }, pages = PAGES): void {
  pages[item.modulePath ? "content" : trimSlashes(item.id ?? item.path)]?.module().catch(() => undefined);
}
