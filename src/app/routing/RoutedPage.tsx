import { useMemo } from "react";
import { useLoaderData, useRevalidator } from "../../lib/routing";
import { isPageView } from "../../pages/page";

/**
 * The route's component for every page: draws the page view its loader made (the page's code and data, bound by
 * `definePage`). The page's element is made once per view, so the page draws again only when its data (or its reload
 * state) changes, not on each change of the router's state, such as the navigation that leaves it.
 */
export function RoutedPage() {
  const view = useLoaderData();
  if (!isPageView(view)) throw new Error("A page route's loader must come from its page definition (pageRoute).");
  const { revalidate, state } = useRevalidator();
  const reloading = state === "loading";
  return useMemo(() => view.render({ reloading, reload: revalidate }), [view, reloading, revalidate]);
}
