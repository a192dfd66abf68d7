// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { fakeAuth, stubServer, testEnvironment, type StubRoute } from "../testing/renderPage";
import { createApiClient } from "./client";
import {
  extensionFeaturesNow,
  extensionUrl,
  fetchAccountEvents,
  fetchLastUsed,
  makeDefaultSecondFactor,
  NO_EXTENSION,
  probeExtension,
} from "./extension";

const PROBE = "/realms/demo/account-console-extension/";

function client(routes: StubRoute[], environment = testEnvironment) {
  const fetchStub = stubServer(routes);
  const api = createApiClient(environment, fakeAuth().token, fetchStub);
  return { api, fetchStub };
}

describe("the console extension's API", () => {
  it("lives beside the Account API, in the same realm, with the realm's name encoded", () => {
    const { api } = client([], { ...testEnvironment, realm: "a b/c" });
    expect(extensionUrl(api, "events")).toBe("http://kc.test/realms/a%20b%2Fc/account-console-extension/events");
    expect(extensionUrl(api)).toBe("http://kc.test/realms/a%20b%2Fc/account-console-extension/");
  });

  it("asks what the extension offers once, for the sidebar and every page", async () => {
    const { api, fetchStub } = client([
      {
        path: PROBE,
        body: {
          accountActivity: true,
          defaultSecondFactor: false,
          eventsEnabled: true,
          offlineSessions: true,
          extra: 1,
        },
      },
    ]);
    expect(extensionFeaturesNow(api)).toBeUndefined();
    const [first, second] = await Promise.all([probeExtension(api), probeExtension(api)]);
    await probeExtension(api);
    expect(first).toEqual({
      accountActivity: true,
      defaultSecondFactor: false,
      eventsEnabled: true,
      signInAlerts: false,
      applicationSessions: false,
      verifyEmailAction: false,
      offlineSessions: true,
      lastUsed: false,
      lockDown: false,
      appPasswords: false,
      places: false,
      placesAttribution: null,
    });
    expect(second).toBe(first);
    expect(extensionFeaturesNow(api)).toBe(first);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchStub.mock.calls[0]![1]?.headers).get("authorization")).toBe("Bearer token");
  });

  it("reads whether sessions show places, and the attribution their database asks for", async () => {
    const { api } = client([{ path: PROBE, body: { places: true, placesAttribution: "Places by someone" } }]);
    expect(await probeExtension(api)).toMatchObject({ places: true, placesAttribution: "Places by someone" });
    const other = client([{ path: PROBE, body: { places: "yes", placesAttribution: 3 } }]);
    expect(await probeExtension(other.api)).toMatchObject({ places: false, placesAttribution: null });
  });

  it.each([
    ["is not installed (404)", { path: "/elsewhere" }],
    ["refuses this user (403)", { path: PROBE, status: 403, body: { error: "forbidden" } }],
    ["answers something else at that address", { path: PROBE, body: ["not", "ours"] }],
  ])("offers nothing when the server %s", async (_case, route: StubRoute) => {
    const { api } = client([route]);
    expect(await probeExtension(api)).toEqual(NO_EXTENSION);
  });

  it("forgets a failed probe, so the next one asks again", async () => {
    const { api, fetchStub } = client([{ path: PROBE, status: 500, body: { error: "down" } }]);
    await expect(probeExtension(api)).rejects.toThrow("down");
    await expect(probeExtension(api)).rejects.toThrow("down");
    expect(fetchStub).toHaveBeenCalledTimes(2);
    expect(extensionFeaturesNow(api)).toBeUndefined();
  });

  it("reads a page of events as the extension writes it", async () => {
    const { api, fetchStub } = client([
      {
        path: `${PROBE}events`,
        body: {
          eventsEnabled: true,
          first: 20,
          max: 20,
          hasMore: false,
          events: [
            {
              time: 1,
              type: "LOGIN",
              credentialType: null,
              ipAddress: null,
              clientId: "app",
              error: null,
              change: null,
            },
          ],
        },
      },
    ]);
    const page = await fetchAccountEvents(api, { first: 20, max: 20 });
    expect(page.events).toEqual([
      { time: 1, type: "LOGIN", credentialType: null, ipAddress: null, clientId: "app", error: null, change: null },
    ]);
    expect(String(fetchStub.mock.calls[0]![0])).toBe(
      "http://kc.test/realms/demo/account-console-extension/events?first=20&max=20",
    );
  });

  it("reads when each method was last used: a missing credential id is a type's row", async () => {
    const path = `${PROBE}credentials/last-used`;
    const uses = [
      { credentialId: "o1", type: "otp", time: 2 },
      { type: "password", time: 1 },
    ];
    expect(await fetchLastUsed(client([{ path, body: { lastUsed: uses } }]).api)).toEqual([
      { credentialId: "o1", type: "otp", time: 2 },
      { credentialId: null, type: "password", time: 1 },
    ]);
  });

  it("makes a credential the default by its encoded id, and reports the server's refusal", async () => {
    const { api, fetchStub } = client([
      { method: "POST", path: `${PROBE}credentials/a%2Fb/default`, status: 204 },
      {
        method: "POST",
        path: `${PROBE}credentials/pw/default`,
        status: 400,
        body: { error: "not_second_factor", errorDescription: "A password is not a second factor." },
      },
    ]);
    await makeDefaultSecondFactor(api, "a/b");
    expect(fetchStub.mock.calls[0]![1]?.method).toBe("POST");
    await expect(makeDefaultSecondFactor(api, "pw")).rejects.toMatchObject({
      status: 400,
      message: "A password is not a second factor.",
      body: { error: "not_second_factor" },
    });
  });
});
