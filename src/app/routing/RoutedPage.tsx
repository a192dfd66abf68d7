import { useMemo, type ComponentType } from "react";
import { useLoaderData, useRevalidator } from "react-router";
import { PageDataContext } from "../../ui/pageData";

/**
 * The route's component for a page: reads the loader's data from the router and hands it to the page through
 * `PageDataContext`. The page's element is made once, so the page draws again only when its data (or its reload
 * state) changes, not on each change of the router's state, such as the navigation that leaves it.
 */
export function routedPage(Page: ComponentType): ComponentType {
  function RoutedPage() {
    const data = useLoaderData();
    const { revalidate, state } = useRevalidator();
    const reloading = state === "loading";
    const value = useMemo(() => ({ data, reloading, reload: revalidate }), [data, reloading, revalidate]);
    const page = useMemo(() => <Page />, []);
    return <PageDataContext value={value}>{page}</PageDataContext>;
  }
  RoutedPage.displayName = `RoutedPage(${Page.displayName ?? Page.name})`;
  return RoutedPage;
}
