/** A fetch that also takes requests sent before the code that reads them had loaded. */
export type EarlyFetch = typeof fetch & {
  /**
   * Sends a GET as soon as `init` is there (a token, say), whose answer the first GET call for `url` takes, whatever
   * that call's own headers and signal (the caller builds them anew each time). Claimed now, so a call made before
   * the request leaves still takes it rather than asking a second time.
   */
  sendForAnyGet(url: string, init: Promise<RequestInit>): void;
};

type Sent = { init?: RequestInit; anyGet: boolean; answer: Promise<Response> };

/**
 * Requests sent before the code that reads them has loaded (the entry sends them while the app's code downloads).
 * The returned fetch hands each one, once, to the first call for the same address and the same request; any other
 * call, and a later one for that address, is a request of its own.
 */
export function earlyFetch(
  requests: readonly (readonly [url: string, init?: RequestInit])[],
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): EarlyFetch {
  const sent = new Map<string, Sent>();
  const keep = (url: string, entry: Sent) => {
    entry.answer.catch(() => undefined); // the call that takes it sees the failure
    sent.set(url, entry);
  };
  for (const [url, init] of requests)
    if (!sent.has(url)) keep(url, { init, anyGet: false, answer: fetchImpl(url, init) });

  const fetchFirst = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : undefined;
    const early = url === undefined ? undefined : sent.get(url);
    const isGet = (init?.method ?? "GET").toUpperCase() === "GET";
    if (early && (early.init === init || (early.anyGet && isGet))) {
      sent.delete(url!);
      return early.answer;
    }
    return fetchImpl(input, init);
  };
  return Object.assign(fetchFirst, {
    sendForAnyGet(url: string, init: Promise<RequestInit>) {
      if (sent.has(url)) return;
      keep(url, { anyGet: true, answer: init.then((ready) => fetchImpl(url, { ...ready, method: "GET" })) });
    },
  });
}
