import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import { demoLike, testUser, type KeycloakAdmin, pwUser, type SignInUser } from "./support/admin";
import { consoleToken, freshPage, submitLogin } from "./support/browser";
import { expectError } from "./support/extension";
import { accountUrl, expect, keycloakUrl, test } from "./support/test";

// Ending one application's session from the Applications page (the extension's DELETE application-sessions,
// docs/extension.md): the refusals of its API, then the whole way through the console, with a small receiver on
// 127.0.0.1 standing in for the applications (their redirect URI and their backchannel logout URL).
const REALM = "e2e-app-sessions";
/** Has the same user names and a client that REALM lacks. */
const OTHER_REALM = "e2e-app-sessions-other";

const ALICE = pwUser("alice");
const BOB = pwUser("bob");
/** May look (view-profile) but not change (no manage-account). */
const CAROL = pwUser("carol");

/** A confidential OIDC application; its redirect URI and backchannel logout URL are set once the receiver listens. */
const application = (clientId: string, name: string) => ({
  clientId,
  name,
  secret: `${clientId}-secret`,
  publicClient: false,
  standardFlowEnabled: true,
  directAccessGrantsEnabled: false,
  // Keycloak notifies a client on the backchannel only where it does not use front-channel logout.
  frontchannelLogout: false,
  redirectUris: [],
});

const APP_A = { clientId: "app-a", name: "Garden Planner" };
const APP_B = { clientId: "app-b", name: "Tea Room" };
/** An application nobody signs in to. */
const IDLE = { clientId: "idle-app", name: "Croquet Club" };
/** Exists in OTHER_REALM only. */
const OTHER_APP = "looking-glass";

test.use({
  realms: {
    [REALM]: demoLike({
      eventsEnabled: true,
      users: [testUser(ALICE), testUser(BOB), testUser(CAROL, { roles: ["view-profile"] })],
      clients: [APP_A, APP_B, IDLE].map(({ clientId, name }) => application(clientId, name)),
    }),
    [OTHER_REALM]: demoLike({
      users: [testUser(ALICE)],
      clients: [application(OTHER_APP, "Looking Glass")],
    }),
  },
});

// Sessions are made and ended one test after another: in order.
test.describe.configure({ mode: "serial" });

/** What the receiver was sent on the backchannel: the logout tokens' claims, by client. */
type LogoutClaims = { aud: string | string[]; sub?: string; sid?: string; events?: Record<string, unknown> };
type Receiver = { server: Server; base: string; logouts: Map<string, LogoutClaims[]> };
let receiver: Receiver | undefined;

const payloadOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString()) as LogoutClaims;

/**
 * The applications' side: `GET /callback/<client>` is where Keycloak sends the browser with a code (answered with a
 * short page), `POST /backchannel/<client>` where it posts a logout token (OpenID Connect back-channel logout).
 */
