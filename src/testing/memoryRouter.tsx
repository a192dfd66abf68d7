import { useState, type ReactNode } from "react";
import {
  createRouter,
  newKey,
  parsePath,
  RouterProvider,
  type History,
  type Location,
  type RouteObject,
} from "../lib/routing";

/** Routers for tests: the addresses are a list in memory, with back and forward. */

function memoryHistory(initialEntries: string[]): History {
  const entries: Location[] = (initialEntries.length ? initialEntries : ["/"]).map((entry) => ({
    ...parsePath(entry),
    state: null,
    key: newKey(),
  }));
  let current = entries.length - 1;
  let listener: ((location: Location, index: number) => void) | undefined;
  return {
    location: () => entries[current]!,
    index: () => current,
    push(location) {
      entries.splice(current + 1, entries.length, location);
      current = entries.length - 1;
    },
    replace(location) {
      entries[current] = location;
    },
    go(delta) {
      const next = Math.min(Math.max(current + delta, 0), entries.length - 1);
      if (next === current) return;
      current = next;
      setTimeout(() => listener?.(entries[current]!, current));
    },
    listen: (next) => void (listener = next),
    href: (location) => location.pathname + location.search + location.hash,
  };
}

/** A router on a list of addresses in memory; the last one is shown first. */
export function createMemoryRouter(routes: RouteObject[], options: { initialEntries?: string[] } = {}) {
  return createRouter(routes, memoryHistory(options.initialEntries ?? ["/"]));
}

/** Routes for tests of one component: `children` at any address. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([{ path: "*", element: children }], { initialEntries }));
  return <RouterProvider router={router} />;
}
