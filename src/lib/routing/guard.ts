import type { Blocker, BlockerFunction, HistoryAction, Location, RouterState } from "./types";

export const UNBLOCKED: Blocker = { state: "unblocked" };

/**
 * The guard behind `useBlocker`: asks the registered function before a page switch, and holds the switch until the
 * user proceeds (the switch runs) or stays (nothing changes). The router undoes a held back/forward step itself.
 */
export function createGuard(read: () => RouterState, setBlocker: (blocker: Blocker) => void) {
  let shouldBlock: BlockerFunction | undefined;
  return {
    /** Holds the switch to `nextLocation` when the guard says so; `go` makes it if the user proceeds. */
    hold(nextLocation: Location, historyAction: HistoryAction, go: () => void): boolean {
      const { blocker, location } = read();
      if (!shouldBlock || blocker.state === "proceeding") return false;
      if (!shouldBlock({ currentLocation: location, nextLocation, historyAction })) return false;
      setBlocker({
        state: "blocked",
        location: nextLocation,
        proceed: () => {
          setBlocker({ state: "proceeding", location: nextLocation });
          go();
        },
        reset: () => setBlocker(UNBLOCKED),
      });
      return true;
    },
    register(next: BlockerFunction): () => void {
      shouldBlock = next;
      return () => {
        if (shouldBlock === next) shouldBlock = undefined;
        if (read().blocker.state === "blocked") setBlocker(UNBLOCKED);
      };
    },
  };
}
