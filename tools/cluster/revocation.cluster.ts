import { bothNodesUp, nodeUrl } from "./cluster.mjs";
import { offerAppPasswords } from "../../scripts/lib/keycloak-admin.mjs";
import { demoLike, testUser, pwUser, type SignInUser } from "../../tests/e2e/support/admin";
import { consoleAuthorization } from "../../tests/e2e/support/console-authorization";
import { expect, keycloakUrl, test } from "../../tests/e2e/support/test";

// What a user ends on one node is refused on the other at once (docs/production.md, "The cluster tests"): an app
// password revoked, lasting access ended, the account locked down. Every request here goes to one node's own port,
// not through the load balancer, so node A and node B are two Keycloak processes that share only the database and
// the cluster's caches. The issuer is the load balancer's address on both (KC_HOSTNAME), so a token from one node is
// valid on the other.
const REALM = "cluster-revocation";
const NODE_A = 0;
const NODE_B = 1;

/** Revokes an app password on A. */
const ALICE = pwUser("alice");
/** Ends lasting access on A. */
const BOB = pwUser("bob");
/** Locks the account down on A. */
const CAROL = pwUser("carol");

/** A program with lasting access: a password grant with the offline_access scope makes an offline session. */
const CLI = "garden-cli";
/** The mail server's client: a confidential one whose direct grant takes app passwords, set up with the least reach. */
const MAIL = { clientId: "mail-server", secret: "cluster-mail-secret" };

test.use({
  realms: {
    [REALM]: demoLike({
      // Users of an imported realm get no default roles: offline tokens need offline_access.
      users: [ALICE, BOB, CAROL].map((who) => testUser(who, { realmRoles: ["offline_access"] })),
      clients: [{ clientId: CLI, publicClient: true, standardFlowEnabled: false, directAccessGrantsEnabled: true }],
    }),
  },
});
test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ admin }) => {
  await bothNodesUp();
  // As docs/extension.md sets it up: full scope off and only the `basic` scope, so an app password's token carries no
  // account audience or role; the app-password flow as the client's direct-grant override. Made before the flow, so
  // that offerAppPasswords keeps this client as it is.
  await admin.clients.create({
    realm: REALM,
    clientId: MAIL.clientId,
    name: "Mail server",
    publicClient: false,
    secret: MAIL.secret,
    standardFlowEnabled: false,
    directAccessGrantsEnabled: true,
    fullScopeAllowed: false,
  });
  const mail = await admin.client(REALM, MAIL.clientId);
  for (const scope of await admin.clients.listDefaultClientScopes({ realm: REALM, id: mail.id })) {
    if (scope.name !== "basic") {
      await admin.clients.delDefaultClientScope({ realm: REALM, id: mail.id, clientScopeId: scope.id! });
    }
  }
  for (const scope of await admin.clients.listOptionalClientScopes({ realm: REALM, id: mail.id })) {
    await admin.clients.delOptionalClientScope({ realm: REALM, id: mail.id, clientScopeId: scope.id! });
  }
  const flow = await offerAppPasswords(admin, REALM, { clientId: MAIL.clientId });
  await admin.clients.update(
    { realm: REALM, id: mail.id },
    { ...(await admin.client(REALM, MAIL.clientId)), authenticationFlowBindingOverrides: { direct_grant: flow } },
  );
  const scopes = await admin.clients.listDefaultClientScopes({ realm: REALM, id: mail.id });
  expect(scopes.map((scope) => scope.name)).toEqual(["basic"]);
  expect(await admin.clients.listOptionalClientScopes({ realm: REALM, id: mail.id })).toEqual([]);
  // Lock-down would otherwise require a new password, and the direct grant refuses a user with a required action
  // whatever the password: the app password's refusal on B must come from its revocation alone.
  await admin.setRequiredAction(REALM, "UPDATE_PASSWORD", false);
});

const realmUrl = (node: number) => `${nodeUrl(node)}/realms/${REALM}`;
const tokenUrl = (node: number) => `${realmUrl(node)}/protocol/openid-connect/token`;

type Tokens = { access_token: string; refresh_token: string };

/** A token's claims, read without verifying: the test only looks at what it asked for. */
function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as Record<string, unknown>;
}

/** An answer's status with its body, so that a failed expectation says what the server said. */
async function described(response: Response): Promise<string> {
  return `${response.status} ${await response.clone().text()}`;
}

/**
 * Signs in to the console's client on one node, without a browser: its authorization request with PKCE, the login
 * form posted back to the same node (the form's address names the load balancer, KC_HOSTNAME), the code exchanged
 * there. A fresh sign-in, as the console's would be.
 */
