import type { Page } from "@playwright/test";
import { DEMO_USER, demoLike } from "./support/admin";
import { loginButton } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, test } from "./support/test";
import { keycloakAtLeast } from "./support/version";

const IDP_REALM = "e2e-shell-idp";
const GERMAN_REALM = "e2e-shell-de";
const APP_URL = "https://app.example.test";

test.use({
  realms: {
    [IDP_REALM]: demoLike({
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
    }),
    [GERMAN_REALM]: demoLike({
      internationalizationEnabled: true,
      supportedLocales: ["en", "de"],
      defaultLocale: "de",
      // A realm's own localization text wins over the theme's bundle.
      localizationTexts: { de: { personalInfoDescription: "Von der Realm-Verwaltung überschrieben" } },
    }),
  },
});

/** The sidebar's leaves (their test ids, in order). */
const sidebarLeaves = (page: Page) => page.locator("#page-sidebar a[data-testid]");

test.describe("sidebar", () => {
  test("shows exactly what the realm's features allow: no Linked accounts without identity providers @core", async ({
    consolePage: page,
  }) => {
    const leaves = sidebarLeaves(page);
    // Before 26.7 the server has no verifiable credentials list, and offers Groups to every user with the view-groups
    // role, also to one in no group (docs/versions.md).
    const expected = [
      "",
      "account-security/signing-in",
      "account-security/device-activity",
      // Offered by the server extension our jar carries, once it has answered.
      "account-security/account-activity",
      "account-security/security-checkup",
      "applications",
      ...(keycloakAtLeast("26.7.0") ? ["verifiable-credentials"] : []),
      "oid4vci",
      ...(keycloakAtLeast("26.7.0") ? [] : ["groups"]),
      "organizations",
    ];
    await expect(leaves).toHaveCount(expected.length);
    expect(await leaves.evaluateAll((links) => links.map((link) => link.getAttribute("data-testid")))).toEqual(
      expected,
    );
    await screenshot(page, "shell-desktop");
  });

  test("lists Linked accounts once the realm has an identity provider, and navigates keeping the query @core", async ({
    openConsole,
  }) => {
    const page = await openConsole(IDP_REALM, { query: "?referrer=shop" });
    await expect(page.locator("#page-sidebar").getByTestId("account-security/linked-accounts")).toHaveCount(1);
    await page.getByTestId("accountSecurity").click();
    await page.getByTestId("account-security/linked-accounts").click();
    await expect(page).toHaveURL(/\/account\/account-security\/linked-accounts\?referrer=shop$/);
    await expect(page.getByTestId("page-heading")).toHaveText("Linked accounts");
    await expect(page.getByTestId("account-security/linked-accounts")).toHaveAttribute("aria-current", "page");
    // The group of the active page is expanded on a fresh load.
    await page.reload();
    await expect(page.getByTestId("page-heading")).toBeVisible();
    await expect(page.getByTestId("account-security/linked-accounts")).toBeVisible();
  });

  test.describe(() => {
    // Groups is off for a user in no group from 26.7 on; before, resources (no user-managed access here) is.
    test.use({ account: { route: keycloakAtLeast("26.7.0") ? "groups" : "resources" } });
    test("sends an unknown page, or one whose feature is off, to personal info with a warning @core", async ({
      consolePage: page,
    }) => {
      // The router writes the index as /account (no trailing slash), as the stock console does; both are served.
      const index = /\/realms\/demo\/account\/?$/;
      await expect(page).toHaveURL(index);
      await expect(page.getByTestId("page-heading")).toHaveText("Personal info");
      await expect(page.getByTestId("last-alert")).toContainText("The page you asked for does not exist.");
      await page.goto(accountUrl("demo", "no-such-page"));
      await expect(page.getByTestId("last-alert")).toBeVisible();
      await expect(page).toHaveURL(index);
    });
  });
});

