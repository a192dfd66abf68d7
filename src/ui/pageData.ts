import { useLoaderData, useRevalidator } from "react-router";
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

/** The data the page's loader returned. */
export function usePageData<T>(): T {
  return useLoaderData() as T;
}

/** Loads the page's data again (after a change, or on "Refresh"); `reloading` is true meanwhile. */
export function useReloadPage() {
  const revalidator = useRevalidator();
  return { reload: () => revalidator.revalidate(), reloading: revalidator.state === "loading" };
}
