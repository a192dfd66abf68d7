import { useCallback, useSyncExternalStore } from "react";
import { useApi } from "../../api/ApiContext";
import type { ApiClient } from "../../api/client";
import type { PageDefinition } from "../../pages/page";
import { PAGES } from "./pages";

// The numbers the menu shows beside pages that declare a badge, per API client (one signed-in console) and page:
// counted after the first screen, and again whenever the page loads, so the menu follows what the user did.
type Count = { value?: number; listeners: Set<() => void> };
const counts = new WeakMap<ApiClient, Map<PageDefinition, Count>>();

function countOf(api: ApiClient, page: PageDefinition): Count {
  let pages = counts.get(api);
  if (!pages) {
    pages = new Map();
    counts.set(api, pages);
  }
  let count = pages.get(page);
  if (!count) {
    count = { listeners: new Set() };
    pages.set(page, count);
  }
  return count;
}

export function setMenuCount(api: ApiClient, page: PageDefinition, value: number): void {
  const count = countOf(api, page);
  if (count.value === value) return;
  count.value = value;
  count.listeners.forEach((listener) => listener());
}

/** The page's number for the menu, or undefined until it was counted. */
export function useMenuCount(page: PageDefinition): number | undefined {
  const api = useApi();
  const subscribe = useCallback(
    (listener: () => void) => {
      const { listeners } = countOf(api, page);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    [api, page],
  );
  return useSyncExternalStore(subscribe, () => counts.get(api)?.get(page)?.value);
}

/** Counts every page's badge (after the first screen): each page's counting code loads only now. */
export function countMenuBadges(api: ApiClient, signal: AbortSignal, pages = PAGES): void {
  for (const page of Object.values(pages)) {
    page.withParts(({ menuBadge }) => {
      if (!menuBadge) return;
      void menuBadge.count().then(
        async (count) => {
          const value = await count(api, signal);
          if (value !== undefined && !signal.aborted) setMenuCount(api, page, value);
        },
        (error: unknown) => console.warn("A menu badge's code could not be loaded.", error),
      );
    });
  }
}
