import type { Page } from "@playwright/test";
import { DEMO_USER, demoLike, testUser } from "./support/admin";
import { brokerClient, oidcBroker } from "./support/broker";
import { loginButton, passReauthentication, signIn, submitLogin } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, test } from "./support/test";
import { keycloakAtLeast } from "./support/version";

// Two realms in one Keycloak: the console's realm, and a partner realm that acts as its OpenID Connect
// identity provider (alias "partner").
const REALM = "e2e-security";
const PARTNER = "e2e-partner";
const BROKER_SECRET = "broker-secret";

/** A user whose password is their user name, with a last name of their own. */
const person = (username: string, lastName: string) => testUser({ username, password: username }, { lastName });

test.use({
  realms: {
    // Functions: the JSON holds the server's address, known once the run has started it.
    [PARTNER]: () =>
      demoLike({
        accountTheme: undefined,
        users: [person("bob", "Builder"), person("carol", "Danvers")],
        clients: [brokerClient(REALM, "partner", BROKER_SECRET)],
      }),
    [REALM]: () =>
      demoLike({
        users: [
          testUser(DEMO_USER, { lastName: "Liddell" }),
          person("dave", "Lister"),
          // Only the device-activity test signs in as Erin, so her sessions are exactly its own.
          person("erin", "Hannon"),
        ],
        identityProviders: [oidcBroker("partner", "Partner", PARTNER, BROKER_SECRET)],
      }),
  },
  account: { realm: REALM, route: "account-security/signing-in" },
});

test.describe("signing in", () => {
  test("lists the password and an authenticator application that is not set up; set up reaches Keycloak's OTP page @core", async ({
    consolePage: page,
  }) => {
    const passwords = page.getByTestId("password/credential-list");
    await expect(page.getByTestId("password/title")).toHaveText("Password");
    await expect(passwords.getByRole("listitem")).toHaveCount(1);
    await expect(passwords).toContainText("Created");
    await expect(passwords.locator('[data-testrole="update"]')).toHaveCount(1);
    await expect(page.getByTestId("otp/not-set-up")).toHaveText("Authenticator application is not set up.");
    await screenshot(page, "signing-in");

    // On a phone the set-up link goes under the title instead of squeezing it letter by letter.
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    const title = page.getByTestId("otp/title");
    await expect(title).toHaveText("Authenticator application");
    expect((await title.boundingBox())!.height).toBeLessThan(40);
    await screenshot(page, "signing-in-375");
    await page.setViewportSize(desktop);
    await page.reload();

    await page.getByTestId("otp/create").click();
    await passReauthentication(page, "#totp", DEMO_USER.password);
    await expect(page).toHaveURL(/CONFIGURE_TOTP/);
  });

  test.describe(() => {
    test.use({
      account: { realm: REALM, route: "account-security/signing-in", user: { username: "dave", password: "dave" } },
    });
    test("offers to set up a password once the admin has removed it", async ({ consolePage: page, admin }) => {
      await expect(page.getByTestId("password/title")).toBeVisible();
      await admin.removeCredentials(REALM, "dave", "password");
      await page.reload();
      await expect(page.getByTestId("password/not-set-up")).toHaveText("Password is not set up.");
      await page.getByTestId("password/create").click();
      await expect(page.locator("#password-new")).toBeVisible();
      await expect(page).toHaveURL(/UPDATE_PASSWORD/);
    });
  });
});

