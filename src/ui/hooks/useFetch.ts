import { useCallback, useEffect, useMemo, useState } from "react";

export type FetchState<T> = { status: "loading" } | { status: "error"; error: unknown } | { status: "ready"; data: T };

const LOADING = { status: "loading" } as const;

/**
 * Runs `load` on mount and whenever `key` changes (compared with Object.is), aborting the previous run;
 * `reload` runs it again. With `initial`, the first run is skipped: that data (from the page's loader) stands for it.
 * A result only counts for the run that produced it, so stale or aborted runs never show. With `keepWhileLoading`, the
 * last data stays while the next run loads (the same thing read again, as a page's reload does): nothing blinks away.
 */
export function useFetch<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: unknown,
  initial?: T,
  { keepWhileLoading = false } = {},
) {
  const [generation, setGeneration] = useState(0);
  // A fresh identity per run: results are kept with the run they belong to.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new identity whenever key or generation change
  const run = useMemo(() => ({}), [key, generation]);
  const [firstRun] = useState(run);
  const [result, setResult] = useState<{ run: object; state: FetchState<T> }>();
  const useInitial = initial !== undefined && run === firstRun;

  useEffect(() => {
    if (useInitial) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => controller.signal.aborted || setResult({ run, state: { status: "ready", data } }),
      (error: unknown) => controller.signal.aborted || setResult({ run, state: { status: "error", error } }),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `run` changes exactly when a new load is due
  }, [run]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const state: FetchState<T> = useInitial
    ? { status: "ready", data: initial }
    : result?.run === run || (keepWhileLoading && result?.state.status === "ready")
      ? result.state
      : LOADING;
  return { state, reload };
}