async function startReceiver(): Promise<Receiver> {
  const logouts = new Map<string, LogoutClaims[]>();
  const server = createServer((request, response) => {
    const [, kind, clientId] = /^\/(callback|backchannel)\/([\w-]+)/.exec(request.url ?? "") ?? [];
    if (kind === "callback") {
      response.writeHead(200, { "content-type": "text/html" }).end(`<h1 id="signed-in">${clientId}</h1>`);
      return;
    }
    if (kind === "backchannel" && request.method === "POST" && clientId) {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        const token = new URLSearchParams(body).get("logout_token");
        if (token) logouts.set(clientId, [...(logouts.get(clientId) ?? []), payloadOf(token)]);
        response.writeHead(token ? 200 : 400).end();
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}`, logouts };
}

// The receiver's address becomes each application's redirect URI and backchannel logout URL, as an admin sets them.
test.beforeAll(async ({ admin }) => {
  receiver = await startReceiver();
  // Keycloak's account console client carries only manage-account of the account client in its tokens: for a user who
  // may look but not change (Carol), the realm lets them carry view-profile too, so that her console opens.
  const consoleClient = await admin.client(REALM, "account-console");
  const account = await admin.client(REALM, "account");
  const viewProfile = await admin.clients.findRole({ realm: REALM, id: account.id, roleName: "view-profile" });
  await admin.clients.addClientScopeMappings({ realm: REALM, id: consoleClient.id, client: account.id }, [
    viewProfile!,
  ]);
  for (const [realm, clientId] of [
    [REALM, APP_A.clientId],
    [REALM, APP_B.clientId],
    [REALM, IDLE.clientId],
    [OTHER_REALM, OTHER_APP],
  ] as const) {
    const client = await admin.client(realm, clientId);
    await admin.clients.update(
      { realm, id: client.id },
      {
        ...client,
        redirectUris: [`${receiver.base}/callback/${clientId}`],
        attributes: {
          ...client.attributes,
          "backchannel.logout.url": `${receiver.base}/backchannel/${clientId}`,
          "backchannel.logout.session.required": "true",
        },
      },
    );
  }
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver?.server.close(resolve));
});

const api = (realm: string, query = "") =>
  `${keycloakUrl()}/realms/${realm}/account-console-extension/application-sessions${query}`;
const forClient = (clientId: string) => `?${new URLSearchParams({ clientId })}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in to the realm's console on the login page and returns the bearer token the console then sends. */
async function signedInToken(page: Page, realm: string, user: SignInUser): Promise<string> {
  await page.goto(accountUrl(realm));
  await submitLogin(page, user.username, user.password);
  await expect(page.getByTestId("page-heading")).toBeVisible({ timeout: 30_000 });
  return consoleToken(page, realm);
}

/**
 * Signs in to an application in this browser (with its SSO session, or on the login page when `user` is given), as
 * the application would: Keycloak's authorization endpoint, the code to the receiver, the code exchanged for tokens.
 * Returns the application's refresh token.
 */
async function signInToApplication(
  page: Page,
  request: APIRequestContext,
  realm: string,
  clientId: string,
  user?: SignInUser,
): Promise<string> {
  const redirectUri = `${receiver!.base}/callback/${clientId}`;
  const query = new URLSearchParams({
    client_id: clientId,
    response_type: "code",
    scope: "openid",
    redirect_uri: redirectUri,
  });
  await page.goto(`${keycloakUrl()}/realms/${realm}/protocol/openid-connect/auth?${query}`);
  if (user) await submitLogin(page, user.username, user.password);
  await expect(page.locator("#signed-in")).toHaveText(clientId);
  const code = new URL(page.url()).searchParams.get("code");
  expect(code).toBeTruthy();
  const tokens = await request.post(`${keycloakUrl()}/realms/${realm}/protocol/openid-connect/token`, {
    form: {
      grant_type: "authorization_code",
      code: code!,
      redirect_uri: redirectUri,
      client_id: clientId,
      client_secret: `${clientId}-secret`,
    },
  });
  expect(tokens.status()).toBe(200);
  return ((await tokens.json()) as { refresh_token: string }).refresh_token;
}

/** The application's refresh: 200 while its session lasts, 400 `invalid_grant` once it has ended. */
async function refresh(request: APIRequestContext, clientId: string, refreshToken: string): Promise<APIResponse> {
  return request.post(`${keycloakUrl()}/realms/${REALM}/protocol/openid-connect/token`, {
    form: {
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: clientId,
      client_secret: `${clientId}-secret`,
    },
  });
}

type AdminSession = { id: string; clients: Record<string, string> };

/** The user's SSO sessions as the Admin API lists them, each with the client ids signed in through it. */
async function sessions(admin: KeycloakAdmin, realm: string, username: string): Promise<AdminSession[]> {
  const id = await admin.userId(realm, username);
  return (await admin.users.listSessions({ realm, id })) as AdminSession[];
}

const signedInTo = async (admin: KeycloakAdmin, username: string) =>
  (await sessions(admin, REALM, username)).flatMap((session) => Object.values(session.clients)).sort();

test.describe("the API that ends an application's session", () => {
  test("refuses a caller without a token, with a forged one, or with one of another realm (401)", async ({
    browser,
    request,
  }) => {
    const anonymous = await request.delete(api(REALM, forClient(APP_A.clientId)));
    await expectError(anonymous, 401, "unauthorized");
    expect(anonymous.headers()["www-authenticate"]).toMatch(/^Bearer /);
    await expectError(
      await request.delete(api(REALM, forClient(APP_A.clientId)), { headers: bearer("not-a-token") }),
      401,
      "unauthorized",
    );
    const otherRealmToken = await freshPage(browser, (page) => signedInToken(page, OTHER_REALM, ALICE));
    // The token works where it was issued (Alice has no session with the application there) ...
    await expectError(
      await request.delete(api(OTHER_REALM, forClient(OTHER_APP)), { headers: bearer(otherRealmToken) }),
      404,
      "session_not_found",
    );
    // ... and nowhere else, though REALM has a user of the same name.
    await expectError(
      await request.delete(api(REALM, forClient(APP_A.clientId)), { headers: bearer(otherRealmToken) }),
      401,
      "unauthorized",
    );
  });

  test("refuses wrong input with a clear error and changes nothing; never reaches another user's sessions", async ({
    admin,
    browser,
    request,
  }) => {
    await freshPage(browser, async (bobPage) => {
      // Bob is signed in to Tea Room; Alice to Garden Planner (and her console).
      await signedInToken(bobPage, REALM, BOB);
      await signInToApplication(bobPage, request, REALM, APP_B.clientId);
      await freshPage(browser, async (page) => {
        const token = await signedInToken(page, REALM, ALICE);
        await signInToApplication(page, request, REALM, APP_A.clientId);
        const before = { alice: await signedInTo(admin, "alice"), bob: await signedInTo(admin, "bob") };
        expect(before.alice).toEqual(["account-console", APP_A.clientId]);
        expect(before.bob).toEqual(["account-console", APP_B.clientId]);

        const end = (query: string) => request.delete(api(REALM, query), { headers: bearer(token) });
        await test.step("an application the realm does not have", async () => {
          await expectError(await end(forClient("no-such-app")), 404, "client_not_found");
        });
        await test.step("a client id of another realm", async () => {
          await expectError(await end(forClient(OTHER_APP)), 404, "client_not_found");
        });
        await test.step("an application she has no session with, though another user has (Bob's Tea Room)", async () => {
          await expectError(await end(forClient(APP_B.clientId)), 404, "session_not_found");
          await expectError(await end(forClient(IDLE.clientId)), 404, "session_not_found");
        });
        await test.step("the console itself", async () => {
          await expectError(await end(forClient("account-console")), 400, "not_allowed");
        });
        await test.step("an oversized, missing, empty or repeated clientId", async () => {
          await expectError(await end(forClient("a".repeat(256))), 400, "invalid_parameter");
          await expectError(await end(forClient(`${APP_A.clientId}${"x".repeat(5000)}`)), 400, "invalid_parameter");
          await expectError(await end(""), 400, "invalid_parameter");
          await expectError(await end("?clientId="), 400, "invalid_parameter");
          await expectError(
            await end(`?clientId=${APP_A.clientId}&clientId=${APP_B.clientId}`),
            400,
            "invalid_parameter",
          );
        });
        // Nothing was ended by any of them.
        expect(await signedInTo(admin, "alice")).toEqual(before.alice);
        expect(await signedInTo(admin, "bob")).toEqual(before.bob);
        expect(receiver!.logouts.size).toBe(0);
      });
    });
    // The sessions of this test end here, so that the page's test below starts with none but its own.
    for (const username of ["alice", "bob"]) {
      await admin.users.logout({ realm: REALM, id: await admin.userId(REALM, username) });
    }
  });

  test("needs manage-account: a user without it gets 403 and nothing ends", async ({ admin, browser, request }) => {
    await freshPage(browser, async (page) => {
      const token = await signedInToken(page, REALM, CAROL);
      await signInToApplication(page, request, REALM, APP_A.clientId);
      await expectError(
        await request.delete(api(REALM, forClient(APP_A.clientId)), { headers: bearer(token) }),
        403,
        "forbidden",
      );
      expect(await signedInTo(admin, "carol")).toContain(APP_A.clientId);
    });
  });

  test("while the realm's account client is disabled, it answers 404 with or without a token, and nothing ends", async ({
    admin,
    browser,
    request,
  }) => {
    await freshPage(browser, async (page) => {
      const token = await signedInToken(page, OTHER_REALM, ALICE);
      await signInToApplication(page, request, OTHER_REALM, OTHER_APP);
      await admin.setClientEnabled(OTHER_REALM, "account", false);
      try {
        for (const headers of [bearer(token), undefined, bearer("not-a-token")]) {
          await expectError(
            await request.delete(api(OTHER_REALM, forClient(OTHER_APP)), { headers }),
            404,
            "not_found",
          );
        }
      } finally {
        await admin.setClientEnabled(OTHER_REALM, "account", true);
      }
      const clients = (await sessions(admin, OTHER_REALM, "alice")).flatMap((session) =>
        Object.values(session.clients),
      );
      expect(clients).toContain(OTHER_APP);
      expect(receiver!.logouts.get(OTHER_APP)).toBeUndefined();
    });
  });
});

test.describe("ending an application's session on the Applications page", () => {
  test.use({ account: { realm: REALM, route: "applications", user: ALICE, ownSession: true } });

  test("ends one application's sessions on every device after a confirmation; the application hears it on its backchannel, another application and the console stay signed in @core", async ({
    admin,
    browser,
    consolePage: page,
    request,
  }) => {
    receiver!.logouts.clear();
    // In the console's browser: both applications, through the SSO session. On a second device: Garden Planner only.
    const gardenHere = await signInToApplication(page, request, REALM, APP_A.clientId);
    const teaHere = await signInToApplication(page, request, REALM, APP_B.clientId);
    const { gardenThere, otherDevice } = await freshPage(browser, async (phone) => ({
      gardenThere: await signInToApplication(phone, request, REALM, APP_A.clientId, ALICE),
      otherDevice: (await sessions(admin, REALM, "alice")).find(
        (session) => !Object.values(session.clients).includes("account-console"),
      ),
    }));
    expect(otherDevice).toBeDefined();
    const consoleSession = (await sessions(admin, REALM, "alice")).find((session) =>
      Object.values(session.clients).includes("account-console"),
    )!;
    expect(Object.values(consoleSession.clients).sort()).toEqual(["account-console", APP_A.clientId, APP_B.clientId]);

    await page.goto(accountUrl(REALM, "applications"));
    const row = (name: string) => page.getByTestId("applications-list-item").filter({ hasText: name });
    await expect(row(APP_A.name)).toContainText("In use");
    await expect(row(APP_B.name)).toContainText("In use");
    // The console's own row offers no such action.
    await page.getByTestId("toggle-account-console").click();
    await expect(page.getByTestId("toggle-account-console")).toHaveAttribute("aria-expanded", "true");

    await page.getByTestId(`toggle-${APP_A.clientId}`).click();
    const endButton = row(APP_A.name).getByRole("button", { name: "End session" });
    await expect(endButton).toBeVisible();
    await expect(page.getByRole("button", { name: "End session" })).toHaveCount(1);
    // By keyboard: the button, then the dialog's own confirm.
    await endButton.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `End your session with ${APP_A.name}?` });
    await expect(dialog).toContainText("stay signed in");
    await dialog.getByRole("button", { name: "End session" }).click();
    await expect(page.getByTestId("last-alert")).toContainText(`You are signed out of ${APP_A.name}.`);
    // The list is read again: the Account API lists an application with no session, consent or offline token no more.
    await expect(row(APP_A.name)).toHaveCount(0);
    await expect(row(APP_B.name)).toContainText("In use");

    // The application was told on its backchannel, once per session it had, with the user and each session.
    await expect.poll(() => receiver!.logouts.get(APP_A.clientId)?.length ?? 0).toBe(2);
    const userId = await admin.userId(REALM, "alice");
    const told = receiver!.logouts.get(APP_A.clientId)!;
    expect(told.map((claims) => claims.sid).sort()).toEqual([consoleSession.id, otherDevice!.id].sort());
    for (const claims of told) {
      expect([claims.aud].flat()).toContain(APP_A.clientId);
      expect(claims.sub).toBe(userId);
      expect(claims.events).toHaveProperty(["http://schemas.openid.net/event/backchannel-logout"]);
    }
    expect(receiver!.logouts.get(APP_B.clientId)).toBeUndefined();

    // Garden Planner's sessions have ended on both devices; Tea Room's goes on.
    expect((await refresh(request, APP_A.clientId, gardenHere)).status()).toBe(400);
    expect((await refresh(request, APP_A.clientId, gardenThere)).status()).toBe(400);
    expect((await refresh(request, APP_B.clientId, teaHere)).status()).toBe(200);
    // The console's SSO session is still there without Garden Planner; the other device's, left with no application,
    // is gone.
    const after = await sessions(admin, REALM, "alice");
    expect(after.map((session) => session.id)).toEqual([consoleSession.id]);
    expect(Object.values(after[0]!.clients).sort()).toEqual(["account-console", APP_B.clientId]);

    // Recorded as Keycloak records a sign-out: LOGOUT of the user and the application, one per session.
    const events = await admin.realms.findEvents({ realm: REALM, type: "LOGOUT", client: APP_A.clientId });
    expect(events.map((event) => event.sessionId).sort()).toEqual([consoleSession.id, otherDevice!.id].sort());
    expect(events.every((event) => event.userId === userId)).toBe(true);

    // Device activity shows the console's session without the application.
    await page.goto(accountUrl(REALM, "account-security/device-activity"));
    const current = page.getByTestId(/^row-/).filter({ hasText: "Current session" });
    await expect(current).toContainText(APP_B.name);
    await expect(current).not.toContainText(APP_A.name);
    await expect(page.getByTestId(/^row-/)).toHaveCount(1);
  });
});
