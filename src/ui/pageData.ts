import { createContext, useContext } from "react";
import type { ApiClient } from "../api/client";
import type { Features } from "../environment/environment";

/**
 * What a page's loader gets: the API client, the realm's feature flags, the route's params and the request (its
 * signal aborts stale loads).
 */
export type PageLoaderArgs = {
  api: ApiClient;
  features: Features;
  params: Readonly<Record<string, string | undefined>>;
  request: Request;
};

/**
 * A page's first data. The router runs it before the page renders, in parallel with loading the page's code;
 * when it fails, the route fails and the error dialog shows (as the spec asks for a page that cannot load).
 */
export type PageLoader<T> = (args: PageLoaderArgs) => Promise<T>;

export type PageDataValue = {
  data: unknown;
  reloading: boolean;
  reload: () => Promise<void>;
};

/**
 * The route's data, handed to the page by its route (`RoutedPage`) instead of read from the router: a component that
 * reads the router's state renders again on every change of it, and leaving a page is one (the 100 fields of a big
 * profile drew once more just before the page went).
 */
export const PageDataContext = createContext<PageDataValue | null>(null);

function usePageDataValue(): PageDataValue {
  const value = useContext(PageDataContext);
  if (value === null) throw new Error("usePageData is for pages rendered by their route");
  return value;
}

/** The data the page's loader returned. */
export function usePageData<T>(): T {
  return usePageDataValue().data as T;
}

/** Loads the page's data again (after a change, or on "Refresh"); `reloading` is true meanwhile. */
export function useReloadPage(): Pick<PageDataValue, "reload" | "reloading"> {
  const { reload, reloading } = usePageDataValue();
  return { reload, reloading };
}
