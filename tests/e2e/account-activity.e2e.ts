import type { Page } from "@playwright/test";
import { DEMO_USER, demoLike, STRICT_CSP_HEADERS } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { recordViolations, submitLogin, signIn } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, keycloakUrl, test } from "./support/test";
import { keycloakAtLeast } from "./support/version";

// Account activity (src/pages/account-security/account-activity/AccountActivity.tsx) on the real Keycloak with the server extension
// our jar carries: the realm saves events, the user signs in, fails a sign-in, changes something, and sees it.
// The realm runs under the strict Content-Security-Policy. The extension's switches are server options, not realm
// settings, so "not installed" and "switched off" are covered by component tests (AccountActivity.test.tsx).
const REALM = "e2e-activity";
/** A realm that saves no events. */
const QUIET_REALM = "e2e-activity-quiet";
const ROUTE = "account-security/account-activity";

test.use({
  realms: {
    [REALM]: demoLike({ eventsEnabled: true, ...STRICT_CSP_HEADERS }),
    [QUIET_REALM]: demoLike({ eventsEnabled: false }),
  },
});

// The events of one user pile up from test to test: in order.
test.describe.configure({ mode: "serial" });

/**
 * The sign-in's rows. Keycloak 26.1 and 26.2 send a console page asked for without a session through the login page
 * themselves and back with a code the console cannot redeem (src/auth/auth.ts); the console's own check then signs in
 * through the session cookie: two LOGIN events for one sign-in, as the Admin API lists them too.
 */
const SIGN_IN_ROWS =
  keycloakAtLeast("26.1.0") && !keycloakAtLeast("26.3.0") ? ["Signed in", "Signed in"] : ["Signed in"];

/** The rows of the list, as their titles read. */
const rowTitles = (page: Page) => page.getByTestId("activity-event").locator(".activity-title");

/** Failed sign-ins through the realm's admin-cli client (password grant): LOGIN_ERROR events, without a browser. */
async function failSignIns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${keycloakUrl()}/realms/${REALM}/protocol/openid-connect/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "admin-cli",
        username: DEMO_USER.username,
        password: `wrong-${i}`,
      }),
    });
    // Keycloak refuses a wrong password with invalid_grant (400).
    expect(((await response.json()) as { error?: string }).error).toBe("invalid_grant");
  }
}

