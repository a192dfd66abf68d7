import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { DEMO_USER, KeycloakAdmin, type RealmJson } from "./admin";
import { loginButton, signIn } from "./browser";

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

/** A realm's JSON, or a function giving it (for JSON that needs the server's address, known only once tests run). */
export type RealmSource = RealmJson | (() => RealmJson);

/** Playwright's storage state as a context takes it (`browser.newContext({ storageState })`). */
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * The worker's signed-in states, one per realm, user and browser language: Keycloak's SSO cookies (set on the
 * Keycloak origin, where keycloak-js's silent check finds them) taken after a sign-in through the login page.
 */
type SignIns = Map<string, Promise<StorageState>>;

type WorkerFixtures = {
  /** Admin REST API of the run's Keycloak (admin/admin of the master realm). */
  admin: KeycloakAdmin;
  /**
   * Option: the realms this file needs, by name: created through the Admin API before its first test (a failed test
   * restarts the worker, which creates them anew), deleted after its last (unless the run's server is stopped
   * after the run anyway: E2E_KEYCLOAK_DISPOSABLE).
   */
  realms: Record<string, RealmSource>;
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
 * Opens `url` on `page` signed in as `user`: with the worker's SSO session of that user when there is one, else
 * through the login page (whose session then becomes the worker's). A session that has ended (a test signed the
 * user out everywhere) shows the login page instead: it signs in there, and that session is shared from then on.
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
): Promise<void> {
  if (ownSession) {
    await page.goto(url);
    await signIn(page, user.username, user.password);
    return;
  }
  const key = JSON.stringify([realm, user.username, locale]);
  const shared = await signIns.get(key)?.catch(() => undefined);
  if (shared) {
    await page.context().addCookies(shared.cookies);
    await page.goto(url);
    const heading = page.getByTestId("page-heading");
    // The first page after a sign-in loads the app, its translations and the page's data: allow it more time.
    await expect(heading.or(loginButton(page)).first()).toBeVisible({ timeout: 30_000 });
    if (await heading.isVisible()) return;
    test.info().annotations.push({ type: "signed in again", description: `${user.username} in ${realm}` });
  } else {
    await page.goto(url);
  }
  const signedIn = signIn(page, user.username, user.password).then(() => ssoState(page.context()));
  signIns.set(key, signedIn);
  await signedIn;
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
      const names: string[] = [];
      for (const [realm, source] of Object.entries(realms)) {
        names.push(await admin.createRealm({ ...(typeof source === "function" ? source() : source), realm }));
      }
      await use();
      // A server started for this run only (E2E_KEYCLOAK_DISPOSABLE) is stopped with its realms: deleting them here
      // would hold the next file's worker back for seconds. A reused server gets them deleted.
      if (process.env.E2E_KEYCLOAK_DISPOSABLE) return;
      for (const name of names.reverse()) await admin.deleteRealm(name).catch(() => undefined);
    },
    { scope: "worker", auto: true },
  ],
  signIns: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      await use(new Map());
    },
    { scope: "worker" },
  ],

  account: [{}, { option: true }],
  consolePage: async ({ page, account, locale, signIns }, use) => {
    const { realm = "demo", route = "", query = "", user = DEMO_USER, ownSession } = account;
    await openSignedIn(page, signIns, {
      url: accountUrl(realm, route, query),
      realm,
      user,
      locale: locale ?? "",
      ownSession,
    });
    await use(page);
  },
  openConsole: async ({ browser, signIns }, use) => {
    const contexts: BrowserContext[] = [];
    await use(
      async (realm, { route = "", query = "", user = DEMO_USER, viewport, locale = "en-US", ownSession } = {}) => {
        const context = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 800 }, locale });
        contexts.push(context);
        const page = await context.newPage();
        await openSignedIn(page, signIns, { url: accountUrl(realm, route, query), realm, user, locale, ownSession });
        return page;
      },
    );
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };

/** The environment the theme template injected, parsed as the app parses it. */
export async function pageEnvironment(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator("#environment").textContent();
  return JSON.parse(text ?? "") as Record<string, unknown>;
}
