import type { ComponentType } from "react";
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

/** A page's first data. The router runs it before the page renders; when it fails, the error dialog shows. */
export type PageLoader<T> = (args: PageLoaderArgs) => Promise<T>;

/** What a page component gets from its route: its loader's data, and a way to load it again. */
export type PageProps<T> = {
  data: T;
  /** True while `reload` runs. */
  reloading: boolean;
  /** Loads the page's data again (after a change, or on "Refresh"). */
  reload: () => Promise<void>;
};

/**
 * A number the menu shows beside the page's item (the checkup's findings, say). The shell counts it after the first
 * screen, and takes it again from the page's data each time its loader runs.
 */
export type MenuBadge<T> = {
  /** Message key of the screen reader's words after the item's name, given `count`. */
  label: string;
  testId: string;
  /** Loads the counting code (after the first screen). It answers undefined when it could not count. */
  count: () => Promise<(api: ApiClient, signal: AbortSignal) => Promise<number | undefined>>;
  /** The number from the page's own data. */
  fromData: (data: T) => number;
};

/** A page's two halves as the route table names them, each loaded on demand (react-router's `lazy`), and its extras. */
export type PageParts<T> = {
  /** The screen: a module whose default export takes `PageProps<T>`. */
  Component: () => Promise<{ default: ComponentType<PageProps<T>> }>;
  /** Its loader; a page without one takes no data. */
  loader?: () => Promise<PageLoader<T>>;
  menuBadge?: MenuBadge<T>;
};

/**
 * A page of the route table. Its data type stays inside: `withParts` hands the typed halves to the code that makes
 * the route, so the loader's data reaches the screen without a cast anywhere.
 */
export type PageDefinition = {
  /**
   * Starts loading the page's code and loader (ahead of the router, or on a user's intent). A hint only: it never
   * fails, the router loads both again when the page opens and reports a failure then.
   */
  preload: () => Promise<void>;
  withParts: <R>(make: <T>(parts: PageParts<T>) => R) => R;
};

/**
 * A page: its screen and its loader. The loader's result must be what the screen's `data` prop takes, or this does
 * not compile. Imports nothing at run time, so the entry can load the route table before the app.
 */
export function definePage<T>(parts: Required<Omit<PageParts<T>, "menuBadge">> & PageParts<T>): PageDefinition;
export function definePage(parts: { Component: PageParts<undefined>["Component"] }): PageDefinition;
export function definePage<T>(parts: PageParts<T>): PageDefinition {
  return {
    preload: () =>
      Promise.all([parts.Component(), parts.loader?.()]).then(
        () => undefined,
        () => undefined,
      ),
    withParts: (make) => make(parts),
  };
}