test.describe("account activity", () => {
  test("shows a failed sign-in, the sign-in and a change, newest first, from the sidebar, under the strict CSP @core", async ({
    page,
  }) => {
    const violations = await recordViolations(page);
    await page.goto(accountUrl(REALM));
    await submitLogin(page, DEMO_USER.username, "not-the-password");
    // Keycloak's login page again, saying the password was wrong.
    await expect(page.locator("#input-error, .kc-feedback-text, #kc-page-title").first()).toBeVisible();
    await signIn(page, DEMO_USER.username, DEMO_USER.password);

    // A change: personal info saved through the Account API.
    await page.locator("input#firstName").fill("Alicia");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("last-alert")).toContainText("Your account has been updated.");

    // The sidebar offers the page once the extension has answered.
    const sidebar = page.locator("#page-sidebar");
    await sidebar.getByTestId("accountSecurity").locator("button").click();
    await sidebar.getByTestId(ROUTE).click();
    await expect(page).toHaveURL(new RegExp(`/account/${ROUTE}$`));
    await expect(page.getByTestId("page-heading")).toHaveText("Account activity");

    await expect(rowTitles(page)).toHaveText(["Personal info updated", ...SIGN_IN_ROWS, "Sign-in failed"]);
    const failed = page.getByTestId("activity-event").last();
    await expect(failed).toContainText("Wrong password or code");
    await expect(failed).toContainText("Account Console");
    await expect(failed).toContainText(/127\.0\.0\.1|::1|0:0:0:0:0:0:0:1/);
    await expect(failed.locator("time")).toContainText(String(new Date().getFullYear()));
    await expect(page.getByTestId("activity-newer")).toHaveCount(0);
    await screenshot(page, "account-activity-desktop");
    await expectAccessible(page, "account activity");

    // What happens meanwhile shows after Refresh.
    await failSignIns(1);
    await page.getByTestId("activity-refresh").click();
    await expect(rowTitles(page)).toHaveText([
      "Sign-in failed",
      "Personal info updated",
      ...SIGN_IN_ROWS,
      "Sign-in failed",
    ]);
    // Keycloak's own clients by their names in the bundle.
    await expect(page.getByTestId("activity-event").first()).toContainText("Admin CLI");

    expect(violations).toEqual([]);
  });

  test("pages through older events, 20 at a time", async ({ openConsole }) => {
    await failSignIns(20);
    const page = await openConsole(REALM, { route: ROUTE });
    await expect(page.getByTestId("activity-event")).toHaveCount(20);
    await expect(rowTitles(page).first()).toHaveText("Signed in");
    await expect(page.getByTestId("activity-newer")).toHaveAttribute("aria-disabled", "true");
    await page.getByTestId("activity-older").click();
    await expect(page.getByText("Page 2")).toBeVisible();
    // This sign-in, 20 failures and the first test's 5 events: what does not fit on page 1 is on page 2.
    await expect(page.getByTestId("activity-event").first()).toBeVisible();
    const secondPage = await page.getByTestId("activity-event").count();
    expect(secondPage).toBeGreaterThanOrEqual(5);
    await expect(page.getByTestId("activity-event").last().locator(".activity-title")).toHaveText("Sign-in failed");
    await expect(page.getByTestId("activity-older")).toHaveAttribute("aria-disabled", "true");
    await page.getByTestId("activity-newer").click();
    await expect(page.getByText("Page 1")).toBeVisible();
    await expect(page.getByTestId("activity-event")).toHaveCount(20);
  });

  test("fits a 360 px phone in dark mode: a list of cards, no sideways scrolling", async ({ openConsole }) => {
    const page = await openConsole(REALM, { route: ROUTE, viewport: { width: 360, height: 780 } });
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.getByTestId("activity-event").first()).toBeVisible();
    await expect(page.locator("html")).toHaveClass(/pf-v6-theme-dark/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    // The details sit under the event's title, not in a column beside it.
    const title = await page.getByTestId("activity-event").first().locator(".activity-title").boundingBox();
    const details = await page.getByTestId("activity-event").first().locator(".activity-details").boundingBox();
    expect(details!.y).toBeGreaterThan(title!.y);
    await screenshot(page, "account-activity-360-dark");
    await expectAccessible(page, "account activity at 360 px, dark");
  });

  test("is reachable by keyboard: the pager's buttons take focus and work with Enter", async ({ openConsole }) => {
    const page = await openConsole(REALM, { route: ROUTE });
    await expect(page.getByTestId("activity-event")).toHaveCount(20);
    await page.getByTestId("activity-older").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Page 2")).toBeVisible();
    // The focus stays on the pager (the button is aria-disabled now, still focusable).
    await expect(page.getByTestId("activity-older")).toBeFocused();
    // Once page 2 is in, "Newer" works; it is one step back.
    await expect(page.getByTestId("activity-newer")).not.toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByTestId("activity-newer")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Page 1")).toBeVisible();
  });

  test("a realm that saves no events: one sentence, no list, no error", async ({ openConsole }) => {
    const page = await openConsole(QUIET_REALM, { route: ROUTE });
    await expect(page.getByTestId("activity-events-off")).toHaveText(
      "This realm does not keep a record of account activity, so there is nothing to show here.",
    );
    await expect(page.getByTestId("activity-event")).toHaveCount(0);
    await expect(page.getByTestId("activity-empty")).toHaveCount(0);
    await expect(page.getByTestId("error-dialog")).toHaveCount(0);
    await screenshot(page, "account-activity-events-off");
    await expectAccessible(page, "account activity with events off");
  });

  test("asks the extension once, after the first screen's data, not before", async ({ page }) => {
    const order: string[] = [];
    page.on("request", (request) => {
      if (request.url() === `${keycloakUrl()}/realms/${REALM}/account-console-extension/`) order.push("probe");
    });
    page.on("requestfinished", (request) => {
      // The first screen's data (the Account API's user), not the page's document at the same address.
      const url = new URL(request.url());
      if (request.resourceType() === "fetch" && url.pathname === `/realms/${REALM}/account/`) {
        order.push("personal info");
      }
    });
    await page.goto(accountUrl(REALM));
    await signIn(page, DEMO_USER.username, DEMO_USER.password);
    const sidebar = page.locator("#page-sidebar");
    await sidebar.getByTestId("accountSecurity").locator("button").click();
    await expect(sidebar.getByTestId(ROUTE)).toBeVisible();
    await sidebar.getByTestId("account-security/signing-in").click();
    await expect(page.getByTestId("page-heading")).toHaveText("Signing in");
    await sidebar.getByTestId(ROUTE).click();
    await expect(page.getByTestId("activity-event").first()).toBeVisible();
    expect(order.filter((entry) => entry === "probe")).toEqual(["probe"]);
    expect(order.indexOf("probe")).toBeGreaterThan(order.indexOf("personal info"));
    expect(order.indexOf("personal info")).toBeGreaterThanOrEqual(0);
  });
});
