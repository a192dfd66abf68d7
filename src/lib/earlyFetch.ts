/**
 * Requests sent before the code that reads them has loaded (the entry sends them while the app's code downloads).
 * The returned fetch hands each one, once, to the first call for the same address and the same request; any other
 * call, and a later one for that address, is a request of its own.
 */
export function earlyFetch(
  requests: readonly (readonly [url: string, init?: RequestInit])[],
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): typeof fetch {
  const sent = new Map<string, { init?: RequestInit; answer: Promise<Response> }>();
  for (const [url, init] of requests) {
    if (sent.has(url)) continue;
    const answer = fetchImpl(url, init);
    answer.catch(() => undefined); // the call that takes it sees the failure
    sent.set(url, { init, answer });
  }
  return (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : undefined;
    const early = url === undefined ? undefined : sent.get(url);
    if (early && early.init === init) {
      sent.delete(url!);
      return early.answer;
    }
    return fetchImpl(input, init);
  };
}
