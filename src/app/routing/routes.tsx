import { useMemo, type ComponentType } from "react";
import {
  useLoaderData,
  useLocation,
  useRevalidator,
  type LoaderFunctionArgs,
  type RouteObject,
} from "../../lib/routing";
import type { ApiClient } from "../../api/client";
import type { Features } from "../../environment/environment";
import type { PageDefinition, PageLoader, PageProps } from "../../pages/page";
import { PageSkeleton } from "../layout/PageSkeleton";
import { menuLeaves, type MenuItem, type MenuLeaf } from "../../menu/menu";
import { PAGES, UNLISTED_ROUTES } from "./pages";
import { RouteError } from "./RouteError";
import { setMenuCount } from "./menuBadges";
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

/**
 * The route of one page: react-router loads its screen and its loader in parallel (`lazy`), runs the loader, then
 * draws the screen with the data. A failed import or loader shows the error dialog.
 */
export function pageRoute(path: string, page: PageDefinition, context: RouteContext, item?: MenuLeaf): RouteObject {
  return {
    ...(path === "" ? { index: true } : { path }),
    lazy: page.withParts(({ Component, loader, menuBadge }) => ({
      Component: async () => routedPage((await Component()).default),
      ...(loader && {
        loader: async () =>
          boundLoader(await loader(), context, item, (data) => {
            if (menuBadge) setMenuCount(context.api, page, menuBadge.fromData(data));
          }),
      }),
    })),
    hydrateFallbackElement: <PageSkeleton />,
    errorElement: <RouteError />,
  };
}

/** A page's loader as react-router calls it, with what every loader gets; `loaded` sees each result. */
function boundLoader<T>(
  load: PageLoader<T>,
  { api, features, menu }: RouteContext,
  item: MenuLeaf | undefined,
  loaded: (data: T) => void,
) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const data = await load({ api, features, menu, item, params, request });
    loaded(data);
    return data;
  };
}

/**
 * The route's component: the screen with its loader's data, `reload` and `reloading`. The screen's element is made
 * once per state, so it draws again only when its data or its reload state changes, not on each change of the
 * router's state (such as the navigation that leaves it).
 */
function routedPage<T>(Page: ComponentType<PageProps<T>>): ComponentType {
  return function RoutedPage() {
    // This route's loader is boundLoader's, typed by the same T (pageRoute): react-router's store keeps no types.
    const data = useLoaderData<T>() as T;
    const { revalidate, state } = useRevalidator();
    const reloading = state === "loading";
    // Keyed by the address: another page of the same route (two content pages) starts afresh, a reload does not.
    const { pathname } = useLocation();
    return useMemo(
      () => <Page key={pathname} data={data} reloading={reloading} reload={revalidate} />,
      [pathname, data, reloading, revalidate],
    );
  };
}

/** The page a menu item shows, from the route table. */
export function menuPage(
  item: { id?: string; path: string; modulePath?: string },
  pages = PAGES,
): PageDefinition | undefined {
  return pages[item.modulePath ? "content" : trimSlashes(item.id ?? item.path)];
}

/** Starts loading a menu item's page (code and loader) when the user shows intent (pointer over it, keyboard focus). */
export function prefetchMenuPage(item: { id?: string; path: string; modulePath?: string }, pages = PAGES): void {
  void menuPage(item, pages)?.preload();
}
