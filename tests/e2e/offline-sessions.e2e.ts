import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import { demoLike, testUser, type KeycloakAdmin, pwUsers, type SignInUser } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { consoleToken, freshPage, submitLogin } from "./support/browser";
import { expectError } from "./support/extension";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, keycloakUrl, test } from "./support/test";

// Lasting access: the user's offline sessions, listed and ended one by one through the extension's offline-sessions
// endpoints (docs/extension.md), and ended with their application by Applications' "End session". Applications here
// are public clients with direct access grants: a password grant with the offline_access scope makes an offline
// session, as a command-line tool or a phone app that keeps a user signed in would.
const REALM = "e2e-offline";
/** Has the same user name; its tokens must not work in REALM. */
const OTHER_REALM = "e2e-offline-other";

// Dinah: holds many offline sessions, for the pages. Erin: ends applications' access while they refresh, in a realm of
// her own. Fay: holds sessions that expire while the test runs.
const { ALICE, BOB, DINAH, ERIN, FAY } = pwUsers("alice", "bob", "dinah", "erin", "fay");
/** Where an offline session lasts 20 s at most, so that the table holds rows of expired ones. */
const EXPIRY_REALM = "e2e-offline-expiry";
const LIFESPAN_SECONDS = 20;
/** Where the console's client may sign in by password too: the race is driven without a browser. */
const RACE_REALM = "e2e-offline-race";

const CLI = { clientId: "garden-cli", name: "Garden CLI" };
const SYNC = { clientId: "tea-sync", name: "Tea Sync" };

const app = ({ clientId, name }: { clientId: string; name: string }) => ({
  clientId,
  name,
  publicClient: true,
  standardFlowEnabled: false,
  directAccessGrantsEnabled: true,
});
// Users of an imported realm get no default roles: offline tokens need offline_access.
const user = (who: SignInUser) => testUser(who, { realmRoles: ["offline_access"] });

test.use({
  realms: {
    [REALM]: demoLike({
      eventsEnabled: true,
      users: [user(ALICE), user(BOB), user(DINAH)],
      clients: [app(CLI), app(SYNC)],
    }),
    [OTHER_REALM]: demoLike({ users: [user(ALICE)], clients: [app(CLI)] }),
    [EXPIRY_REALM]: demoLike({
      offlineSessionMaxLifespanEnabled: true,
      offlineSessionMaxLifespan: LIFESPAN_SECONDS,
      users: [user(FAY)],
      clients: [app(CLI), app(SYNC)],
    }),
    [RACE_REALM]: demoLike({ eventsEnabled: true, users: [user(ERIN)], clients: [app(CLI), app(SYNC)] }),
  },
});

// Sessions are made and ended one test after another: in order.
test.describe.configure({ mode: "serial" });

