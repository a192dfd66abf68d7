import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { DEMO_USER, KeycloakAdmin } from "./admin";
import { loginButton, signIn, submitLogin } from "./browser";
import { consoleAuthorization } from "./console-authorization";
import { makeRealm, takePreparedRealm, type RealmRecipe, type RealmSource } from "./realms";

/** The Keycloak of this run: started by the global setup, or the one E2E_KEYCLOAK_URL names. */
export function keycloakUrl(): string {
  const url = process.env.E2E_KEYCLOAK_URL;
  if (!url) throw new Error("E2E_KEYCLOAK_URL is not set: run the browser tests through playwright.config.ts.");
  return url.replace(/\/$/, "");
}

export function accountUrl(realm: string, route = "", query = ""): string {
  return `${keycloakUrl()}/realms/${encodeURIComponent(realm)}/account/${route}${query}`;
}

export type User = { username: string; password: string };

/** Where a console opens and who signs in. */
export type ConsoleOptions = {
  realm?: string;
  route?: string;
  query?: string;
  user?: User;
  /**
   * Sign in through the login page in this test, with an SSO session of its own, instead of reusing the worker's
   * session of this user: for tests about signing in, and tests that sign out, end or count sessions.
   */
  ownSession?: boolean;
};

export type { RealmRecipe, RealmSource } from "./realms";

