import { useEffect } from "react";
import type { Auth } from "../auth/auth";

/** What the hook needs of react-router's data router. */
type RouterLike = {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
};

/** How long session detection may wait for an idle moment after the first screen. */
export const IDLE_TIMEOUT_MS = 1000;

/**
 * Session detection starts once the first screen has its code and data and the browser is idle after drawing it:
 * Keycloak's status frame is same-origin, so loading it while the first page renders would slow that render.
 */
export function useSessionWatchAfterFirstScreen(router: RouterLike, auth: Pick<Auth, "watchSession">) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelWait: (() => void) | undefined;
    const begin = () => {
      cancelWait ??= whenIdle(() => (stop ??= auth.watchSession()));
    };
    const unsubscribe = router.state.initialized
      ? undefined
      : router.subscribe((state) => {
          if (!state.initialized) return;
          unsubscribe?.();
          begin();
        });
    if (router.state.initialized) begin();
    return () => {
      unsubscribe?.();
      cancelWait?.();
      stop?.();
    };
  }, [router, auth]);
}

/** Runs `task` when the browser next has nothing to do (at the latest after IDLE_TIMEOUT_MS); returns the cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no idle callbacks: a short delay lets the first screen draw first.
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}
