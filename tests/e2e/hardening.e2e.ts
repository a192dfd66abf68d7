import type { Locator, Page } from "@playwright/test";
import { tabTo } from "./a11y/checks";
import { DEMO_USER, demoLike, type KeycloakAdmin } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { idleOidcProvider } from "./support/broker";
import { signOutByAdmin } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, test } from "./support/test";

const REALM = "e2e-hardening";

/** The real server keeps answering, except that saving the profile (POST /account/) gets `status` with `error`. */
function answerProfileSave(page: Page, status: number, error: string) {
  return page.route(
    (url) => url.pathname === `/realms/${REALM}/account/`,
    (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status, contentType: "application/json", body: JSON.stringify({ error }) })
        : route.fallback(),
  );
}

test.use({
  realms: {
    [REALM]: demoLike({
      organizationsEnabled: true,
      verifiableCredentialsEnabled: true,
      userManagedAccessAllowed: true,
      // An identity provider, so that Linked accounts is on the menu.
      identityProviders: [idleOidcProvider("partner", "Partner")],
    }),
  },
  account: { realm: REALM },
});
// Several sign-ins and axe runs per test: on the shared 2-core machine the dialogs test took 1.9 minutes.
test.describe.configure({ timeout: 240_000 });

/** The page's data has arrived: the heading shows and no spinner is left. */
async function settled(page: Page) {
  await expect(page.getByTestId("page-heading")).toBeVisible();
  await expect(page.locator(".pf-v6-c-spinner")).toHaveCount(0, { timeout: 20_000 });
}

async function openRoute(page: Page, route: string) {
  await page.goto(accountUrl(REALM, route));
  await settled(page);
}

/** The focused element shows a focus indicator (an outline or a box shadow). */
/**
 * Signs the demo user in a second time, in a browser of its own, so that Device activity has a session to sign out,
 * then opens Device activity on `page`; returns how many sessions there were before (the worker's own among them).
 */
async function deviceActivityWithSecondSession(
  page: Page,
  admin: KeycloakAdmin,
  openConsole: (realm: string, options: { ownSession: boolean }) => Promise<Page>,
): Promise<number> {
  const before = await admin.sessionCount(REALM, DEMO_USER.username);
  await openConsole(REALM, { ownSession: true });
  await expect.poll(() => admin.sessionCount(REALM, DEMO_USER.username)).toBe(before + 1);
  await openRoute(page, "account-security/device-activity");
  return before;
}

async function expectFocusVisible(target: Locator) {
  await expect(target).toBeFocused();
  const indicator = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return (style.outlineStyle !== "none" && style.outlineWidth !== "0px") || style.boxShadow !== "none";
  });
  expect(indicator, "focus indicator").toBe(true);
}

