import { useState } from "react";
import { useAlerts } from "../alerts/AlertContext";

export type Change = {
  /** True while a change runs: its buttons show progress and refuse a second click. */
  busy: boolean;
  /**
   * Runs `change` (the call, then what follows when it worked: the success alert, a reload). A failure anywhere in it
   * becomes the danger alert `errorKey` (with `describe(error)` as the error) and the answer false: nothing that comes
   * after the failed step runs, so nothing claims success.
   */
  run(errorKey: string, change: () => Promise<void>, describe?: (error: unknown) => unknown): Promise<boolean>;
};

/** A change the user asked for (save, remove, unlink): one at a time, busy while it runs, its failure reported. */
export function useChange(): Change {
  const { addError } = useAlerts();
  const [busy, setBusy] = useState(false);
  const run: Change["run"] = async (errorKey, change, describe = (error) => error) => {
    setBusy(true);
    try {
      await change();
      return true;
    } catch (error) {
      addError(errorKey, describe(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** What ConfirmDialog takes from a confirmed change: open while an item is asked about, busy while it runs. */
export type ConfirmDialogState = { isOpen: boolean; busy: boolean; onConfirm: () => void; onCancel: () => void };

/**
 * A change of one item of a list that a dialog confirms first: `ask(item)` opens the dialog; Confirm runs `change`,
 * closes the dialog whatever the answer, and then shows `success(item)` and calls `then` (a reload) when it worked,
 * or the danger alert `errorKey` when it did not.
 */
export function useConfirmedChange<T>({
  change,
  success,
  errorKey,
  describe,
  then,
}: {
  change: (item: T) => Promise<unknown>;
  success: (item: T) => string;
  errorKey: string;
  describe?: (error: unknown) => unknown;
  then: () => unknown;
}): { item: T | undefined; ask: (item: T) => void; dialog: ConfirmDialogState } {
  const { addAlert } = useAlerts();
  const { busy, run } = useChange();
  const [item, setItem] = useState<T>();
  const confirm = async (asked: T) => {
    try {
      await change(asked);
    } finally {
      setItem(undefined);
    }
    addAlert(success(asked));
    await then();
  };
  return {
    item,
    ask: setItem,
    dialog: {
      isOpen: item !== undefined,
      busy,
      onConfirm: () => void (item !== undefined && run(errorKey, () => confirm(item), describe)),
      onCancel: () => setItem(undefined),
    },
  };
}