test.describe("device activity", () => {
  test("signs out another session, and then all devices @core", async ({ openConsole, admin }) => {
    const erin = { username: "erin", password: "erin" };
    const route = "account-security/device-activity";
    // Three sessions of Erin's own, each through the login page (a shared session would be one session).
    const page = await openConsole(REALM, { route, user: erin, ownSession: true });
    const others = [
      await openConsole(REALM, { route, user: erin, ownSession: true }),
      await openConsole(REALM, { route, user: erin, ownSession: true }),
    ];
    await page.reload();
    await expect(page.locator('[data-testid^="row-"]')).toHaveCount(3);
    await expect(page.getByTestId("row-0")).toContainText("Current session");
    await expect(page.getByTestId("row-1")).not.toContainText("Current session");
    // The current session cannot sign itself out from its row.
    await expect(page.getByTestId("row-0").getByRole("button", { name: "Sign out" })).toHaveCount(0);
    expect(await iconsOverTitles(page)).toEqual([]);
    await screenshot(page, "device-activity");

    // On a phone the buttons wrap under the title, and each row's sign-out stays on the screen.
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload(); // a phone's first layout, not a desktop one mid-resize
    await expect(page.getByTestId("row-1")).toBeVisible();
    const title = await page.getByRole("heading", { name: "Signed in devices" }).boundingBox();
    expect(title!.height).toBeLessThan(60);
    const rowSignOut = await page.getByTestId("row-1").getByRole("button", { name: "Sign out" }).boundingBox();
    expect(rowSignOut!.x + rowSignOut!.width).toBeLessThanOrEqual(375);
    await screenshot(page, "device-activity-375");
    // At 320 px nothing of a row runs past the list's edge: titles and dates wrap inside it.
    await page.setViewportSize({ width: 320, height: 740 });
    await page.reload();
    await expect(page.getByTestId("row-1")).toBeVisible();
    const overflowing = await page.evaluate(() => {
      const edge = document.querySelector(".device-list")!.getBoundingClientRect().right;
      return [...document.querySelectorAll(".device-list .device-title, .device-list dd")]
        .filter((element) => element.getBoundingClientRect().right > edge + 0.5)
        .map((element) => element.textContent);
    });
    expect(overflowing).toEqual([]);
    expect(await iconsOverTitles(page)).toEqual([]);
    await page.setViewportSize(desktop);
    await page.reload();

    await page.getByTestId("row-1").getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("dialog").getByText("Sign out the session?")).toBeVisible();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("last-alert")).toHaveText(/^Signed out /);
    await expect(page.locator('[data-testid^="row-"]')).toHaveCount(2);
    expect(await admin.sessionCount(REALM, erin.username)).toBe(2);
    // One of the other two was signed out: its next page load asks for a password.
    const signedOut = await Promise.all(
      others.map(async (other) => {
        await other.reload();
        await expect(other.locator("#kc-login, [data-testid=page-heading]").first()).toBeVisible();
        return loginButton(other).isVisible();
      }),
    );
    expect(signedOut.filter(Boolean)).toHaveLength(1);

    await page.getByRole("button", { name: "Sign out all devices" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(loginButton(page)).toBeVisible();
    expect(await admin.sessionCount(REALM, erin.username)).toBe(0);
    // The other pages notice by themselves and may be navigating already: retry the visit until it settles.
    for (const other of others) {
      await expect(async () => {
        await other.goto(accountUrl(REALM, route));
        await expect(loginButton(other)).toBeVisible({ timeout: 5_000 });
      }).toPass();
    }
  });
});

test.describe("linked accounts", () => {
  test("signs in through the partner realm, shows the link, and refuses to unlink the only way in @core", async ({
    page,
  }) => {
    await page.goto(accountUrl(REALM, "account-security/linked-accounts"));
    await page.locator("#social-partner").click();
    await signIn(page, "bob", "bob");
    const row = page.getByTestId("linked-accounts/partner");
    await expect(row).toContainText("bob");
    await expect(row).toContainText("System defined");
    await screenshot(page, "linked-accounts");

    await page.locator("#partner-idp-unlink").click();
    await expect(page.getByTestId("last-alert")).toHaveText(/^Could not unlink due to: .+/);
    await expect(page.getByTestId("last-alert")).not.toContainText("Successfully");
    await expect(row).toBeVisible();
  });

  test.describe(() => {
    test.use({ account: { realm: REALM, route: "account-security/linked-accounts" } });
    test("links an account through Keycloak's idp_link action (before 26.3 the broker's link) and unlinks it again @core", async ({
      consolePage: page,
    }) => {
      await page.locator("#partner-idp-link").click();
      // Keycloak may ask Alice for her password again, asks her to confirm the link, then sends her to the
      // partner's login page, and back to the console. Before 26.3 (no idp_link action) the console goes through the
      // broker's link address, straight to the partner's login page (docs/versions.md).
      if (keycloakAtLeast("26.3.0")) {
        await expect(page.locator("#password, #kc-login, button:has-text('Continue')").first()).toBeVisible();
        if ((await page.locator("#password").isVisible()) && !(await page.locator("#username").isVisible())) {
          await page.locator("#password").fill(DEMO_USER.password);
          await loginButton(page).click();
        }
        await page.getByRole("button", { name: "Continue" }).click();
      }
      await expect(page).toHaveURL(new RegExp(`/realms/${PARTNER}/`));
      await submitLogin(page, "carol", "carol");
      const row = page.getByTestId("linked-accounts/partner");
      await expect(row.locator("#partner-idp-unlink")).toBeVisible();
      await expect(row).toContainText("carol");

      await page.locator("#partner-idp-unlink").click();
      await expect(page.getByTestId("last-alert")).toHaveText("Successfully unlinked account");
      await expect(page.locator("#partner-idp-link")).toBeVisible();
      await screenshot(page, "linked-accounts-after-link");
    });
  });
});

/** The device rows whose icon is drawn over the start of their title ("Linux" read as "nux"): their titles. */
const iconsOverTitles = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll(".device-list .pf-v6-c-data-list__item")]
      .filter((row) => {
        const icon = row.querySelector(".device-icon")!.getBoundingClientRect();
        const title = row.querySelector(".device-title")!.getBoundingClientRect();
        return icon.right > title.left + 0.5;
      })
      .map((row) => row.querySelector(".device-title")!.textContent),
  );