test.describe("accessibility of every screen and dialog (axe, WCAG 2.0/2.1 A and AA)", () => {
  test("every page of the menu", async ({ consolePage: page }) => {
    const routes = [
      "",
      "account-security/signing-in",
      "account-security/device-activity",
      "account-security/linked-accounts",
      "applications",
      "groups",
      "organizations",
      "resources",
      "verifiable-credentials",
    ];
    for (const route of routes) {
      await openRoute(page, route);
      await expectAccessible(page, route || "personal info");
    }
  });

  // Ends every session of the user (and needs a second one): sessions of its own, not the worker's.
  test.describe(() => {
    test.use({ account: { realm: REALM, ownSession: true } });
    test("the dialogs: unsaved changes, sign out a session, sign out all devices, session ended", async ({
      consolePage: page,
      openConsole,
      admin,
      signIns,
    }) => {
      // Unsaved changes, when leaving personal info with typed values.
      await page.locator("input#firstName").fill("Alicia");
      await page.locator("#page-sidebar").getByTestId("applications").click();
      const unsaved = page.getByRole("dialog", { name: "You have unsaved changes." });
      await expect(unsaved).toBeVisible();
      await expectAccessible(page, "the unsaved-changes dialog");
      await unsaved.getByRole("button", { name: "Keep editing" }).click();
      await page.getByTestId("cancel").click();

      // Sign out one session (a second browser has signed in) and sign out all devices.
      await openConsole(REALM, { ownSession: true });
      await openRoute(page, "account-security/device-activity");
      await page.getByRole("button", { name: "Sign out", exact: true }).first().click();
      const signOut = page.getByRole("dialog");
      await expect(signOut).toBeVisible();
      await expectAccessible(page, "the sign-out dialog");
      await signOut.getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("button", { name: "Sign out all devices" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectAccessible(page, "the sign-out-all dialog");
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

      // Session ended.
      await openRoute(page, "");
      await page.locator("input#firstName").fill("Alicia");
      await signOutByAdmin(page, admin, REALM, DEMO_USER.username);
      await page.getByTestId("save").click();
      await expect(page.getByRole("dialog", { name: /Your session has ended/ })).toBeVisible();
      await expectAccessible(page, "the session-ended dialog");
      // Signing out all devices ended the worker's shared sessions of alice too: the next test signs in afresh.
      signIns.clear();
    });
  });
});

test.describe("keyboard only", () => {
  test("personal info: Tab to a field, type, Tab to Save, Enter; focus visible all the way", async ({
    consolePage: page,
    admin,
  }) => {
    await settled(page);
    await page.locator("body").focus();
    const lastName = page.locator("input#lastName");
    await tabTo(page, lastName);
    await expectFocusVisible(lastName);
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Pleasance");
    const save = page.getByTestId("save");
    await tabTo(page, save);
    await expectFocusVisible(save);
    await screenshot(page, "keyboard-save-focused");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("last-alert")).toContainText("Your account has been updated.");
    await expect.poll(async () => (await admin.user(REALM, DEMO_USER.username)).lastName).toBe("Pleasance");

    // Back, by keyboard too (Enter inside a field submits the form).
    await lastName.focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Liddell");
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await admin.user(REALM, DEMO_USER.username)).lastName).toBe("Liddell");
  });

  test("device activity: the sign-out dialog traps the focus, Escape returns it, Enter confirms", async ({
    consolePage: page,
    openConsole,
    admin,
  }) => {
    const before = await deviceActivityWithSecondSession(page, admin, openConsole);
    await page.locator("body").focus();
    const trigger = page.getByRole("button", { name: "Sign out", exact: true }).first();
    await tabTo(page, trigger);
    await expectFocusVisible(trigger);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // The focus is in the dialog and stays there, however often Tab is pressed.
    for (let presses = 0; presses < 8; presses++) {
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole("button", { name: "Confirm" });
    await tabTo(page, confirm, { limit: 10 });
    await expectFocusVisible(confirm);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("last-alert")).toContainText("Signed out");
    await expect.poll(() => admin.sessionCount(REALM, DEMO_USER.username)).toBe(before);
  });
});

test.describe("faults injected on the real server's answers", () => {
  test("personal info save answered 500: the danger alert with the reason, the typed value kept, nothing saved", async ({
    consolePage: page,
    admin,
  }) => {
    await answerProfileSave(page, 500, "Database unavailable");
    await page.locator("input#lastName").fill("Pleasance");
    await page.getByTestId("save").click();
    const alert = page.locator(".pf-v6-c-alert.pf-m-danger");
    await expect(alert).toContainText("Database unavailable");
    await expect(page.getByText("Your account has been updated.")).toHaveCount(0);
    await expect(page.locator("input#lastName")).toHaveValue("Pleasance");
    await expect(page.getByTestId("save")).toBeEnabled();
    expect((await admin.user(REALM, DEMO_USER.username)).lastName).toBe("Liddell");
    await screenshot(page, "fault-save-500");
  });

  test("personal info save answered 403: the danger alert with the reason", async ({ consolePage: page }) => {
    await answerProfileSave(page, 403, "HTTP 403 Forbidden");
    await page.locator("input#lastName").fill("Pleasance");
    await page.getByTestId("save").click();
    await expect(page.locator(".pf-v6-c-alert.pf-m-danger")).toContainText("HTTP 403 Forbidden");
    await expect(page.locator("input#lastName")).toHaveValue("Pleasance");
  });

  test("signing out a session without a network: the danger alert, the session still there", async ({
    consolePage: page,
    openConsole,
    admin,
  }) => {
    const before = await deviceActivityWithSecondSession(page, admin, openConsole);
    await page.route(
      (url) => url.pathname.startsWith(`/realms/${REALM}/account/sessions/`) && !url.pathname.endsWith("/devices"),
      (route) => (route.request().method() === "DELETE" ? route.abort("internetdisconnected") : route.fallback()),
    );
    await page.getByRole("button", { name: "Sign out", exact: true }).first().click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await expect(page.locator(".pf-v6-c-alert.pf-m-danger")).toContainText("Failed to fetch");
    await expect(page.getByText(/^Signed out/)).toHaveCount(0);
    expect(await admin.sessionCount(REALM, DEMO_USER.username)).toBe(before + 1);
  });
});
