import { describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient } from "./client";
import {
  fetchApplications,
  fetchCredentials,
  fetchDevices,
  fetchGroups,
  fetchPersonalInfo,
  fetchResources,
  fetchSupportedLocales,
} from "./methods";

const environment = { serverBaseUrl: "http://kc.test", realm: "demo" };
const answering = (body: unknown) =>
  createApiClient(
    environment,
    async () => "t",
    vi.fn(
      async () =>
        new Response(body === undefined ? null : JSON.stringify(body), {
          status: body === undefined ? 204 : 200,
          headers: { "content-type": "application/json" },
        }),
    ),
  );

describe("answers of a shape the console cannot use", () => {
  it("become one clear ApiError naming the call, instead of a crash while drawing", async () => {
    const cases: [string, (api: ReturnType<typeof answering>) => Promise<unknown>, unknown][] = [
      ["/", (api) => fetchPersonalInfo(api), ["not", "a", "user"]],
      ["/supportedLocales", (api) => fetchSupportedLocales(api), [1, 2]],
      ["/credentials", (api) => fetchCredentials(api), [{ category: "basic-authentication" }]],
      ["/sessions/devices", (api) => fetchDevices(api), [{ os: "Linux" }]],
      ["/applications", (api) => fetchApplications(api), { clientId: "not in a list" }],
      ["/groups", (api) => fetchGroups(api), [null]],
      ["/resources", (api) => fetchResources(api, { first: 0, max: 10 }), [{ _id: "r", name: "no scopes" }]],
    ];
    for (const [path, call, body] of cases) {
      const failure = await call(answering(body)).catch((error: unknown) => error);
      expect(failure, path).toBeInstanceOf(ApiError);
      expect((failure as ApiError).message).toBe(
        `The server sent an answer the console does not understand (${path}).`,
      );
    }
  });

  it("take an empty body as an empty list, and pass well-formed answers through", async () => {
    expect(await fetchGroups(answering(undefined))).toEqual([]);
    const groups = [{ name: "staff", path: "/staff" }];
    expect(await fetchGroups(answering(groups))).toEqual(groups);
    const devices = [{ os: "Linux", sessions: [] }];
    expect(await fetchDevices(answering(devices))).toEqual(devices);
    expect(await fetchSupportedLocales(answering(["en", "de"]))).toEqual(["en", "de"]);
  });
});