async function signInOn(node: number, who: SignInUser): Promise<Tokens> {
  const redirectUri = `${keycloakUrl()}/realms/${REALM}/account/`;
  const { url: auth, verifier } = consoleAuthorization(realmUrl(node), redirectUri);
  const login = await fetch(auth, { redirect: "manual" });
  expect(login.status, await described(login)).toBe(200);
  // Keycloak marks its cookies Secure; fetch keeps no cookie jar: they go back by hand.
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const action = /id="kc-form-login"[^>]*?action="([^"]+)"/.exec(await login.text())?.[1]?.replaceAll("&amp;", "&");
  if (!action) throw new Error(`No login form on ${nodeUrl(node)}'s login page.`);
  const formAction = new URL(action);
  const posted = await fetch(new URL(formAction.pathname + formAction.search, nodeUrl(node)), {
    method: "POST",
    redirect: "manual",
    headers: { cookie },
    body: new URLSearchParams({ username: who.username, password: who.password, credentialId: "" }),
  });
  const code = new URL(posted.headers.get("location") ?? "", redirectUri).searchParams.get("code");
  if (posted.status !== 302 || !code) throw new Error(`Sign-in of ${who.username} refused: ${await described(posted)}`);
  const tokens = await fetch(tokenUrl(node), {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: "account-console",
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  expect(tokens.status, await described(tokens)).toBe(200);
  return (await tokens.json()) as Tokens;
}

/** A call of the console extension's API on one node, with the console's token. */
function extension(node: number, token: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${realmUrl(node)}/account-console-extension/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * Creates an app password on one node. Right after the caller's own sign-in: a create may ask for a fresh one
 * (Keycloak's maximum authentication age), which this is.
 */
async function createAppPassword(node: number, token: string, name: string): Promise<{ id: string; password: string }> {
  const response = await extension(node, token, "POST", "app-passwords", { name });
  expect(response.status, await described(response)).toBe(201);
  return (await response.json()) as { id: string; password: string };
}

/** The mail server checks what a user typed: its client's direct grant, on one node. */
function mailGrant(node: number, who: SignInUser, password: string): Promise<Response> {
  return fetch(tokenUrl(node), {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "password",
      client_id: MAIL.clientId,
      client_secret: MAIL.secret,
      username: who.username,
      password,
    }),
  });
}

/** Signed in by the app password: a token that reaches nothing of the account (the least-reach set-up). */
async function expectGranted(response: Response): Promise<void> {
  expect(response.status, await described(response)).toBe(200);
  const { access_token } = (await response.json()) as Tokens;
  expect([claims(access_token).aud ?? []].flat()).not.toContain("account");
}

/** A refused grant or refresh: Keycloak's `invalid_grant` (400, or 401 for credentials on some versions), no token. */
async function expectRefused(response: Response): Promise<void> {
  expect([400, 401], await described(response)).toContain(response.status);
  const body = (await response.json()) as { error?: string; access_token?: string };
  expect(body.error).toBe("invalid_grant");
  expect(body.access_token).toBeUndefined();
}

/** An application's sign-in that asks for lasting access, on one node: its offline token. */
async function offlineToken(node: number, who: SignInUser): Promise<string> {
  const response = await fetch(tokenUrl(node), {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "password",
      client_id: CLI,
      username: who.username,
      password: who.password,
      scope: "openid offline_access",
    }),
  });
  expect(response.status, await described(response)).toBe(200);
  const { refresh_token } = (await response.json()) as Tokens;
  expect(claims(refresh_token).typ).toBe("Offline");
  return refresh_token;
}

/** A refresh on one node, of the console's session or of the application's offline token. */
function refresh(node: number, clientId: string, token: string): Promise<Response> {
  return fetch(tokenUrl(node), {
    method: "POST",
    body: new URLSearchParams({ grant_type: "refresh_token", client_id: clientId, refresh_token: token }),
  });
}

/** Keycloak's own Account API on one node (the bearer check wants an active session). */
function accountApi(node: number, token: string): Promise<Response> {
  return fetch(`${realmUrl(node)}/account/`, {
    headers: { authorization: `Bearer ${token}`, accept: "application/json" },
  });
}

/**
 * Times a case: the whole of it, the end's request on A, and B's next request, the refused one. Shown in the report
 * and the output.
 */
function timing(name: string) {
  const started = Date.now();
  let ending = 0;
  let ended = 0;
  return {
    ending: () => void (ending = Date.now()),
    ended: () => void (ended = Date.now()),
    refused: () => {
      const figures = {
        endOnA: `${ended - ending} ms`,
        refusalOnB: `${Date.now() - ended} ms`,
        case: `${((Date.now() - started) / 1000).toFixed(1)} s`,
      };
      test.info().annotations.push({ type: "timing", description: JSON.stringify(figures) });
      console.log(`cluster test: ${name}: ${JSON.stringify(figures)}`);
    },
  };
}

