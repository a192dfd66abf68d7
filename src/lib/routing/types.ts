import type { ComponentType, ReactNode } from "react";

/** The words of the routing layer: where the user is, where a route goes, what the router knows. */

export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };
export type To = string | Partial<Pick<Location, "pathname" | "search" | "hash">>;
export type Params = Readonly<Record<string, string | undefined>>;
export type LoaderArgs = { params: Params; request: Request };

export type RouteObject = {
  /** A pattern relative to the parent: "groups", "content/:componentId", "*". */
  path?: string;
  /** The parent's own address. */
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType;
  /** Runs before the route shows; its result is the route's data. The request's signal aborts when it is superseded. */
  loader?: (args: LoaderArgs) => unknown;
  /** Shown when this route's loader fails, or its element throws while it draws. */
  errorElement?: ReactNode;
  /** Shown in this route's place until its first data is in. */
  hydrateFallbackElement?: ReactNode;
  children?: RouteObject[];
};

export type Match = { route: RouteObject; params: Params };

/** How the address changed: a new entry, the same entry rewritten, or a step through the browser's history. */
export type HistoryAction = "PUSH" | "REPLACE" | "POP";

export type Navigation = { state: "idle"; location?: undefined } | { state: "loading"; location: Location };

export type Blocker =
  | { state: "unblocked"; location?: undefined; proceed?: undefined; reset?: undefined }
  | { state: "blocked"; location: Location; proceed: () => void; reset: () => void }
  | { state: "proceeding"; location: Location; proceed?: undefined; reset?: undefined };

export type BlockerFunction = (args: {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: HistoryAction;
}) => boolean;

export type RouterState = {
  /** The first address's data is in (or its loader failed). */
  initialized: boolean;
  location: Location;
  /** How `location` was reached: the page-switch effects (scroll, focus) differ for back/forward. */
  historyAction: HistoryAction;
  matches: Match[];
  /** Loader results by match index. */
  loaderData: unknown[];
  /** A failed loader: its error and the index of the match whose error element shows it. */
  error: { value: unknown; index: number } | null;
  navigation: Navigation;
  revalidation: "idle" | "loading";
  blocker: Blocker;
};

export type Router = {
  readonly state: RouterState;
  /** The console's base path ("" in memory). */
  readonly basename: string;
  subscribe(listener: (state: RouterState) => void): () => void;
  navigate(to: To | number, options?: { replace?: boolean; state?: unknown }): Promise<void>;
  /** Runs the current routes' loaders again; a newer reload or a page switch aborts it. */
  revalidate(): Promise<void>;
  href(to: To): string;
  /** Registers the guard of `useBlocker`; returns its removal. */
  block(shouldBlock: BlockerFunction): () => void;
};
