import { describe, expect, it, vi } from "vitest";
import { earlyFetch } from "./earlyFetch";

describe("requests sent before their reader has loaded", () => {
  const init: RequestInit = { headers: { accept: "application/json" } };

  it("sends each request at once, and hands its answer once to the first call for it", async () => {
    const network = vi.fn(async (input: RequestInfo | URL) => new Response(String(input)));
    const fetchFirst = earlyFetch([["/a", init], ["/b"]], network);
    expect(network).toHaveBeenCalledTimes(2);

    expect(await (await fetchFirst("/a", init)).text()).toBe("/a");
    expect(await (await fetchFirst(new URL("http://x.test/b"), undefined)).text()).toBe("http://x.test/b");
    expect(await (await fetchFirst("/b")).text()).toBe("/b");
    expect(network).toHaveBeenCalledTimes(3); // the URL object's call was a request of its own

    await fetchFirst("/a", init);
    expect(network).toHaveBeenCalledTimes(4); // the early answer was taken: a second call asks again
  });

  it("asks again when the call's request differs from the early one (another method, headers or a signal)", async () => {
    const network = vi.fn(async () => new Response("x"));
    const fetchFirst = earlyFetch([["/a", init]], network);
    await fetchFirst("/a", { ...init, signal: new AbortController().signal });
    await fetchFirst("/a", { method: "POST" });
    expect(network).toHaveBeenCalledTimes(3);
  });

  it("hands a failed early request's failure to its call, and sends a duplicate once", async () => {
    const network = vi.fn(async () => Promise.reject(new TypeError("Failed to fetch")));
    const fetchFirst = earlyFetch([["/a"], ["/a"]], network);
    expect(network).toHaveBeenCalledTimes(1);
    await expect(fetchFirst("/a")).rejects.toThrow("Failed to fetch");
  });
});

describe("a request sent for any GET of its address", () => {
  it("is taken by the first GET call for it, whatever its headers and signal; not by another method", async () => {
    const network = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => new Response(init?.method ?? "?"));
    const fetchFirst = earlyFetch([], network);
    let ready!: (init: RequestInit) => void;
    fetchFirst.sendForAnyGet("/me", new Promise((resolve) => (ready = resolve)));
    expect(network).not.toHaveBeenCalled();
    // A call made before the request has left takes it too.
    const early = fetchFirst("/me", { headers: { authorization: "Bearer t" } });
    ready({ headers: { authorization: "Bearer t" } });
    expect(await (await early).text()).toBe("GET");
    expect(network).toHaveBeenCalledTimes(1);

    fetchFirst.sendForAnyGet("/me", Promise.resolve({}));
    await vi.waitFor(() => expect(network).toHaveBeenCalledTimes(2));

    await fetchFirst("/me", { method: "PUT" });
    expect(network).toHaveBeenCalledTimes(3);
    const signal = new AbortController().signal;
    expect(await (await fetchFirst("/me", { headers: { authorization: "Bearer u" }, signal })).text()).toBe("GET");
    expect(network).toHaveBeenCalledTimes(3);
    await fetchFirst("/me");
    expect(network).toHaveBeenCalledTimes(4);
  });
});
