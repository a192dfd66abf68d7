import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_USER, KeycloakAdmin } from "./support/admin";
import { launchBrowser, loginButton, passReauthentication, signIn, submitLogin } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { accountUrl, openConsole } from "./support/session";

// Three realms in one Keycloak: the console's realm, and a partner realm that acts as its OpenID Connect
// identity provider (alias "partner").
const REALM = "e2e-security";
const PARTNER = "e2e-partner";
const BROKER_SECRET = "broker-secret";
let browser: Browser;
const admin = new KeycloakAdmin();

const person = (username: string, firstName: string, lastName: string, password?: string) => ({
  username,
  enabled: true,
  email: `${username}@example.org`,
  emailVerified: true,
  firstName,
  lastName,
  ...(password ? { credentials: [{ type: "password", value: password, temporary: false }] } : {}),
  clientRoles: { account: ["manage-account", "view-profile"] },
});

beforeAll(async () => {
  browser = await launchBrowser();
  const keycloak = inject("keycloakUrl");
  await admin.createRealm(PARTNER, {
    accountTheme: undefined,
    users: [person("bob", "Bob", "Builder", "bob"), person("carol", "Carol", "Danvers", "carol")],
    clients: [
      {
        clientId: "broker",
        publicClient: false,
        secret: BROKER_SECRET,
        redirectUris: [`${keycloak}/realms/${REALM}/broker/partner/endpoint*`],
        standardFlowEnabled: true,
      },
    ],
  });
  const partner = `${keycloak}/realms/${PARTNER}/protocol/openid-connect`;
  await admin.createRealm(REALM, {
    users: [
      { ...person(DEMO_USER.username, "Alice", "Liddell", DEMO_USER.password) },
      { ...person("dave", "Dave", "Lister", "dave") },
      // Only the device-activity test signs in as Erin, so her sessions are exactly its own.
      { ...person("erin", "Erin", "Hannon", "erin") },
    ],
    identityProviders: [
      {
        alias: "partner",
        displayName: "Partner",
        providerId: "oidc",
        enabled: true,
        trustEmail: true,
        config: {
          clientId: "broker",
          clientSecret: BROKER_SECRET,
          clientAuthMethod: "client_secret_post",
          authorizationUrl: `${partner}/auth`,
          tokenUrl: `${partner}/token`,
          userInfoUrl: `${partner}/userinfo`,
          validateSignature: "false",
          syncMode: "IMPORT",
          defaultScope: "openid profile email",
        },
      },
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await admin.deleteRealm(REALM).catch(() => undefined);
  await admin.deleteRealm(PARTNER).catch(() => undefined);
});

describe("signing in", () => {
  it("lists the password and an authenticator application that is not set up; set up reaches Keycloak's OTP page", async () => {
    const { context, page } = await openConsole(browser, REALM, { route: "account-security/signing-in" });
    try {
      await page.getByTestId("password/title").waitFor();
      expect(await page.getByTestId("password/title").textContent()).toBe("Password");
      expect(await page.getByTestId("password/credential-list").getByRole("listitem").count()).toBe(1);
      expect(await page.getByTestId("password/credential-list").textContent()).toContain("Created");
      expect(await page.getByTestId("password/credential-list").locator('[data-testrole="update"]').count()).toBe(1);
      expect(await page.getByTestId("otp/not-set-up").textContent()).toBe("Authenticator application is not set up.");
      await screenshot(page, "signing-in");

      await page.getByTestId("otp/create").click();
      await passReauthentication(page, "#totp", DEMO_USER.password);
      expect(page.url()).toContain("CONFIGURE_TOTP");
    } finally {
      await context.close();
    }
  });

  it("offers to set up a password once the admin has removed it", async () => {
    const { context, page } = await openConsole(browser, REALM, {
      route: "account-security/signing-in",
      user: { username: "dave", password: "dave", displayName: "Dave Lister" },
    });
    try {
      await page.getByTestId("password/title").waitFor();
      await admin.removeCredentials(REALM, "dave", "password");
      await page.reload();
      await page.getByTestId("password/not-set-up").waitFor();
      expect(await page.getByTestId("password/not-set-up").textContent()).toBe("Password is not set up.");
      await page.getByTestId("password/create").click();
      await page.locator("#password-new").waitFor();
      expect(page.url()).toContain("UPDATE_PASSWORD");
    } finally {
      await context.close();
    }
  });
});

describe("device activity", () => {
  it("signs out another session, and then all devices", async () => {
    const erin = { username: "erin", password: "erin", displayName: "Erin Hannon" };
    const open = () => openConsole(browser, REALM, { route: "account-security/device-activity", user: erin });
    const first = await open();
    const second = await open();
    const third = await open();
    try {
      const page = first.page;
      await page.reload();
      await page.getByTestId("row-2").waitFor();
      expect(await page.getByTestId("row-0").textContent()).toContain("Current session");
      expect(await page.getByTestId("row-1").textContent()).not.toContain("Current session");
      // The current session cannot sign itself out from its row.
      expect(await page.getByTestId("row-0").getByRole("button", { name: "Sign out" }).count()).toBe(0);
      await screenshot(page, "device-activity");

      await page.getByTestId("row-1").getByRole("button", { name: "Sign out" }).click();
      await page.getByRole("dialog").getByText("Sign out the session?").waitFor();
      await page.getByRole("button", { name: "Confirm" }).click();
      await expect.poll(() => page.getByTestId("last-alert").textContent()).toMatch(/^Signed out /);
      await expect.poll(() => page.locator('[data-testid^="row-"]').count()).toBe(2);
      expect(await admin.sessionCount(REALM, erin.username)).toBe(2);
      // One of the other two was signed out: its next page load asks for a password.
      const signedOut = await Promise.all(
        [second.page, third.page].map(async (other) => {
          await other.reload();
          await other.locator("#kc-login, [data-testid=page-heading]").first().waitFor();
          return loginButton(other).isVisible();
        }),
      );
      expect(signedOut.filter(Boolean)).toHaveLength(1);

      await page.getByRole("button", { name: "Sign out all devices" }).click();
      await page.getByRole("button", { name: "Confirm" }).click();
      await loginButton(page).waitFor();
      expect(await admin.sessionCount(REALM, erin.username)).toBe(0);
      for (const other of [second.page, third.page]) {
        await other.goto(accountUrl(REALM, "account-security/device-activity"));
        await loginButton(other).waitFor();
      }
    } finally {
      await Promise.all([first, second, third].map(({ context }) => context.close()));
    }
  });
});

describe("linked accounts", () => {
  it("signs in through the partner realm, shows the link, and refuses to unlink the only way in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(accountUrl(REALM, "account-security/linked-accounts"));
      await page.locator("#social-partner").click();
      await signIn(page, "bob", "bob");
      const row = page.getByTestId("linked-accounts/partner");
      await row.waitFor();
      expect(await row.textContent()).toContain("bob");
      expect(await row.textContent()).toContain("System defined");
      await screenshot(page, "linked-accounts");

      await page.locator("#partner-idp-unlink").click();
      await expect.poll(() => page.getByTestId("last-alert").textContent()).toMatch(/^Could not unlink due to: .+/);
      expect(await page.getByTestId("last-alert").textContent()).not.toContain("Successfully");
      expect(await row.isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("links an account through Keycloak's idp_link action and unlinks it again", async () => {
    const { context, page } = await openConsole(browser, REALM, { route: "account-security/linked-accounts" });
    try {
      await page.locator("#partner-idp-link").click();
      // Keycloak may ask Alice for her password again, asks her to confirm the link, then sends her to the
      // partner's login page, and back to the console.
      await page.locator("#password, #kc-login, button:has-text('Continue')").first().waitFor();
      if ((await page.locator("#password").isVisible()) && !(await page.locator("#username").isVisible())) {
        await page.locator("#password").fill(DEMO_USER.password);
        await loginButton(page).click();
      }
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(new RegExp(`/realms/${PARTNER}/`));
      await submitLogin(page, "carol", "carol");
      const row = page.getByTestId("linked-accounts/partner");
      await row.locator("#partner-idp-unlink").waitFor();
      expect(await row.textContent()).toContain("carol");

      await page.locator("#partner-idp-unlink").click();
      await expect.poll(() => page.getByTestId("last-alert").textContent()).toBe("Successfully unlinked account");
      await page.locator("#partner-idp-link").waitFor();
    } finally {
      await screenshot(page, "linked-accounts-after-link");
      await context.close();
    }
  });
});
