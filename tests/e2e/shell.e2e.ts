import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USER, KeycloakAdmin } from "./support/admin";
import { launchBrowser, loginButton } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { accountUrl, openConsole } from "./support/session";

let browser: Browser;
const admin = new KeycloakAdmin();
const IDP_REALM = "e2e-shell-idp";
const GERMAN_REALM = "e2e-shell-de";
const APP_URL = "https://app.example.test";

/** Test ids of the sidebar's leaves, in order. */
async function sidebarLeaves(page: Page): Promise<string[]> {
  await page.locator("#page-sidebar a").first().waitFor();
  return page
    .locator("#page-sidebar a[data-testid]")
    .evaluateAll((links) => links.map((l) => l.getAttribute("data-testid") ?? ""));
}

beforeAll(async () => {
  browser = await launchBrowser();
  await admin.createRealm(IDP_REALM, {
    identityProviders: [
      {
        alias: "partner",
        displayName: "Partner IdP",
        providerId: "oidc",
        enabled: true,
        config: {
          clientId: "account",
          clientSecret: "secret",
          authorizationUrl: "https://partner.example.test/auth",
          tokenUrl: "https://partner.example.test/token",
        },
      },
    ],
    clients: [
      { clientId: "shop", name: "Web Shop", publicClient: true, redirectUris: [`${APP_URL}/*`], rootUrl: APP_URL },
    ],
  });
  await admin.createRealm(GERMAN_REALM, {
    internationalizationEnabled: true,
    supportedLocales: ["en", "de"],
    defaultLocale: "de",
    // A realm's own localization text wins over the theme's bundle.
    localizationTexts: { de: { personalInfoDescription: "Von der Realm-Verwaltung überschrieben" } },
  });
});

afterAll(async () => {
  await browser?.close();
  await admin.deleteRealm(IDP_REALM).catch(() => undefined);
  await admin.deleteRealm(GERMAN_REALM).catch(() => undefined);
});

