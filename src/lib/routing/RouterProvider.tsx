import {
  Component,
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { Router as WouterRouter } from "wouter";
import { stripBase } from "./history";
import type { Blocker, BlockerFunction, Location, Navigation, Router, RouterState } from "./types";
import { UNBLOCKED } from "./guard";

/** React's view of the router: the provider, the route levels with their error boundaries, and the hooks. */

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
/** The match index the nearest `Outlet` below draws. */
const DepthContext = createContext(0);
const RouteErrorContext = createContext<unknown>(undefined);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error("This component must be inside a RouterProvider.");
  return router;
}

function useRouterState(): RouterState {
  const routerState = useContext(StateContext);
  if (!routerState) throw new Error("This component must be inside a RouterProvider.");
  return routerState;
}

/**
 * wouter's location hook, fed by the router: its links and `useSearch` see the page shown (not an address whose
 * data is still loading), and its navigation goes through the router (loaders, the leave guard).
 */
function wouterHooks(router: Router) {
  const useShownLocation = (): [string, (to: string, options?: { replace?: boolean; state?: unknown }) => void] => [
    router.basename + useRouterState().location.pathname,
    (to, options) => {
      const url = new URL(to, window.location.origin);
      const inside = stripBase(url.pathname, router.basename);
      if (inside === null) window.location.assign(to);
      else void router.navigate(inside + url.search + url.hash, options);
    },
  ];
  const useShownSearch = () => useRouterState().location.search;
  return { hook: useShownLocation, searchHook: useShownSearch };
}

export function RouterProvider({ router }: { router: Router }) {
  const routerState = useSyncExternalStore(
    (listener) => router.subscribe(listener),
    () => router.state,
  );
  const [hooks] = useState(() => wouterHooks(router));
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={routerState}>
        <WouterRouter base={router.basename} hook={hooks.hook} searchHook={hooks.searchHook}>
          <RouteLevel depth={0} />
        </WouterRouter>
      </StateContext.Provider>
    </RouterContext.Provider>
  );
}

function RouteLevel({ depth }: { depth: number }) {
  const routerState = useRouterState();
  const match = routerState.matches[depth];
  if (!match) return null;
  const { route } = match;
  if (!routerState.initialized && route.loader) return <>{route.hydrateFallbackElement ?? null}</>;
  const content =
    routerState.error && routerState.error.index === depth ? (
      <RouteErrorContext.Provider value={routerState.error.value}>
        {route.errorElement ?? null}
      </RouteErrorContext.Provider>
    ) : route.Component ? (
      <route.Component />
    ) : route.element !== undefined ? (
      route.element
    ) : (
      <Outlet />
    );
  const level = <DepthContext.Provider value={depth + 1}>{content}</DepthContext.Provider>;
  return route.errorElement ? (
    <ErrorBoundary fallback={route.errorElement} resetKey={routerState.location.key}>
      {level}
    </ErrorBoundary>
  ) : (
    level
  );
}

class ErrorBoundary extends Component<
  { fallback: ReactNode; resetKey: string; children: ReactNode },
  { error: { value: unknown } | null; resetKey: string }
> {
  state = { error: null as { value: unknown } | null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(value: unknown) {
    return { error: { value } };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { resetKey: string }) {
    // Another address: try drawing again.
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  render() {
    return this.state.error ? (
      <RouteErrorContext.Provider value={this.state.error.value}>{this.props.fallback}</RouteErrorContext.Provider>
    ) : (
      this.props.children
    );
  }
}

/** Where a route draws the route below it. */
export function Outlet() {
  return <RouteLevel depth={useContext(DepthContext)} />;
}

/** The address of the page shown. */
export function useLocation(): Location {
  return useRouterState().location;
}

export function useNavigation(): Navigation {
  return useRouterState().navigation;
}

export function useNavigate(): Router["navigate"] {
  return useRouter().navigate;
}

/** The data of the route that draws this component. */
export function useLoaderData(): unknown {
  const depth = useContext(DepthContext) - 1;
  return useRouterState().loaderData[depth];
}

export function useRevalidator(): { revalidate: () => Promise<void>; state: "idle" | "loading" } {
  const router = useRouter();
  return { revalidate: router.revalidate, state: useRouterState().revalidation };
}

export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

/** Holds page switches (links, back and forward) while `shouldBlock` says so, until the user proceeds or stays. */
export function useBlocker(shouldBlock: boolean | BlockerFunction): Blocker {
  const router = useRouter();
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(
    () =>
      router.block((args) => {
        const current = latest.current;
        return typeof current === "function" ? current(args) : current;
      }),
    [router],
  );
  return useRouterState().blocker ?? UNBLOCKED;
}
