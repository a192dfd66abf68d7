import type { ComponentType, ReactElement } from "react";
import type { ApiClient } from "../api/client";
import type { Features } from "../environment/environment";
import type { MenuItem, MenuLeaf } from "../menu/menu";

/**
 * What a page's loader gets: the API client, the realm's feature flags, the route's params, the request (its signal
 * aborts stale loads), and the menu with the item this route was made from (content pages find their module there).
 */
export type PageLoaderArgs = {
  api: ApiClient;
  features: Features;
  params: Readonly<Record<string, string | undefined>>;
  request: Request;
  menu: readonly MenuItem[];
  item?: MenuLeaf;
};

/**
 * A page's first data. The router runs it before the page renders, in parallel with loading the page's code; when it
 * fails, the route fails and the error dialog shows.
 */
export type PageLoader<T> = (args: PageLoaderArgs) => Promise<T>;

/** What a page component gets from its route: its loader's data, and a way to load it again. */
export type PageProps<T> = {
  data: T;
  /** True while `reload` runs. */
  reloading: boolean;
  /** Loads the page's data again (after a change, or on "Refresh"). */
  reload: () => Promise<void>;
};

/** The reload state a route hands to a page view. */
export type ReloadState = Omit<PageProps<unknown>, "data">;

/** A loaded page: its code and its data, bound together. */
export type PageView = { render: (state: ReloadState) => ReactElement };

/** A page's code, loaded on demand: its default export is the screen. */
export type PageModule<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A page as the registry holds it. Its data type was checked by `definePage` and stays inside `load`, which loads the
 * code and the data in parallel and binds them, so the router never casts a page's data.
 */
export type PageDefinition = {
  /** Starts loading the page's code (ahead of the router, or on a user's intent); cached by the bundler. */
  module: () => Promise<unknown>;
  load: (args: PageLoaderArgs) => Promise<PageView>;
};

/**
 * A screen: its code and its loader. The loader's result must be what the component's `data` prop takes, or this does
 * not compile. A page without a loader takes no data.
 */
export function definePage<T>(page: { module: PageModule<PageProps<T>>; loader: PageLoader<T> }): PageDefinition;
export function definePage(page: { module: PageModule<PageProps<undefined>> }): PageDefinition;
export function definePage<T>(
  page:
    | { module: PageModule<PageProps<T>>; loader: PageLoader<T> }
    | { module: PageModule<PageProps<undefined>>; loader?: undefined },
): PageDefinition {
  return page.loader ? bind(page.module, page.loader) : bind(page.module, async () => undefined);
}

function bind<T>(module: PageModule<PageProps<T>>, loader: PageLoader<T>): PageDefinition {
  return {
    module,
    async load(args) {
      const [{ default: Page }, data] = await Promise.all([module(), loader(args)]);
      // Keyed by the address: another page of the same component (two content pages) starts afresh, a reload does not.
      const key = new URL(args.request.url).pathname;
      return { render: (state) => <Page key={key} data={data} {...state} /> };
    },
  };
}

/** Tells a page view from anything else a router may hold. */
export function isPageView(value: unknown): value is PageView {
  return typeof value === "object" && value !== null && typeof (value as Partial<PageView>).render === "function";
}
