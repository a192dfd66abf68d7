import { useCallback, useSyncExternalStore } from "react";
import { useApi } from "./ApiContext";
import type { ApiClient } from "./client";

// How many findings the security checkup has, per API client (one signed-in console): counted after the first screen,
// and again whenever the checkup page loads, so the menu's count follows what the user did.
type Count = { value?: number; listeners: Set<() => void> };
const counts = new WeakMap<ApiClient, Count>();

function countOf(api: ApiClient): Count {
  let count = counts.get(api);
  if (!count) {
    count = { listeners: new Set() };
    counts.set(api, count);
  }
  return count;
}

export function setCheckupCount(api: ApiClient, value: number): void {
  const count = countOf(api);
  if (count.value === value) return;
  count.value = value;
  count.listeners.forEach((listener) => listener());
}

/** The number of findings, or undefined until they were counted. */
export function useCheckupCount(): number | undefined {
  const api = useApi();
  const subscribe = useCallback(
    (listener: () => void) => {
      const { listeners } = countOf(api);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    [api],
  );
  return useSyncExternalStore(subscribe, () => counts.get(api)?.value);
}
