import type { APIRequestContext, APIResponse, Browser, Page } from "@playwright/test";
import { demoLike, testUser, type KeycloakAdmin, pwUsers, type SignInUser } from "./support/admin";
import { consoleToken, freshPage, passReauthentication, submitLogin } from "./support/browser";
import { expectError } from "./support/extension";
import { PROBE_PLACES } from "./support/places";
import { otpCredential, selectedOtpCredential, totp } from "./support/otp";
import { accountUrl, expect, keycloakUrl, test } from "./support/test";
import { keycloakAtLeast } from "./support/version";

// The server extension's REST API (extension/, docs/extension.md) on the real Keycloak: who may call it, and that
// it answers with the caller's own data only. The console's pages that use it have browser tests of their own.
const REALM = "e2e-extension";
/** Same user names and passwords as REALM: its tokens must not open REALM's data. */
const OTHER_REALM = "e2e-extension-other";
/** A realm that saves no events. */
const QUIET_REALM = "e2e-extension-quiet";
/** A realm whose admin switches account management (the `account` client) off and on again. */
const OFF_REALM = "e2e-extension-off";

// Carol may look (view-profile) but not change (no manage-account); Dora has two authenticator applications; Erin
// must change her password at her next sign-in; Frank fails to sign in many times; Gina removes her one application.
const { ALICE, BOB, CAROL, DORA, ERIN, FRANK, GINA } = pwUsers(
  "alice",
  "bob",
  "carol",
  "dora",
  "erin",
  "frank",
  "gina",
);

/** OTP secrets by credential label (Keycloak keys the HMAC with the secret's bytes as stored). */
const SECRETS: Record<string, string> = {
  "Dora's phone": "dora-phone-secret-0001",
  "Dora's tablet": "dora-tablet-secret-002",
  "Bob's phone": "bob-phone-secret-00003",
  "Bob's tablet": "bob-tablet-secret-0004",
  "Gina's phone": "gina-phone-secret-0005",
};

const otp = (label: string) => otpCredential(label, SECRETS[label] ?? "");

const withOtp = (user: SignInUser, labels: string[]) => testUser(user, { otherCredentials: labels.map(otp) });

/** What the probe answers in this file's realms, which differ only in whether they save events. */
const probeAnswer = ({ eventsEnabled }: { eventsEnabled: boolean }) => ({
  accountActivity: true,
  defaultSecondFactor: true,
  eventsEnabled,
  signInAlerts: false,
  applicationSessions: true,
  // Keycloak starts VERIFY_EMAIL from a console's kc_action from 26.2 on.
  verifyEmailAction: keycloakAtLeast("26.2.0"),
  offlineSessions: true,
  // Keycloak calls global event listeners (ours records last use) from 26.1 on.
  lastUsed: keycloakAtLeast("26.1.0"),
  lockDown: true,
  // No flow of this realm has the app password step.
  appPasswords: false,
  ...PROBE_PLACES,
});

test.use({
  realms: {
    [REALM]: demoLike({
      eventsEnabled: true,
      users: [
        testUser(ALICE),
        withOtp(BOB, ["Bob's phone", "Bob's tablet"]),
        testUser(CAROL, { roles: ["view-profile"] }),
        withOtp(DORA, ["Dora's phone", "Dora's tablet"]),
        testUser(ERIN, { requiredActions: ["UPDATE_PASSWORD"] }),
        testUser(FRANK),
        withOtp(GINA, ["Gina's phone"]),
      ],
    }),
    [OTHER_REALM]: demoLike({ eventsEnabled: true, users: [testUser(ALICE)] }),
    [QUIET_REALM]: demoLike({ eventsEnabled: false, users: [testUser(ALICE)] }),
    [OFF_REALM]: demoLike({ eventsEnabled: true, users: [testUser(ALICE)] }),
  },
});

// One sign-in after another, some of them counted in the events: in order.
test.describe.configure({ mode: "serial" });