describe("sidebar", () => {
  it("shows exactly what the realm's features allow: no Linked accounts without identity providers", async () => {
    const { context, page } = await openConsole(browser, "demo");
    try {
      expect(await sidebarLeaves(page)).toEqual([
        "",
        "account-security/signing-in",
        "account-security/device-activity",
        "applications",
        "verifiable-credentials",
        "organizations",
      ]);
      await screenshot(page, "shell-desktop");
    } finally {
      await context.close();
    }
  });

  it("lists Linked accounts once the realm has an identity provider, and navigates keeping the query", async () => {
    const { context, page } = await openConsole(browser, IDP_REALM, { query: "?referrer=shop" });
    try {
      expect(await sidebarLeaves(page)).toContain("account-security/linked-accounts");
      const group = page.getByTestId("accountSecurity");
      await group.click();
      await page.getByTestId("account-security/linked-accounts").click();
      await page.waitForURL(/\/account\/account-security\/linked-accounts\?referrer=shop$/);
      await expect.poll(() => page.getByTestId("page-heading").textContent()).toBe("Linked accounts");
      expect(await page.getByTestId("account-security/linked-accounts").getAttribute("aria-current")).toBe("page");
      // The group of the active page is expanded on a fresh load.
      await page.reload();
      await page.getByTestId("page-heading").waitFor();
      expect(await page.getByTestId("account-security/linked-accounts").isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("sends an unknown page, or one whose feature is off, to personal info with a warning", async () => {
    const { context, page } = await openConsole(browser, "demo", { route: "groups" });
    try {
      // The router writes the index as /account (no trailing slash), as the stock console does; both are served.
      const indexPath = /^\/realms\/demo\/account\/?$/;
      await expect.poll(() => new URL(page.url()).pathname).toMatch(indexPath);
      expect(await page.getByTestId("page-heading").textContent()).toBe("Personal info");
      expect(await page.getByTestId("last-alert").textContent()).toContain("The requested page was not found.");
      await page.goto(accountUrl("demo", "no-such-page"));
      await page.getByTestId("last-alert").waitFor();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(indexPath);
    } finally {
      await context.close();
    }
  });
});

describe("header", () => {
  it("shows a back-to link for a valid referrer, with _hash_ turned into #", async () => {
    const back = `${APP_URL}/orders_hash_recent`;
    const { context, page } = await openConsole(browser, IDP_REALM, {
      query: `?referrer=shop&referrer_uri=${encodeURIComponent(back)}`,
    });
    try {
      const link = page.getByTestId("referrer-link");
      expect(await link.textContent()).toContain("Back to Web Shop");
      expect(await link.getAttribute("href")).toBe(`${APP_URL}/orders#recent`);
    } finally {
      await context.close();
    }
  });

  it("shows no back-to link when the referrer URI is not one of the client's", async () => {
    const { context, page } = await openConsole(browser, IDP_REALM, {
      query: `?referrer=shop&referrer_uri=${encodeURIComponent("https://evil.example.test/")}`,
    });
    try {
      await page.getByTestId("options-toggle").waitFor();
      expect(await page.getByTestId("referrer-link").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("signs out: the session ends on the server and the login page returns", async () => {
    const { context, page } = await openConsole(browser, "demo");
    try {
      // Earlier tests leave their own sessions of the same user behind: count, don't expect zero.
      const before = await admin.sessionCount("demo", DEMO_USER.username);
      expect(before).toBeGreaterThan(0);
      await page.getByTestId("options-toggle").click();
      await page.getByRole("menuitem", { name: "Sign out" }).click();
      await loginButton(page).waitFor();
      expect(await admin.sessionCount("demo", DEMO_USER.username)).toBe(before - 1);
      await page.goto(accountUrl("demo"));
      await loginButton(page).waitFor();
    } finally {
      await context.close();
    }
  });

  it("keeps the help switch across reloads", async () => {
    const { context, page } = await openConsole(browser, "demo");
    try {
      const toggle = page.locator("#help-toggle");
      expect(await toggle.isChecked()).toBe(true);
      await page.getByText("Help", { exact: true }).click();
      expect(await toggle.isChecked()).toBe(false);
      await page.reload();
      await page.getByTestId("page-heading").waitFor();
      expect(await page.locator("#help-toggle").isChecked()).toBe(false);
      expect(await page.evaluate(() => localStorage.getItem("helpEnabled"))).toBe("false");
    } finally {
      await context.close();
    }
  });
});

describe("language", () => {
  it("renders the realm's default locale (German) from the server's translations, with the realm's overrides", async () => {
    const { context, page } = await openConsole(browser, GERMAN_REALM, { locale: "de-DE" });
    try {
      expect(await page.getByTestId("page-heading").textContent()).toBe("Persönliche Angaben");
      await page.getByText("Von der Realm-Verwaltung überschrieben").waitFor();
      expect(await page.locator("#page-sidebar").textContent()).toContain("Kontosicherheit");
      expect(await page.locator("html").getAttribute("lang")).toBe("de");
    } finally {
      await context.close();
    }
  });
});

describe("mobile", () => {
  it("hides the sidebar until the nav toggle opens it, and closes it after choosing a page", async () => {
    const { context, page } = await openConsole(browser, "demo", { viewport: { width: 390, height: 844 } });
    try {
      const sidebar = page.locator("#page-sidebar");
      await page.waitForTimeout(300);
      expect(await sidebar.getAttribute("aria-hidden")).toBe("true");
      await screenshot(page, "shell-mobile");
      await page.getByTestId("nav-toggle").click();
      await expect.poll(() => sidebar.getAttribute("aria-hidden")).toBe("false");
      await page.waitForTimeout(500); // let the slide-in finish before the picture
      await screenshot(page, "shell-mobile-nav-open");
      await page.getByTestId("applications").click();
      await page.waitForURL(/\/account\/applications$/);
      await expect.poll(() => sidebar.getAttribute("aria-hidden")).toBe("true");
      expect(await page.getByTestId("options-kebab").isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