test.describe("ended on one node, refused on the other at once", () => {
  test("an app password revoked on A is refused on B by the very next grant", async () => {
    const time = timing("app password revoked");
    const { access_token: consoleToken } = await signInOn(NODE_A, ALICE);
    const mail = await createAppPassword(NODE_A, consoleToken, "Mail");
    const calendar = await createAppPassword(NODE_A, consoleToken, "Calendar");
    await expectGranted(await mailGrant(NODE_B, ALICE, mail.password));

    time.ending();
    const revoked = await extension(NODE_A, consoleToken, "DELETE", `app-passwords/${encodeURIComponent(mail.id)}`);
    time.ended();
    const next = await mailGrant(NODE_B, ALICE, mail.password);
    time.refused();
    expect(revoked.status, await described(revoked)).toBe(204);
    await expectRefused(next);

    // B refuses that one, not every one: the other app password still signs in there.
    await expectGranted(await mailGrant(NODE_B, ALICE, calendar.password));
  });

  test("lasting access ended on A is refused on B by the very next refresh", async () => {
    const time = timing("lasting access ended");
    let offline = await offlineToken(NODE_B, BOB);
    const refreshed = await refresh(NODE_B, CLI, offline);
    expect(refreshed.status, await described(refreshed)).toBe(200);
    offline = ((await refreshed.json()) as Tokens).refresh_token;

    const { access_token: consoleToken } = await signInOn(NODE_A, BOB);
    const listed = await extension(NODE_A, consoleToken, "GET", "offline-sessions");
    expect(listed.status, await described(listed)).toBe(200);
    const { sessions } = (await listed.json()) as { sessions: { id: string; clients: { clientId: string }[] }[] };
    expect(sessions.map((session) => session.id)).toEqual([claims(offline).sid]);
    expect(sessions[0]?.clients.map((client) => client.clientId)).toEqual([CLI]);

    time.ending();
    const ended = await extension(
      NODE_A,
      consoleToken,
      "DELETE",
      `offline-sessions/${encodeURIComponent(sessions[0]!.id)}`,
    );
    time.ended();
    const next = await refresh(NODE_B, CLI, offline);
    time.refused();
    expect(ended.status, await described(ended)).toBe(204);
    await expectRefused(next);
  });

  test("lock-down on A ends the session, lasting access and app password held on B", async () => {
    const time = timing("lock-down");
    // Held on B: a console session (its refresh token and its access token), lasting access, and below an app
    // password, each used there once before the lock-down.
    const held = await signInOn(NODE_B, CAROL);
    const offline = await offlineToken(NODE_B, CAROL);
    const { access_token: consoleToken } = await signInOn(NODE_A, CAROL);
    const mail = await createAppPassword(NODE_A, consoleToken, "Mail");
    const refreshed = await refresh(NODE_B, "account-console", held.refresh_token);
    expect(refreshed.status, await described(refreshed)).toBe(200);
    const { access_token: heldAccess, refresh_token: heldRefresh } = (await refreshed.json()) as Tokens;
    const account = await accountApi(NODE_B, heldAccess);
    expect(account.status, await described(account)).toBe(200);
    await expectGranted(await mailGrant(NODE_B, CAROL, mail.password));

    time.ending();
    const locked = await extension(NODE_A, consoleToken, "POST", "lock-down");
    time.ended();
    const next = await refresh(NODE_B, "account-console", heldRefresh);
    time.refused();
    expect(locked.status, await described(locked)).toBe(200);
    const outcome = (await locked.json()) as Record<string, unknown>;
    // The console's session on A stays; the one on B and the mail server's grant are ended.
    expect(outcome).toMatchObject({ offlineSessionsEnded: 1, appPasswordsRevoked: 1, updatePasswordRequired: false });
    expect(outcome.sessionsEnded).toBeGreaterThanOrEqual(2);
    await expectRefused(next);
    expect((await accountApi(NODE_B, heldAccess)).status).toBe(401);
    await expectRefused(await mailGrant(NODE_B, CAROL, mail.password));
    await expectRefused(await refresh(NODE_B, CLI, offline));
    // B reads the user's app passwords as A left them: none.
    const listed = await extension(NODE_B, consoleToken, "GET", "app-passwords");
    expect(listed.status, await described(listed)).toBe(200);
    expect(((await listed.json()) as { appPasswords: unknown[] }).appPasswords).toEqual([]);
  });
});
