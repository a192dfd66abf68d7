import { useEffect } from "react";

/** What the hook needs of react-router's data router. */
type RouterLike = {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
};

/** How long the work after the first screen may wait for an idle moment after the first screen. */
export const IDLE_TIMEOUT_MS = 1000;

/**
 * Runs `start` once the first screen has its code and data and the browser is idle after drawing it, and its cleanup
 * on unmount. For what the first screen does not need but the next ones do: session detection (Keycloak's status
 * frame is same-origin, so loading it while the first page renders would slow that render), and warming up what a
 * later page would otherwise pay for on its first visit.
 */
export function useAfterFirstScreen(router: RouterLike, start: () => (() => void) | void) {
  useEffect(() => {
    let stop: (() => void) | void | undefined;
    let started = false;
    let cancelWait: (() => void) | undefined;
    const begin = () => {
      cancelWait ??= whenIdle(() => {
        if (started) return;
        started = true;
        stop = start();
      });
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
  }, [router, start]);
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