test.describe("header", () => {
  test("shows a back-to link for a valid referrer, with _hash_ turned into #", async ({ openConsole }) => {
    const back = `${APP_URL}/orders_hash_recent`;
    const page = await openConsole(IDP_REALM, { query: `?referrer=shop&referrer_uri=${encodeURIComponent(back)}` });
    const link = page.getByTestId("referrer-link");
    await expect(link).toContainText("Back to Web Shop");
    await expect(link).toHaveAttribute("href", `${APP_URL}/orders#recent`);
  });

  test("shows no back-to link when the referrer URI is not one of the client's", async ({ openConsole }) => {
    const page = await openConsole(IDP_REALM, {
      query: `?referrer=shop&referrer_uri=${encodeURIComponent("https://evil.example.test/")}`,
    });
    await expect(page.getByTestId("options-toggle")).toBeVisible();
    await expect(page.getByTestId("referrer-link")).toHaveCount(0);
  });

  test.describe(() => {
    // It ends the session it signs out: a session of its own, not the worker's.
    test.use({ account: { ownSession: true } });
    test("signs out: the session ends on the server and the login page returns @core", async ({
      consolePage: page,
      admin,
    }) => {
      // Earlier tests leave their own sessions of the same user behind: count, don't expect zero.
      const before = await admin.sessionCount("demo", DEMO_USER.username);
      expect(before).toBeGreaterThan(0);
      await page.getByTestId("options-toggle").click();
      await page.getByRole("menuitem", { name: "Sign out" }).click();
      await expect(loginButton(page)).toBeVisible();
      expect(await admin.sessionCount("demo", DEMO_USER.username)).toBe(before - 1);
      await page.goto(accountUrl("demo"));
      await expect(loginButton(page)).toBeVisible();
    });
  });

  test("keeps the help switch across reloads", async ({ consolePage: page }) => {
    await expect(page.locator("#help-toggle")).toBeChecked();
    await page.getByText("Help", { exact: true }).click();
    await expect(page.locator("#help-toggle")).not.toBeChecked();
    await page.reload();
    await expect(page.getByTestId("page-heading")).toBeVisible();
    await expect(page.locator("#help-toggle")).not.toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem("helpEnabled"))).toBe("false");
  });
});

test.describe("language", () => {
  test.use({ account: { realm: GERMAN_REALM }, locale: "de-DE" });
  test("renders the realm's default locale (German) from the server's translations, with the realm's overrides @core", async ({
    consolePage: page,
  }) => {
    await expect(page.getByTestId("page-heading")).toHaveText("Persönliche Angaben");
    await expect(page.getByText("Von der Realm-Verwaltung überschrieben")).toBeVisible();
    await expect(page.locator("#page-sidebar")).toContainText("Kontosicherheit");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });
});

test.describe("mobile", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("hides the sidebar until the nav toggle opens it, and closes it after choosing a page", async ({
    consolePage: page,
  }) => {
    const sidebar = page.locator("#page-sidebar");
    await expect(sidebar).toHaveAttribute("aria-hidden", "true");
    await screenshot(page, "shell-mobile");
    await page.getByTestId("nav-toggle").click();
    await expect(sidebar).toHaveAttribute("aria-hidden", "false");
    // The slide-in done before the picture: every transition of the sidebar has finished.
    await sidebar.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
    await screenshot(page, "shell-mobile-nav-open");
    await page.getByTestId("applications").click();
    await expect(page).toHaveURL(/\/account\/applications$/);
    await expect(sidebar).toHaveAttribute("aria-hidden", "true");
    await expect(page.getByTestId("options-kebab")).toBeVisible();
  });

  test("at 375 px the header stays on one row beside the logo; the back link moves into the kebab menu", async ({
    openConsole,
  }) => {
    const back = `${APP_URL}/orders`;
    const page = await openConsole(IDP_REALM, {
      query: `?referrer=shop&referrer_uri=${encodeURIComponent(back)}`,
      viewport: { width: 375, height: 812 },
    });
    await expect(page.getByTestId("referrer-link")).toBeHidden();
    const logo = await page.getByTestId("logo-link").boundingBox();
    const kebab = await page.getByTestId("options-kebab").boundingBox();
    expect(logo!.x + logo!.width).toBeLessThanOrEqual(kebab!.x);
    expect(kebab!.y).toBeLessThan(logo!.y + logo!.height);
    await page.getByTestId("options-kebab").click();
    await expect(page.getByRole("menuitem", { name: "Back to Web Shop" })).toHaveAttribute("href", back);
    await screenshot(page, "shell-mobile-kebab");
  });
});