/** Playwright's storage state as a context takes it (`browser.newContext({ storageState })`). */
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * The worker's signed-in states, one per realm, user and browser language: Keycloak's SSO cookies (set on the
 * Keycloak origin, where keycloak-js's silent check finds them) taken after a sign-in through the login page.
 */
type SignIns = Map<string, Promise<StorageState>>;

/** A shared session a test has used: checked after the test, which fails if it ended that session. */
type SharedUse = { key: string; realm: string; user: User };

type WorkerFixtures = {
  /** Admin REST API of the run's Keycloak (admin/admin of the master realm). */
  admin: KeycloakAdmin;
  /**
   * Option: the realms this file needs, by name: created through the Admin API before its first test, side by side
   * (a failed test restarts the worker, which creates them anew), deleted after its last (unless the run's server is
   * stopped after the run anyway: E2E_KEYCLOAK_DISPOSABLE). A recipe's realm is furnished too; one the global setup
   * made ahead for this run (tests/e2e/global-setup.ts) is taken as it is, by the first worker that names it.
   */
  realms: Record<string, RealmSource | RealmRecipe>;
  realmLifecycle: void;
  signIns: SignIns;
};

type TestFixtures = {
  /** Option: the realm, route, query and user of `consolePage` (default: the demo realm's personal info, alice). */
  account: ConsoleOptions;
  /**
   * The built-in page (its viewport and locale follow test.use), signed in on `account`'s console: with the worker's
   * SSO session of that user (signed in through Keycloak's login page once), or its own sign-in (`ownSession`).
   */
  consolePage: Page;
  /** Opens a signed-in console in a fresh browser context of its own (closed after the test); for more than one. */
  openConsole: (
    realm: string,
    options?: Omit<ConsoleOptions, "realm"> & { viewport?: { width: number; height: number }; locale?: string },
  ) => Promise<Page>;
};

/** Keycloak's SSO cookies: what keeps a browser signed in (its login and status-frame cookies are left out). */
const SSO_COOKIE = /^KEYCLOAK_(IDENTITY|SESSION)(_LEGACY)?$/;

async function ssoState(context: BrowserContext): Promise<StorageState> {
  const state = await context.storageState();
  return { cookies: state.cookies.filter((cookie) => SSO_COOKIE.test(cookie.name)), origins: [] };
}

/**
 * The SSO session these cookies hold and its user: KEYCLOAK_IDENTITY is a signed token whose `sid` and `sub` claims
 * name them. Read here, not verified: it only tells the test which session to look for, and whose.
 */
function identityOf(state: StorageState): { sid: string; sub: string } {
  const identity = state.cookies.find((cookie) => /^KEYCLOAK_IDENTITY(_LEGACY)?$/.test(cookie.name));
  const payload = identity?.value.split(".")[1];
  const { sid, sub } = payload
    ? (JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>)
    : {};
  if (typeof sid !== "string" || typeof sub !== "string") {
    throw new Error("The sign-in left no KEYCLOAK_IDENTITY cookie with a session and a user id.");
  }
  return { sid, sub };
}

/**
 * Opens `url` on `page` signed in as `user`: with the worker's SSO session of that user when there is one, else
 * through the login page (whose session then becomes the worker's). Returns the shared session it used, if any.
 * A shared session that has ended fails the test: signing in again would hide a test that ended it by mistake.
 */
async function openSignedIn(
  page: Page,
  signIns: SignIns,
  {
    url,
    realm,
    user,
    locale,
    ownSession,
  }: { url: string; realm: string; user: User; locale: string; ownSession?: boolean },
): Promise<SharedUse | undefined> {
  if (ownSession) {
    await page.goto(url);
    await signIn(page, user.username, user.password);
    return undefined;
  }
  const key = JSON.stringify([realm, user.username, locale]);
  const shared = signIns.get(key);
  if (shared) {
    await page.context().addCookies((await shared).cookies);
    await page.goto(url);
    const heading = page.getByTestId("page-heading");
    // The first page after a sign-in loads the app, its translations and the page's data: allow it more time.
    await expect(heading.or(loginButton(page)).first()).toBeVisible({ timeout: 30_000 });
    if (!(await heading.isVisible())) {
      throw new Error(
        `The worker's session of ${user.username} in ${realm} has ended, and the test that ended it passed: ` +
          "a test that signs out or ends sessions needs ownSession: true.",
      );
    }
  } else {
    const signedIn = signInOnLoginPage(page, realm, user).then(() => ssoState(page.context()));
    signIns.set(key, signedIn);
    await signedIn;
    await page.goto(url);
    await expect(page.getByTestId("page-heading")).toBeVisible({ timeout: 30_000 });
  }
  return { key, realm, user };
}

/**
 * Signs `user` in on Keycloak's login page for the console's client, asked for directly, and stops at the redirect
 * back to the console (its SSO cookies are set by then): the console's load that would only have sent the browser to
 * that page, and its load on the way back, are left out. The console is then opened as for a shared session.
 */
async function signInOnLoginPage(page: Page, realm: string, user: User): Promise<void> {
  const landing = accountUrl(realm);
  // No code is exchanged here: the verifier is not needed.
  const { url: auth } = consoleAuthorization(`${keycloakUrl()}/realms/${encodeURIComponent(realm)}`, landing, {
    response_mode: "fragment",
  });
  const arrived = (request: URL) => request.href.startsWith(landing);
  await page.route(arrived, (route) => route.fulfill({ contentType: "text/html", body: "<title>Signed in</title>" }));
  try {
    await page.goto(auth.href);
    await submitLogin(page, user.username, user.password);
    await page.waitForURL(arrived);
  } finally {
    await page.unroute(arrived);
  }
}

/**
 * After a test: every shared session it used must still be there. A test that ends one (a sign-out, the Admin API's
 * logout) without `ownSession` fails here, naming the session, instead of leaving the next test the login page.
 */
async function expectSharedSessionsKept(admin: KeycloakAdmin, signIns: SignIns, used: SharedUse[]): Promise<void> {
  for (const { key, realm, user } of new Map(used.map((use) => [use.key, use])).values()) {
    const state = await signIns.get(key);
    if (!state) continue;
    const { sid, sub } = identityOf(state);
    const sessions = await admin.users.listSessions({ realm, id: sub });
    if (!sessions.some((session) => session.id === sid)) {
      signIns.delete(key);
      throw new Error(
        `This test ended the worker's shared session of ${user.username} in ${realm} (${sid}): a test that signs ` +
          "out or ends sessions signs in on its own (account or openConsole with ownSession: true).",
      );
    }
  }
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  admin: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      await use(new KeycloakAdmin(keycloakUrl()));
    },
    { scope: "worker" },
  ],
  realms: [{}, { scope: "worker", option: true }],
  realmLifecycle: [
    async ({ admin, realms }, use) => {
      // Side by side: each is a chain of requests the server answers mostly on one core.
      const names = await Promise.all(
        Object.entries(realms).map(async ([realm, source]) =>
          (await takePreparedRealm(realm)) ? realm : makeRealm(admin, realm, source),
        ),
      );
      await use();
      // A server started for this run only (E2E_KEYCLOAK_DISPOSABLE) is stopped with its realms: deleting them here
      // would hold the next file's worker back for seconds. A reused server gets them deleted.
      if (process.env.E2E_KEYCLOAK_DISPOSABLE) return;
      for (const name of names.reverse()) await admin.realms.del({ realm: name }).catch(() => undefined);
    },
    // Furnishing a realm (tests/e2e/a11y/realm.ts) takes tens of seconds on a busy machine.
    { scope: "worker", auto: true, timeout: 180_000 },
  ],
  signIns: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      await use(new Map());
    },
    { scope: "worker" },
  ],

  account: [{}, { option: true }],
  consolePage: async ({ page, account, locale, signIns, admin }, use) => {
    const { realm = "demo", route = "", query = "", user = DEMO_USER, ownSession } = account;
    const shared = await openSignedIn(page, signIns, {
      url: accountUrl(realm, route, query),
      realm,
      user,
      locale: locale ?? "",
      ownSession,
    });
    await use(page);
    if (shared) await expectSharedSessionsKept(admin, signIns, [shared]);
  },
  openConsole: async ({ browser, signIns, admin }, use) => {
    const contexts: BrowserContext[] = [];
    const used: SharedUse[] = [];
    await use(
      async (realm, { route = "", query = "", user = DEMO_USER, viewport, locale = "en-US", ownSession } = {}) => {
        const context = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 800 }, locale });
        contexts.push(context);
        const page = await context.newPage();
        const shared = await openSignedIn(page, signIns, {
          url: accountUrl(realm, route, query),
          realm,
          user,
          locale,
          ownSession,
        });
        if (shared) used.push(shared);
        return page;
      },
    );
    await Promise.all(contexts.map((context) => context.close()));
    await expectSharedSessionsKept(admin, signIns, used);
  },
});

export { expect };

/** The environment the theme template injected, parsed as the app parses it. */
export async function pageEnvironment(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator("#environment").textContent();
  return JSON.parse(text ?? "") as Record<string, unknown>;
}
