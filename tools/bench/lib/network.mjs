// @ts-check
// The requests of one page load, from the DevTools protocol: counts, bytes and the waterfall.

/**
 * @typedef {{ type: string, url: string, bytes: number, raw: number, sentAt: number, answeredAt?: number,
 *   finishedAt?: number, encoding?: string, failed?: string, status?: number }} Request
 */

/**
 * Records the requests of a page load: count, failures, and bytes by kind, both on the wire (what the browser
 * received, headers included, compressed where the server compressed) and raw (the bodies the server sent, after
 * decoding), and when each was sent, answered and finished (epoch ms, the browser's clock, as the page's own).
 * @param {import("@playwright/test").CDPSession} cdp
 */
export function recordNetwork(cdp) {
  /** @type {Map<string, Request>} */
  const requests = new Map();
  // CDP's `timestamp`s are a monotonic clock; `wallTime` (sent requests only) says where it is in epoch time.
  let wallOffset = 0;
  const wall = (/** @type {number} */ timestamp) => (timestamp + wallOffset) * 1000;
  /** @param {any} event */
  const sent = (event) => {
    wallOffset = event.wallTime - event.timestamp;
    // A redirect reuses the request id: keep the answered hop as a request of its own.
    const previous = requests.get(event.requestId);
    if (previous && event.redirectResponse) {
      requests.set(`${event.requestId}:${requests.size}`, {
        ...previous,
        status: event.redirectResponse.status,
        answeredAt: wall(event.timestamp),
        finishedAt: wall(event.timestamp),
      });
    }
    requests.set(event.requestId, {
      type: event.type ?? "Other",
      url: event.request.url,
      bytes: 0,
      raw: 0,
      sentAt: wall(event.timestamp),
    });
  };
  /** @param {any} event */
  const received = (event) => {
    const entry = requests.get(event.requestId);
    if (!entry) return;
    const headers = /** @type {Record<string, string>} */ (event.response.headers ?? {});
    const encoding = Object.entries(headers).find(([name]) => name.toLowerCase() === "content-encoding")?.[1];
    Object.assign(entry, {
      type: event.type ?? entry.type,
      status: event.response.status,
      encoding,
      answeredAt: wall(event.timestamp),
    });
  };
  /** @param {any} event */
  const data = (event) => {
    const entry = requests.get(event.requestId);
    // A 304's body comes from the browser's cache, not from the server: it counts neither way.
    if (entry && entry.status !== 304) entry.raw += event.dataLength;
  };
  /** @param {any} event */
  const finished = (event) => {
    const entry = requests.get(event.requestId);
    if (!entry) return;
    entry.bytes = event.encodedDataLength;
    entry.finishedAt = wall(event.timestamp);
  };
  /** @param {any} event */
  const failed = (event) => {
    const entry = requests.get(event.requestId);
    if (!entry) return;
    entry.failed = event.errorText;
    entry.finishedAt = wall(event.timestamp);
  };
  cdp.on("Network.requestWillBeSent", sent);
  cdp.on("Network.responseReceived", received);
  cdp.on("Network.dataReceived", data);
  cdp.on("Network.loadingFinished", finished);
  cdp.on("Network.loadingFailed", failed);
  return {
    /**
     * @param {{ navigationStart: number, shownAt: number }} load what was asked before the form showed is the
     *   critical path; the waterfall's times are ms from the navigation's start
     */
    stop({ navigationStart, shownAt }) {
      cdp.off("Network.requestWillBeSent", sent);
      cdp.off("Network.responseReceived", received);
      cdp.off("Network.dataReceived", data);
      cdp.off("Network.loadingFinished", finished);
      cdp.off("Network.loadingFailed", failed);
      const all = [...requests.values()];
      const sum = (/** @type {Request[]} */ list, /** @type {"bytes" | "raw"} */ field) =>
        list.reduce((total, request) => total + request[field], 0);
      const ofType = (/** @type {string} */ type) => all.filter((request) => request.type === type);
      const critical = all.filter((request) => request.sentAt <= shownAt);
      // The page's own calls (sign-in, data, texts), not what drawing it asks for (images, fonts).
      const calls = critical.filter(
        (request) => ["Fetch", "XHR"].includes(request.type) && (request.finishedAt ?? Infinity) <= shownAt,
      );
      const lastAnswer = Math.max(...calls.map((request) => request.finishedAt ?? request.sentAt));
      return {
        requests: all.length,
        criticalRequests: critical.length,
        criticalBytes: sum(critical, "bytes"),
        /** From the last answer to one of the page's own calls before the form showed, to the form. */
        afterLastAnswer: shownAt - lastAnswer,
        failed: all.filter((request) => request.failed || (request.status ?? 0) >= 400).map((r) => r.url),
        bytes: sum(all, "bytes"),
        js: sum(ofType("Script"), "bytes"),
        css: sum(ofType("Stylesheet"), "bytes"),
        rawBytes: sum(all, "raw"),
        rawJs: sum(ofType("Script"), "raw"),
        rawCss: sum(ofType("Stylesheet"), "raw"),
        waterfall: waterfall(all, navigationStart, shownAt),
      };
    },
  };
}

/**
 * One line per request, in the order sent: `sent-answered-finished ms type status encoding wire/raw url`, times in ms
 * from the navigation's start; the last line says when the form showed.
 * @param {Request[]} requests @param {number} navigationStart @param {number} shownAt
 */
function waterfall(requests, navigationStart, shownAt) {
  const at = (/** @type {number | undefined} */ time) =>
    time === undefined ? "?" : String(Math.round(time - navigationStart));
  return [
    ...[...requests]
      .sort((a, b) => a.sentAt - b.sentAt)
      .map(
        (request) =>
          `${at(request.sentAt)}-${at(request.answeredAt)}-${at(request.finishedAt)} ms ${request.type} ${request.status ?? request.failed ?? "-"} ${request.encoding ?? "-"} ${request.bytes}/${request.raw} ${shortUrl(request.url)}`,
      ),
    `${at(shownAt)} ms the form shows the user's e-mail`,
  ];
}

/** The address without the server and without long query values (codes, states, verifiers). */
function shortUrl(/** @type {string} */ url) {
  try {
    const parsed = new URL(url);
    const query = [...parsed.searchParams].map(([name, value]) => `${name}=${value.length > 24 ? "…" : value}`);
    return `${parsed.pathname}${query.length ? `?${query.join("&")}` : ""}`;
  } catch {
    return url.slice(0, 120);
  }
}
