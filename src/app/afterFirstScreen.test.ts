// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAfterFirstScreen } from "./afterFirstScreen";

function fakeRouter(initialized: boolean) {
  const listeners = new Set<(state: { initialized: boolean }) => void>();
  const router = {
    state: { initialized },
    subscribe(listener: (state: { initialized: boolean }) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    finishFirstLoad() {
      router.state = { initialized: true };
      listeners.forEach((listener) => listener(router.state));
    },
    listenerCount: () => listeners.size,
  };
  return router;
}

describe("work after the first screen (session detection)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits for the first page's data, then for an idle moment", () => {
    const stop = vi.fn();
    const auth = { watchSession: vi.fn(() => stop) };
    const router = fakeRouter(false);
    const { unmount } = renderHook(() => useAfterFirstScreen(router, auth.watchSession));

    vi.advanceTimersByTime(5000);
    expect(auth.watchSession).not.toHaveBeenCalled();

    router.finishFirstLoad();
    expect(auth.watchSession).not.toHaveBeenCalled(); // not during the first page's render
    vi.advanceTimersByTime(1000);
    expect(auth.watchSession).toHaveBeenCalledTimes(1);
    expect(router.listenerCount()).toBe(0);

    unmount();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it("starts once when the router is ready already, and never after an unmount that came first", () => {
    const auth = { watchSession: vi.fn(() => () => undefined) };
    const ready = renderHook(() => useAfterFirstScreen(fakeRouter(true), auth.watchSession));
    vi.advanceTimersByTime(1000);
    expect(auth.watchSession).toHaveBeenCalledTimes(1);
    ready.unmount();

    const early = renderHook(() => useAfterFirstScreen(fakeRouter(true), auth.watchSession));
    early.unmount();
    vi.advanceTimersByTime(5000);
    expect(auth.watchSession).toHaveBeenCalledTimes(1);
  });
});