// Keycloak's account console client carries only manage-account (and view-groups) of the account client in its
// tokens. For a user who may look but not change (Carol), the realm lets its tokens carry view-profile too.
test.beforeAll(async ({ admin }) => {
  const consoleClient = await admin.client(REALM, "account-console");
  const account = await admin.client(REALM, "account");
  const viewProfile = await admin.clients.findRole({ realm: REALM, id: account.id, roleName: "view-profile" });
  await admin.clients.addClientScopeMappings({ realm: REALM, id: consoleClient.id, client: account.id }, [
    viewProfile!,
  ]);
});

const api = (realm: string, path = "") => `${keycloakUrl()}/realms/${realm}/account-console-extension/${path}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type ActivityEvent = {
  time: number;
  type: string;
  credentialType: string | null;
  ipAddress: string | null;
  clientId: string | null;
  error: string | null;
};
type EventPage = { eventsEnabled: boolean; first: number; max: number; hasMore: boolean; events: ActivityEvent[] };

type StoredCredential = { id: string; type: string; userLabel?: string };

async function credentials(admin: KeycloakAdmin, username: string): Promise<StoredCredential[]> {
  const id = await admin.userId(REALM, username);
  // The Admin API lists a user's credentials in priority order.
  return (await admin.users.getCredentials({ realm: REALM, id })) as StoredCredential[];
}

/**
 * Signs in on the realm's own login page, answering the OTP page (with the device it preselects) when it comes,
 * and returns the bearer token the console then sends: a real token of the account console client.
 */
async function signInForToken(
  page: Page,
  realm: string,
  user: SignInUser,
  admin?: KeycloakAdmin,
): Promise<{ token: string; otpDevice?: string }> {
  await page.goto(accountUrl(realm));
  await submitLogin(page, user.username, user.password);
  let otpDevice: string | undefined;
  const heading = page.getByTestId("page-heading");
  const otpField = page.locator("#otp");
  await expect(heading.or(otpField).first()).toBeVisible({ timeout: 30_000 });
  if (await otpField.isVisible()) {
    if (!admin) throw new Error(`${user.username} has OTP credentials: pass the admin to read their labels`);
    const chosen = await selectedOtpCredential(page);
    const stored = await credentials(admin, user.username);
    otpDevice = stored.find((credential) => credential.id === chosen)?.userLabel;
    await otpField.fill(totp(SECRETS[otpDevice ?? ""] ?? ""));
    await page.locator("#kc-login").click();
  }
  await expect(heading).toBeVisible({ timeout: 30_000 });
  return { token: await consoleToken(page, realm), otpDevice };
}

async function directGrant(request: APIRequestContext, user: SignInUser, clientId = "admin-cli"): Promise<APIResponse> {
  return request.post(`${keycloakUrl()}/realms/${REALM}/protocol/openid-connect/token`, {
    form: { grant_type: "password", client_id: clientId, username: user.username, password: user.password },
  });
}

/** The probe, the events and a change to REALM's data all refuse the token alike. */
async function expectRefusedInRealm(request: APIRequestContext, token: string, status: number, error: string) {
  const headers = bearer(token);
  await expectError(await request.get(api(REALM), { headers }), status, error);
  await expectError(await request.get(api(REALM, "events"), { headers }), status, error);
  await expectError(await request.post(api(REALM, "credentials/x/default"), { headers }), status, error);
}

async function events(request: APIRequestContext, token: string, query = ""): Promise<EventPage> {
  const response = await request.get(api(REALM, `events${query}`), { headers: bearer(token) });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  return (await response.json()) as EventPage;
}

/** A failed sign-in on the realm's login page: a LOGIN_ERROR event of the account console client. */
async function failSignIn(browser: Browser, user: SignInUser) {
  await freshPage(browser, async (page) => {
    await page.goto(accountUrl(REALM));
    await submitLogin(page, user.username, `${user.password}-wrong`);
    await expect(page.locator("#password")).toBeVisible();
    await expect(page.locator("#input-error, .kc-feedback-text, .pf-m-danger").first()).toBeVisible();
  });
}

test.describe("the extension's API", () => {
  test("without a token, or with one that is not a token of this realm, every endpoint answers 401", async ({
    request,
  }) => {
    const calls = [
      (headers?: Record<string, string>) => request.get(api(REALM), { headers }),
      (headers?: Record<string, string>) => request.get(api(REALM, "events"), { headers }),
      (headers?: Record<string, string>) => request.post(api(REALM, "credentials/some-id/default"), { headers }),
    ];
    for (const call of calls) {
      const anonymous = await call();
      await expectError(anonymous, 401, "unauthorized");
      expect(anonymous.headers()["www-authenticate"]).toMatch(/^Bearer /);
      await expectError(await call(bearer("not-a-token")), 401, "unauthorized");
      await expectError(await call({ authorization: "Basic YWxpY2U6YWxpY2U=" }), 401, "unauthorized");
      await expectError(await call({ authorization: "Bearer" }), 401, "unauthorized");
      await expectError(await call({ authorization: "Bearer a b" }), 401, "unauthorized");
    }
  });

  test("a console token of another realm gets 401, though the same user name exists here", async ({
    browser,
    request,
  }) => {
    const { token } = await freshPage(browser, (page) => signInForToken(page, OTHER_REALM, ALICE));
    // The token works where it was issued ...
    expect((await request.get(api(OTHER_REALM), { headers: bearer(token) })).status()).toBe(200);
    // ... and nowhere else.
    await expectRefusedInRealm(request, token, 401, "unauthorized");
  });

  test("a valid token of another client of the realm (admin-cli) gets 403", async ({ request }) => {
    const grant = await directGrant(request, ALICE);
    expect(grant.status()).toBe(200);
    const token = ((await grant.json()) as { access_token: string }).access_token;
    await expectRefusedInRealm(request, token, 403, "forbidden");
  });

  test("while the realm's account client is disabled, every endpoint answers 404 with or without a token, as Keycloak's account pages do", async ({
    admin,
    browser,
    request,
  }) => {
    const { token } = await freshPage(browser, (page) => signInForToken(page, OFF_REALM, ALICE));
    const calls = {
      probe: (headers?: Record<string, string>) => request.get(api(OFF_REALM), { headers }),
      events: (headers?: Record<string, string>) => request.get(api(OFF_REALM, "events"), { headers }),
      makeDefault: (headers?: Record<string, string>) =>
        request.post(api(OFF_REALM, "credentials/some-id/default"), { headers }),
      texts: (headers?: Record<string, string>) => request.get(api(OFF_REALM, "messages/en"), { headers }),
    };
    expect((await calls.probe(bearer(token))).status()).toBe(200);
    expect((await calls.events(bearer(token))).status()).toBe(200);
    await admin.setClientEnabled(OFF_REALM, "account", false);
    try {
      expect((await request.get(`${keycloakUrl()}/realms/${OFF_REALM}/account/`)).status()).toBe(404);
      for (const [name, call] of Object.entries(calls)) {
        await test.step(name, async () => {
          // Before any token is looked at: a valid one, none, or a forged one get the same answer.
          await expectError(await call(bearer(token)), 404, "not_found");
          await expectError(await call(), 404, "not_found");
          await expectError(await call(bearer("not-a-token")), 404, "not_found");
        });
      }
    } finally {
      await admin.setClientEnabled(OFF_REALM, "account", true);
    }
    expect((await calls.probe(bearer(token))).status()).toBe(200);
  });

  test("answers Keycloak gives on these paths without the extension's code (405, an unknown path, OPTIONS) are its own, without Cache-Control and without data", async ({
    request,
  }) => {
    const wrongMethod = await request.put(api(REALM));
    expect(wrongMethod.status()).toBe(405);
    const unknown = await request.get(api(REALM, "no-such-endpoint"));
    expect(unknown.status()).toBe(404);
    // 26.7 answers OPTIONS itself (200 and Allow), 26.0 refuses it (405).
    const options = await request.fetch(api(REALM, "events"), { method: "OPTIONS" });
    expect([200, 405]).toContain(options.status());
    if (options.status() === 200) expect(options.headers()["allow"]).toContain("GET");
    for (const answer of [wrongMethod, unknown, options]) {
      // What docs/extension.md says of them: Keycloak's headers, no Cache-Control, and not the extension's error shape.
      expect(answer.headers()["cache-control"]).toBeUndefined();
      expect(await answer.text()).not.toContain("errorDescription");
      expect(answer.headers()["access-control-allow-origin"]).toBeUndefined();
    }
  });

  test("the probe reports the features and whether the realm saves events", async ({ browser, request }) => {
    const { token } = await freshPage(browser, (page) => signInForToken(page, REALM, ALICE));
    const response = await request.get(api(REALM), { headers: bearer(token) });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(await response.json()).toEqual(probeAnswer({ eventsEnabled: true }));
  });

  test("in a realm that saves no events: eventsEnabled false and an empty page, not an error", async ({
    browser,
    request,
  }) => {
    const { token } = await freshPage(browser, (page) => signInForToken(page, QUIET_REALM, ALICE));
    const probe = await request.get(api(QUIET_REALM), { headers: bearer(token) });
    expect(await probe.json()).toEqual(probeAnswer({ eventsEnabled: false }));
    const page = await request.get(api(QUIET_REALM, "events?max=5"), { headers: bearer(token) });
    expect(page.status()).toBe(200);
    expect(await page.json()).toEqual({ eventsEnabled: false, first: 0, max: 5, hasMore: false, events: [] });
  });

  test("lists the user's own sign-ins and failed sign-ins, newest first, with IP address, client and error; never another user's, whatever the query says", async ({
    admin,
    browser,
    request,
  }) => {
    // Bob fails and signs in too: none of it may reach Alice's list.
    await failSignIn(browser, BOB);
    await failSignIn(browser, ALICE);
    const { token } = await freshPage(browser, (page) => signInForToken(page, REALM, ALICE));
    const bobId = await admin.userId(REALM, BOB.username);
    const aliceId = await admin.userId(REALM, ALICE.username);

    const query = `?user=${bobId}&userId=${bobId}&username=${BOB.username}&realm=${OTHER_REALM}&type=CODE_TO_TOKEN`;
    const list = await events(request, token, query);
    expect(list).toMatchObject({ eventsEnabled: true, first: 0, max: 20 });
    const [newest, ...older] = list.events;
    // Newest first: the sign-in, then the failed one before it.
    expect(newest).toMatchObject({ type: "LOGIN", clientId: "account-console", error: null, credentialType: null });
    expect(newest!.ipAddress).toMatch(/\S/);
    const failed = older.find((event) => event.type === "LOGIN_ERROR");
    expect(failed).toMatchObject({ clientId: "account-console", error: "invalid_user_credentials" });
    expect(failed!.ipAddress).toMatch(/\S/);
    const times = list.events.map((event) => event.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const event of list.events) {
      expect(Object.keys(event).sort()).toEqual([
        "change",
        "clientId",
        "credentialType",
        "error",
        "ipAddress",
        "place",
        "time",
        "type",
      ]);
    }

    // Exactly Alice's stored events of the listed types, as the Admin API sees them: none of Bob's.
    const stored = await admin.realms.findEvents({ realm: REALM, max: 1000 });
    const bobTimes = stored.filter((event) => event.userId === bobId).map((event) => event.time);
    expect(bobTimes.length).toBeGreaterThan(0);
    expect(times.filter((time) => bobTimes.includes(time))).toEqual([]);
    const aliceListed = stored
      .filter((event) => event.userId === aliceId && ["LOGIN", "LOGIN_ERROR"].includes(event.type!))
      .map((event) => `${event.time} ${event.type}`);
    expect(list.events.map((event) => `${event.time} ${event.type}`).sort()).toEqual(aliceListed.sort());
    // Token exchanges of the console (CODE_TO_TOKEN) are stored but not listed.
    expect(stored.some((event) => event.userId === aliceId && event.type === "CODE_TO_TOKEN")).toBe(true);
    expect(list.events.some((event) => !["LOGIN", "LOGIN_ERROR"].includes(event.type!))).toBe(false);
  });

  test("caps the page size at 50 and refuses a page size or start that is not a number", async ({
    browser,
    request,
  }) => {
    // 55 failed sign-ins of Frank's (a password grant with a wrong password is a LOGIN_ERROR too).
    for (let attempt = 0; attempt < 55; attempt++) {
      const refused = await directGrant(request, { username: FRANK.username, password: "wrong" });
      expect(((await refused.json()) as { error: string }).error).toBe("invalid_grant");
    }
    const { token } = await freshPage(browser, (page) => signInForToken(page, REALM, FRANK));
    const capped = await events(request, token, "?max=100000");
    expect(capped.max).toBe(50);
    expect(capped.events).toHaveLength(50);
    expect(capped.hasMore).toBe(true);
    const last = await events(request, token, "?first=50&max=50");
    expect(last.first).toBe(50);
    expect(last.events.length).toBeGreaterThanOrEqual(6);
    expect(last.hasMore).toBe(false);
    // The two pages do not overlap.
    const firstTimes = new Set(capped.events.map((event) => `${event.time} ${event.type}`));
    expect(last.events.filter((event) => firstTimes.has(`${event.time} ${event.type}`))).toEqual([]);
    expect(await events(request, token, "?max=0&first=-5")).toMatchObject({ first: 0, max: 1 });
    expect((await events(request, token, "?max=0")).events).toHaveLength(1);

    for (const query of ["?max=abc", "?max=1.5", "?first=x", "?max=1e3", "?max=0x10"]) {
      await expectError(
        await request.get(api(REALM, `events${query}`), { headers: bearer(token) }),
        400,
        "invalid_parameter",
      );
    }
  });

  test("a password change at sign-in shows up as UPDATE_PASSWORD and UPDATE_CREDENTIAL with the credential type", async ({
    browser,
    request,
  }) => {
    const newPassword = "erin-new-pw-2";
    const token = await freshPage(browser, async (page) => {
      await page.goto(accountUrl(REALM));
      await submitLogin(page, ERIN.username, ERIN.password);
      await page.locator("#password-new").fill(newPassword);
      await page.locator("#password-confirm").fill(newPassword);
      await page
        .locator('#kc-form-buttons [type="submit"], input[type="submit"], button[type="submit"]')
        .first()
        .click();
      await expect(page.getByTestId("page-heading")).toBeVisible({ timeout: 30_000 });
      return consoleToken(page, REALM);
    });
    const list = await events(request, token);
    const credential = list.events.find((event) => event.type === "UPDATE_CREDENTIAL");
    expect(credential).toMatchObject({ credentialType: "password", error: null, clientId: "account-console" });
    expect(credential!.ipAddress).toMatch(/\S/);
    expect(list.events.find((event) => event.type === "UPDATE_PASSWORD")).toMatchObject({
      credentialType: "password",
    });
  });

  test("removing an authenticator application shows up as REMOVE_CREDENTIAL of type otp", async ({
    admin,
    browser,
    request,
  }) => {
    // Through the console's Signing in page and Keycloak's own confirmation page (the delete_credential action).
    const token = await freshPage(browser, async (page) => {
      const { token: bearerToken } = await signInForToken(page, REALM, GINA, admin);
      await page.goto(accountUrl(REALM, "account-security/signing-in"));
      await page.getByTestId("otp/credential-list").locator('[data-testrole="remove"]').click();
      await passReauthentication(page, "#kc-accept, [name=accept]", GINA.password);
      await page.locator("#kc-accept, [name=accept]").first().click();
      await expect(page.getByTestId("page-heading")).toBeVisible({ timeout: 30_000 });
      return bearerToken;
    });
    expect((await credentials(admin, GINA.username)).map((c) => c.type)).toEqual(["password"]);
    const list = await events(request, token);
    const removal = list.events.find((event) => event.type === "REMOVE_CREDENTIAL");
    expect(removal).toMatchObject({ credentialType: "otp", error: null, clientId: "account-console" });
    expect(removal!.ipAddress).toMatch(/\S/);
  });

  test("makes the user's second OTP device the default: the order changes, and the next sign-in offers it first", async ({
    admin,
    browser,
    request,
  }) => {
    const before = await credentials(admin, DORA.username);
    expect(before.map((credential) => credential.userLabel ?? credential.type)).toEqual([
      "password",
      "Dora's phone",
      "Dora's tablet",
    ]);
    const { token, otpDevice } = await freshPage(browser, (page) => signInForToken(page, REALM, DORA, admin));
    expect(otpDevice).toBe("Dora's phone");
    const tablet = before.find((credential) => credential.userLabel === "Dora's tablet")!;
    const makeDefault = (id: string, headers = bearer(token)) =>
      request.post(api(REALM, `credentials/${encodeURIComponent(id)}/default`), { headers });

    const doraId = await admin.userId(REALM, DORA.username);
    const updates = () => admin.realms.findEvents({ realm: REALM, type: "UPDATE_CREDENTIAL", user: doraId, max: 100 });
    expect(await updates()).toEqual([]);

    const moved = await makeDefault(tablet.id);
    expect(moved.status()).toBe(204);
    expect(moved.headers()["cache-control"]).toBe("no-store");
    const after = (await credentials(admin, DORA.username)).map(
      (credential) => credential.userLabel ?? credential.type,
    );
    expect(after).toEqual(["password", "Dora's tablet", "Dora's phone"]);

    // The change leaves a trail: a user event UPDATE_CREDENTIAL, as Keycloak records its own credential changes,
    // which admins see and Dora's own activity lists.
    const [recorded, ...more] = await updates();
    expect(more).toEqual([]);
    expect(recorded).toMatchObject({
      clientId: "account-console",
      details: {
        credential_type: "otp",
        credential_id: tablet.id,
        credential_user_label: "Dora's tablet",
        credential_change: "default_second_factor",
      },
    });
    const listed = (await events(request, token)).events.find((event) => event.type === "UPDATE_CREDENTIAL");
    expect(listed).toMatchObject({
      credentialType: "otp",
      clientId: "account-console",
      error: null,
      change: "default_second_factor",
    });
    expect(listed!.ipAddress).toMatch(/\S/);

    // Already the default: nothing changes, that is no error, and no event says otherwise.
    expect((await makeDefault(tablet.id)).status()).toBe(204);
    expect((await credentials(admin, DORA.username)).map((c) => c.userLabel ?? c.type)).toEqual(after);
    expect(await updates()).toHaveLength(1);

    // The next sign-in preselects the tablet on Keycloak's OTP page (its code is what signs in).
    const next = await freshPage(browser, (page) => signInForToken(page, REALM, DORA, admin));
    expect(next.otpDevice).toBe("Dora's tablet");
  });

  test("another user's credential is not found, and their order stays as it was; a password is refused", async ({
    admin,
    browser,
    request,
  }) => {
    const { token } = await freshPage(browser, (page) => signInForToken(page, REALM, ALICE));
    const bobsBefore = await credentials(admin, BOB.username);
    const bobsTablet = bobsBefore.find((credential) => credential.userLabel === "Bob's tablet")!;
    const makeDefault = (id: string) =>
      request.post(api(REALM, `credentials/${encodeURIComponent(id)}/default`), { headers: bearer(token) });

    await expectError(await makeDefault(bobsTablet.id), 404, "credential_not_found");
    await expectError(await makeDefault("00000000-0000-0000-0000-000000000000"), 404, "credential_not_found");
    // Bob's own password: still someone else's credential, so the same answer as an unknown id.
    await expectError(await makeDefault(bobsBefore[0]!.id), 404, "credential_not_found");
    expect(await credentials(admin, BOB.username)).toEqual(bobsBefore);

    const alicesPassword = (await credentials(admin, ALICE.username)).find((c) => c.type === "password")!;
    await expectError(await makeDefault(alicesPassword.id), 400, "not_second_factor");
  });

  test("reading needs view-profile, changing needs manage-account", async ({ admin, browser, request }) => {
    // Carol has view-profile only, and the console's token carries it.
    const { token } = await freshPage(browser, (page) => signInForToken(page, REALM, CAROL));
    const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as {
      resource_access?: { account?: { roles?: string[] } };
    };
    expect(claims.resource_access?.account?.roles).toEqual(["view-profile"]);
    expect((await request.get(api(REALM), { headers: bearer(token) })).status()).toBe(200);
    expect((await request.get(api(REALM, "events"), { headers: bearer(token) })).status()).toBe(200);
    const dorasTablet = (await credentials(admin, DORA.username)).find((c) => c.userLabel === "Dora's tablet")!;
    await expectError(
      await request.post(api(REALM, `credentials/${dorasTablet.id}/default`), { headers: bearer(token) }),
      403,
      "forbidden",
    );
  });
});
