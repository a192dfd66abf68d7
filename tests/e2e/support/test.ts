import { test as base, expect, type Page } from "@playwright/test";
import { DEMO_USER, KeycloakAdmin, type RealmJson } from "./admin";
import { signIn } from "./browser";

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
export type ConsoleOptions = { realm?: string; route?: string; query?: string; user?: User };

/** A realm's JSON, or a function giving it (for JSON that needs the server's address, known only once tests run). */
export type RealmSource = RealmJson | (() => RealmJson);

type WorkerFixtures = {
  /** Admin REST API of the run's Keycloak (admin/admin of the master realm). */
  admin: KeycloakAdmin;
  /**
   * Option: the realms this file needs, by name: created through the Admin API before its first test (a failed test
   * restarts the worker, which creates them anew), deleted after its last.
   */
  realms: Record<string, RealmSource>;
  realmLifecycle: void;
};

type TestFixtures = {
  /** Option: the realm, route, query and user of `consolePage` (default: the demo realm's personal info, alice). */
  account: ConsoleOptions;
  /** The built-in page (its viewport and locale follow test.use), signed in through Keycloak's login page. */
  consolePage: Page;
  /** Signs in to a console in a fresh browser context of its own (closed after the test); for more than one. */
  openConsole: (
    realm: string,
    options?: Omit<ConsoleOptions, "realm"> & { viewport?: { width: number; height: number }; locale?: string },
  ) => Promise<Page>;
};

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
      for (const name of names.reverse()) await admin.deleteRealm(name).catch(() => undefined);
    },
    { scope: "worker", auto: true },
  ],

  account: [{}, { option: true }],
  consolePage: async ({ page, account }, use) => {
    const { realm = "demo", route = "", query = "", user = DEMO_USER } = account;
    await page.goto(accountUrl(realm, route, query));
    await signIn(page, user.username, user.password);
    await use(page);
  },
  openConsole: async ({ browser }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async (realm, { route = "", query = "", user = DEMO_USER, viewport, locale = "en-US" } = {}) => {
      const context = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 800 }, locale });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(accountUrl(realm, route, query));
      await signIn(page, user.username, user.password);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };

/** The environment the theme template injected, parsed as the app parses it. */
export async function pageEnvironment(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator("#environment").textContent();
  return JSON.parse(text ?? "") as Record<string, unknown>;
}