const tokenUrl = (realm: string) => `${keycloakUrl()}/realms/${realm}/protocol/openid-connect/token`;
const api = (realm: string, path = "") =>
  `${keycloakUrl()}/realms/${realm}/account-console-extension/offline-sessions${path}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const PHONE_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

/** An application's sign-in that asks for an offline token (password grant, scope offline_access): its refresh token. */
async function offlineToken(
  request: APIRequestContext,
  realm: string,
  clientId: string,
  who: SignInUser,
  userAgent = PHONE_AGENT,
): Promise<string> {
  const response = await request.post(tokenUrl(realm), {
    headers: { "user-agent": userAgent },
    form: {
      grant_type: "password",
      client_id: clientId,
      username: who.username,
      password: who.password,
      scope: "openid offline_access",
    },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { refresh_token: string };
  // An offline token says so in its type.
  const claims = JSON.parse(Buffer.from(body.refresh_token.split(".")[1]!, "base64url").toString()) as { typ: string };
  expect(claims.typ).toBe("Offline");
  return body.refresh_token;
}

/** The application's next refresh: 200 while its offline session lasts, 400 `invalid_grant` once it has ended. */
function refresh(request: APIRequestContext, realm: string, clientId: string, token: string): Promise<APIResponse> {
  return request.post(tokenUrl(realm), {
    form: { grant_type: "refresh_token", client_id: clientId, refresh_token: token },
  });
}

async function expectEnded(response: APIResponse): Promise<void> {
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { error: string }).error).toBe("invalid_grant");
}

/** Signs in to the realm's console and returns the bearer token the console then sends. */
async function signedInToken(page: Page, realm: string, who: SignInUser): Promise<string> {
  await page.goto(accountUrl(realm));
  await submitLogin(page, who.username, who.password);
  await expect(page.getByTestId("page-heading")).toBeVisible({ timeout: 30_000 });
  return consoleToken(page, realm);
}

/** Takes back every consent of the user: Keycloak ends a client's offline sessions with its consent. */
async function revokeAllConsents(admin: KeycloakAdmin, realm: string, id: string): Promise<void> {
  for (const consent of await admin.users.listConsents({ realm, id })) {
    await admin.users.revokeConsent({ realm, id, clientId: consent.clientId! });
  }
}

type Row = {
  id: string;
  started: number;
  lastRefresh: number;
  ipAddress: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  clients: { clientId: string; clientName: string | null }[];
};
type Listed = { first: number; max: number; hasMore: boolean; sessions: Row[] };

test.describe("the offline sessions API", () => {
  let aliceToken = "";
  let otherRealmToken = "";

  test.beforeAll(async ({ browser }) => {
    aliceToken = await freshPage(browser, (page) => signedInToken(page, REALM, ALICE));
    otherRealmToken = await freshPage(browser, (page) => signedInToken(page, OTHER_REALM, ALICE));
  });

  test("lists the caller's own offline sessions with their applications, device and times, never cached", async ({
    request,
  }) => {
    const before = Date.now();
    await offlineToken(request, REALM, CLI.clientId, ALICE);
    const listed = await request.get(api(REALM), { headers: bearer(aliceToken) });
    expect(listed.status()).toBe(200);
    expect(listed.headers()["cache-control"]).toBe("no-store");
    // The page came from Keycloak's session entity (OfflineSessionIndex), not the slow fallback: a Keycloak release
    // that renamed or dropped the entity fails here, not only in the bench.
    expect(listed.headers()["server-timing"]).toBe('offline-sessions;desc="index"');
    const body = (await listed.json()) as Listed;
    expect(body).toMatchObject({ first: 0, max: 20, hasMore: false });
    expect(body.sessions).toHaveLength(1);
    const [row] = body.sessions;
    expect(Object.keys(row!)).toEqual([
      "id",
      "started",
      "lastRefresh",
      "ipAddress",
      "browser",
      "os",
      "osVersion",
      "device",
      "clients",
    ]);
    expect(row!.clients).toEqual([{ clientId: CLI.clientId, clientName: CLI.name }]);
    expect(row!.started).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(row!.lastRefresh).toBeGreaterThanOrEqual(row!.started);
    expect(row!.ipAddress).toEqual(expect.any(String));
  });

  test("refuses no token, a forged one and another realm's (401)", async ({ request }) => {
    for (const call of [
      () => request.get(api(REALM)),
      () => request.get(api(REALM), { headers: bearer("not-a-token") }),
      () => request.get(api(REALM), { headers: bearer(otherRealmToken) }),
      () => request.delete(api(REALM, "/some-id")),
      () => request.delete(api(REALM, "/some-id"), { headers: bearer(otherRealmToken) }),
    ]) {
      await expectError(await call(), 401, "unauthorized");
    }
    // The other realm's token works where it was issued.
    expect((await request.get(api(OTHER_REALM), { headers: bearer(otherRealmToken) })).status()).toBe(200);
  });

  test("refuses bad first and max, and caps an oversized max", async ({ request }) => {
    for (const query of ["?first=abc", "?max=1.5", "?max=1e3", "?first=0x10", "?max=ten"]) {
      await expectError(
        await request.get(api(REALM, query), { headers: bearer(aliceToken) }),
        400,
        "invalid_parameter",
      );
    }
    const capped = (await (
      await request.get(api(REALM, "?first=-5&max=100000"), { headers: bearer(aliceToken) })
    ).json()) as Listed;
    expect(capped).toMatchObject({ first: 0, max: 50 });
  });

  test("never lists or ends another user's session: their id is unknown to the caller", async ({ request }) => {
    const bobsToken = await offlineToken(request, REALM, SYNC.clientId, BOB);
    const bobs = JSON.parse(Buffer.from(bobsToken.split(".")[1]!, "base64url").toString()) as { sid: string };
    const alices = (await (await request.get(api(REALM), { headers: bearer(aliceToken) })).json()) as Listed;
    expect(alices.sessions.map((row) => row.id)).not.toContain(bobs.sid);
    await expectError(
      await request.delete(api(REALM, `/${bobs.sid}`), { headers: bearer(aliceToken) }),
      404,
      "session_not_found",
    );
    expect((await refresh(request, REALM, SYNC.clientId, bobsToken)).status()).toBe(200);
  });

  test("answers an unknown id with 404 and an impossible one with 400, changing nothing", async ({ request }) => {
    const before = (await (await request.get(api(REALM), { headers: bearer(aliceToken) })).json()) as Listed;
    const end = (id: string) => request.delete(api(REALM, `/${id}`), { headers: bearer(aliceToken) });
    await expectError(await end("0b6a3a57-0000-4000-8000-000000000000"), 404, "session_not_found");
    await expectError(await end("a".repeat(256)), 400, "invalid_parameter");
    await expectError(await end("bad%20id"), 400, "invalid_parameter");
    const after = (await (await request.get(api(REALM), { headers: bearer(aliceToken) })).json()) as Listed;
    expect(after.sessions.map((row) => row.id)).toEqual(before.sessions.map((row) => row.id));
  });

  test("pages through many sessions, newest refresh first, each once", async ({ browser, request }) => {
    const tokens: string[] = [];
    for (let index = 0; index < 12; index++) tokens.push(await offlineToken(request, REALM, CLI.clientId, DINAH));
    const claims = (token: string) =>
      JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { sid: string; iat: number };
    // The oldest one is used again: it comes first. Keycloak keeps refresh times in seconds, so the refresh waits for
    // the clock (this machine's, which Keycloak shares) to pass the second the last token was issued in.
    const lastIssued = claims(tokens.at(-1)!).iat;
    await expect.poll(() => Math.floor(Date.now() / 1000), { intervals: [100] }).toBeGreaterThan(lastIssued);
    expect((await refresh(request, REALM, CLI.clientId, tokens[0]!)).status()).toBe(200);
    const oldestSid = claims(tokens[0]!).sid;
    const dinahToken = await freshPage(browser, (page) => signedInToken(page, REALM, DINAH));
    const page = async (first: number) =>
      (await (
        await request.get(api(REALM, `?first=${first}&max=5`), { headers: bearer(dinahToken) })
      ).json()) as Listed;
    const pages = [await page(0), await page(5), await page(10)];
    expect(pages.map((listed) => [listed.first, listed.sessions.length, listed.hasMore])).toEqual([
      [0, 5, true],
      [5, 5, true],
      [10, 2, false],
    ]);
    const rows = pages.flatMap((listed) => listed.sessions);
    expect(new Set(rows.map((row) => row.id)).size).toBe(12);
    expect(rows[0]!.id).toBe(oldestSid);
    const times = rows.map((row) => row.lastRefresh);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test("keeps a page full while the table still holds rows of expired sessions", async ({ browser, request }) => {
    const fayToken = await freshPage(browser, (page) => signedInToken(page, EXPIRY_REALM, FAY));
    const issued = (token: string) =>
      (JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { iat: number }).iat;
    const clock = () => Math.floor(Date.now() / 1000);
    // A session started early, one started late in the early one's lifespan, then the early one refreshed: it has
    // the newest refresh and would come first.
    const early = await offlineToken(request, EXPIRY_REALM, CLI.clientId, FAY);
    const started = issued(early);
    await expect.poll(clock, { intervals: [250], timeout: 30_000 }).toBeGreaterThanOrEqual(started + 12);
    const late = await offlineToken(request, EXPIRY_REALM, SYNC.clientId, FAY);
    await expect.poll(clock, { intervals: [100] }).toBeGreaterThan(issued(late));
    expect((await refresh(request, EXPIRY_REALM, CLI.clientId, early)).status()).toBe(200);
    // The early session's lifespan ends; its row stays in the table until Keycloak's periodic cleanup.
    await expect.poll(clock, { intervals: [250], timeout: 30_000 }).toBeGreaterThan(started + LIFESPAN_SECONDS + 1);
    const listed = await request.get(api(EXPIRY_REALM, "?max=1"), { headers: bearer(fayToken) });
    expect(listed.headers()["server-timing"]).toBe('offline-sessions;desc="index"');
    const body = (await listed.json()) as Listed;
    expect(body.sessions.map((row) => row.clients.map((client) => client.clientId))).toEqual([[SYNC.clientId]]);
    expect(body.hasMore).toBe(false);
  });
});

test.describe("lasting access on Device activity", () => {
  test.use({ account: { realm: REALM, route: "account-security/device-activity", user: ALICE, ownSession: true } });

  test("lists the offline sessions and ends them one by one after a confirmation; the application's next refresh fails @core", async ({
    admin,
    consolePage: page,
    request,
  }) => {
    // Alice's offline sessions of the tests above end first, so that the list is this test's alone.
    const aliceId = await admin.userId(REALM, "alice");
    await revokeAllConsents(admin, REALM, aliceId);
    const cliToken = await offlineToken(request, REALM, CLI.clientId, ALICE);
    const syncToken = await offlineToken(request, REALM, SYNC.clientId, ALICE);

    await page.reload();
    const section = page.getByTestId("lasting-access");
    await expect(section.getByRole("heading", { name: "Lasting access" })).toBeVisible();
    const rows = section.getByTestId("lasting-access-row");
    await expect(rows).toHaveCount(2);
    const cliRow = rows.filter({ hasText: CLI.name });
    // The device as Keycloak noted it from the application's user agent, in Device activity's words for it.
    await expect(cliRow).toContainText("Android 14 / Chrome Mobile/130.0.0");
    await expect(cliRow).toContainText("IP address");
    await expect(cliRow).toContainText("Last used");
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, "lasting-access-desktop");
    await expectAccessible(page, "device activity with lasting access");

    // Cancel first: nothing ends.
    await cliRow.getByRole("button", { name: "End access" }).click();
    const dialog = page.getByRole("dialog", { name: `End the lasting access of ${CLI.name}?` });
    await expect(dialog).toContainText("can no longer use your account");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await refresh(request, REALM, CLI.clientId, cliToken)).status()).toBe(200);

    // By keyboard: the button, then the dialog's confirm.
    await cliRow.getByRole("button", { name: "End access" }).focus();
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "End access" }).click();
    await expect(page.getByTestId("last-alert")).toContainText(`The lasting access of ${CLI.name} has ended.`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(SYNC.name);

    await expectEnded(await refresh(request, REALM, CLI.clientId, cliToken));
    expect((await refresh(request, REALM, SYNC.clientId, syncToken)).status()).toBe(200);

    // Recorded as Keycloak records a revoked grant: REVOKE_GRANT of Alice and the console, the application named.
    const events = await admin.realms.findEvents({ realm: REALM, type: "REVOKE_GRANT", user: aliceId });
    expect(events.map((event) => event.details?.revoked_client)).toContain(CLI.clientId);
    expect(events.find((event) => event.details?.revoked_client === CLI.clientId)?.clientId).toBe("account-console");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(rows).toHaveCount(1);
    await section.scrollIntoViewIfNeeded();
    // On a phone the row's details keep most of its width: the action goes under them, as on the devices above.
    const rowBox = await rows.first().boundingBox();
    const detailsBox = await rows.first().locator(".lasting-access-details").boundingBox();
    const endBox = await rows.first().getByRole("button", { name: "End access" }).boundingBox();
    expect(detailsBox!.width).toBeGreaterThanOrEqual(rowBox!.width / 2);
    expect(endBox!.y).toBeGreaterThanOrEqual(detailsBox!.y + detailsBox!.height - 1);
    await screenshot(page, "lasting-access-phone");
    await expectAccessible(page, "lasting access at 390 px");

    await rows.first().getByRole("button", { name: "End access" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "End access" }).click();
    await expect(section.getByTestId("lasting-access-empty")).toContainText("No application has lasting access");
    await expectEnded(await refresh(request, REALM, SYNC.clientId, syncToken));
  });

  test("an application's lasting access is listed once, under Lasting access, and once ended the page shows it nowhere", async ({
    admin,
    consolePage: page,
    request,
  }) => {
    const aliceId = await admin.userId(REALM, "alice");
    await revokeAllConsents(admin, REALM, aliceId);
    // Keycloak's devices list holds the offline session this password grant makes (26.7 keeps no online one with it).
    await offlineToken(request, REALM, CLI.clientId, ALICE);
    await page.reload();
    const rows = page.getByTestId("lasting-access").getByTestId("lasting-access-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(CLI.name);
    // Signed in devices list exactly the user's online sessions (the Admin API's list, which has no offline ones):
    // the application's offline session gets no second place there, with a "Sign out" of its own.
    const devices = page.getByTestId(/^row-/);
    const online = async () => (await admin.users.listSessions({ realm: REALM, id: aliceId })).length;
    await expect(devices.filter({ hasText: "Current session" })).toHaveCount(1);
    await expect(devices).toHaveCount(await online());

    await rows.first().getByRole("button", { name: "End access" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "End access" }).click();
    await expect(page.getByTestId("lasting-access-empty")).toBeVisible();
    await expect(devices).toHaveCount(await online());
  });
});

test.describe("ending an application's session on the Applications page", () => {
  test.use({ account: { realm: REALM, route: "applications", user: ALICE, ownSession: true } });

  test("also ends the application's offline sessions, and its confirmation says so", async ({
    consolePage: page,
    request,
  }) => {
    const syncToken = await offlineToken(request, REALM, SYNC.clientId, ALICE);
    const secondSync = await offlineToken(request, REALM, SYNC.clientId, ALICE);
    const cliToken = await offlineToken(request, REALM, CLI.clientId, ALICE);
    await page.reload();
    await page.getByTestId(`toggle-${SYNC.clientId}`).click();
    const row = page.getByTestId("applications-list-item").filter({ hasText: SYNC.name });
    await row.getByRole("button", { name: "End session" }).click();
    const dialog = page.getByRole("dialog", { name: `End your session with ${SYNC.name}?` });
    await expect(dialog).toContainText("its lasting access ends too");
    await dialog.getByRole("button", { name: "End session" }).click();
    await expect(page.getByTestId("last-alert")).toContainText(`You are signed out of ${SYNC.name}.`);

    await expectEnded(await refresh(request, REALM, SYNC.clientId, syncToken));
    await expectEnded(await refresh(request, REALM, SYNC.clientId, secondSync));
    // Another application's lasting access stays.
    expect((await refresh(request, REALM, CLI.clientId, cliToken)).status()).toBe(200);
  });
});

test.describe("ending access while the application refreshes", () => {
  // The console's own client is given direct access grants in this realm only, so that its token comes from a
  // password grant and each round costs a few requests, not a browser's sign-in.
  test.beforeAll(async ({ admin }) => {
    const client = await admin.client(RACE_REALM, "account-console");
    await admin.clients.update({ realm: RACE_REALM, id: client.id }, { ...client, directAccessGrantsEnabled: true });
  });

  const consoleAccess = async (request: APIRequestContext) => {
    const response = await request.post(tokenUrl(RACE_REALM), {
      form: { grant_type: "password", client_id: "account-console", username: ERIN.username, password: ERIN.password },
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const refreshed = async (response: APIResponse) => {
    expect(response.status()).toBe(200);
    return ((await response.json()) as { refresh_token: string }).refresh_token;
  };

  test("an application's session ends while its offline token is being refreshed, 20 times of 20, never a 500", async ({
    admin,
    request,
  }) => {
    test.setTimeout(300_000);
    const rounds = 20;
    const started = Date.now();
    for (let round = 1; round <= rounds; round++) {
      await test.step(`round ${round}`, async () => {
        // As reported: both applications hold an offline token, the first one's refreshed once.
        const cli = await refreshed(
          await refresh(request, RACE_REALM, CLI.clientId, await offlineToken(request, RACE_REALM, CLI.clientId, ERIN)),
        );
        const sync = await offlineToken(request, RACE_REALM, SYNC.clientId, ERIN);
        const headers = bearer(await consoleAccess(request));
        // The application refreshes again, and the user ends its session while that refresh is on its way.
        const inFlight = refresh(request, RACE_REALM, CLI.clientId, cli);
        const ended = await request.delete(
          `${keycloakUrl()}/realms/${RACE_REALM}/account-console-extension/application-sessions?clientId=${CLI.clientId}`,
          { headers },
        );
        const racer = await inFlight;
        expect(ended.status(), await ended.text()).toBe(204);
        // The refresh was either before the end (200) or after it (400); never a failure of the server.
        expect([200, 400]).toContain(racer.status());
        await expectEnded(await refresh(request, RACE_REALM, CLI.clientId, cli));
        expect((await refresh(request, RACE_REALM, SYNC.clientId, sync)).status()).toBe(200);
      });
    }
    console.log(`${rounds} of ${rounds} rounds passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // Each end recorded once, though an attempt may have been retried.
    const events = await admin.realms.findEvents({ realm: RACE_REALM, type: "REVOKE_GRANT", max: 1000 });
    expect(events.filter((event) => event.details?.revoked_client === CLI.clientId)).toHaveLength(rounds);
  });

  test("lasting access ends while its offline token is being refreshed, 20 times of 20, never a 500", async ({
    admin,
    request,
  }) => {
    test.setTimeout(300_000);
    const rounds = 20;
    const before = await admin.realms.findEvents({ realm: RACE_REALM, type: "REVOKE_GRANT", max: 1000 });
    const started = Date.now();
    for (let round = 1; round <= rounds; round++) {
      await test.step(`round ${round}`, async () => {
        const sync = await refreshed(
          await refresh(
            request,
            RACE_REALM,
            SYNC.clientId,
            await offlineToken(request, RACE_REALM, SYNC.clientId, ERIN),
          ),
        );
        const { sid } = JSON.parse(Buffer.from(sync.split(".")[1]!, "base64url").toString()) as { sid: string };
        const headers = bearer(await consoleAccess(request));
        const inFlight = refresh(request, RACE_REALM, SYNC.clientId, sync);
        const ended = await request.delete(
          `${keycloakUrl()}/realms/${RACE_REALM}/account-console-extension/offline-sessions/${sid}`,
          { headers },
        );
        const racer = await inFlight;
        expect(ended.status(), await ended.text()).toBe(204);
        expect([200, 400]).toContain(racer.status());
        await expectEnded(await refresh(request, RACE_REALM, SYNC.clientId, sync));
      });
    }
    console.log(`${rounds} of ${rounds} rounds passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const after = await admin.realms.findEvents({ realm: RACE_REALM, type: "REVOKE_GRANT", max: 1000 });
    const revokedSync = (events: typeof after) =>
      events.filter((event) => event.details?.revoked_client === SYNC.clientId).length;
    expect(revokedSync(after) - revokedSync(before)).toBe(rounds);
  });
});
