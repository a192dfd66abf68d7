import { navigate as browserNavigate } from "wouter/use-browser-location";
import type { Location } from "./types";

/**
 * Where addresses live: the browser's history (wouter's navigation writes it); tests use a list in memory
 * (src/testing/memoryRouter.tsx). Each
 * entry carries its position, so that a back/forward step the leave guard holds can be undone by exactly its size.
 */
export type History = {
  location(): Location;
  /** The current entry's position. */
  index(): number;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  /** Back/forward steps, and entries the browser made itself (a `#fragment` link). */
  listen(listener: (location: Location, index: number) => void): void;
  href(location: Pick<Location, "pathname" | "search" | "hash">): string;
};

/** What the console keeps in `history.state`. */
type EntryState = { usr?: unknown; key?: string; idx?: number };

export function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

export function parsePath(path: string): Pick<Location, "pathname" | "search" | "hash"> {
  const url = new URL(path, "http://router.invalid/");
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** The address under `base`, or null when it is outside it. Case-insensitive, as the matching is. */
export function stripBase(pathname: string, base: string): string | null {
  if (base === "") return pathname;
  for (const candidate of [pathname, safeDecodeURI(pathname)]) {
    if (!candidate.toLowerCase().startsWith(base.toLowerCase())) continue;
    const rest = candidate.slice(base.length);
    if (rest === "" || rest.startsWith("/")) return rest || "/";
  }
  return null;
}

function safeDecodeURI(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path; // a malformed escape: compare the raw address
  }
}

export function browserHistory(basename: string): History {
  const base = basename.replace(/\/+$/, "");
  const entry = () => (window.history.state ?? {}) as EntryState;
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    return {
      pathname: stripBase(pathname, base) ?? pathname,
      search,
      hash,
      state: entry().usr ?? null,
      key: entry().key ?? "default",
    };
  };
  const href = (location: Pick<Location, "pathname" | "search" | "hash">) =>
    (base === "" ? location.pathname : location.pathname === "/" ? `${base}/` : base + location.pathname) +
    location.search +
    location.hash;
  const stamp = (idx: number) =>
    window.history.replaceState({ ...entry(), key: entry().key ?? newKey(), idx } satisfies EntryState, "");
  let current = entry().idx ?? 0;
  if (entry().idx === undefined) stamp(0);
  const write = (location: Location, idx: number, replace: boolean) =>
    browserNavigate(href(location), { replace, state: { usr: location.state, key: location.key, idx } });
  return {
    location: read,
    index: () => current,
    push(location) {
      current++;
      write(location, current, false);
    },
    replace: (location) => write(location, current, true),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      window.addEventListener("popstate", () => {
        // An entry without a position is one the browser just made after the current one (a `#fragment` link, a
        // fragment typed into the address bar): every step through history lands on an entry already stamped.
        if (entry().idx === undefined) stamp(current + 1);
        current = entry().idx!;
        listener(read(), current);
      });
    },
    href,
  };
}
