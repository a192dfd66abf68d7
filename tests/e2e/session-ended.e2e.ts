import type { Page } from "@playwright/test";
import { DEMO_USER, demoLike, fixture, type KeycloakAdmin } from "./support/admin";
import { signIn, signOutByAdmin, submitLogin } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, test } from "./support/test";

const REALM = "e2e-session-ended-draft";
const BOB = { username: "bob", password: "bob" };

const alice = (fixture<{ users: Record<string, unknown>[] }>("demo-realm.json").users[0] ?? {}) as Record<
  string,
  unknown
>;

test.use({
  realms: {
    [REALM]: demoLike({
      users: [
        { ...alice, attributes: undefined },
        {
          username: BOB.username,
          enabled: true,
          email: "bob@example.org",
          emailVerified: true,
          firstName: "Bob",
          lastName: "Builder",
          credentials: [{ type: "password", value: BOB.password, temporary: false }],
          clientRoles: { account: ["manage-account", "view-profile"] },
        },
      ],
    }),
  },
});

/** Everything in the tab's sessionStorage, as text. */
const sessionStorageText = (page: Page) => page.evaluate(() => JSON.stringify({ ...window.sessionStorage }));

/**
 * Signs in as alice, types a new last name, lets an admin end the session, presses Save: the dialog says the session
 * ended.
 */
async function typeThenLoseSession(page: Page, admin: KeycloakAdmin, lastName: string) {
  await page.goto(accountUrl(REALM));
  await signIn(page, DEMO_USER.username, DEMO_USER.password);
  await expect(page.locator("input#lastName")).toHaveValue("Liddell");
  await page.locator("input#lastName").fill(lastName);
  await signOutByAdmin(page, admin, REALM, DEMO_USER.username);
  await page.getByTestId("save").click();
  const dialog = page.getByRole("dialog", { name: /Your session has ended/ });
  await expect(dialog).toContainText("Sign in again to continue.");
  // No failure alert, no success, and Save does not spin.
  await expect(page.getByTestId("last-alert")).toHaveCount(0);
  await expect(page.getByTestId("save")).toBeEnabled();
  await expect(page.getByTestId("save").locator(".pf-v6-c-spinner")).toHaveCount(0);
  const stored = await sessionStorageText(page);
  expect(stored).toContain(lastName);
  // A draft holds the form's values only: no token of any kind (JWTs start with eyJ).
  expect(stored).not.toMatch(/eyJ|token/i);
  return dialog;
}

test.describe("the session ends while personal info is being edited", () => {
  test("a save after an admin's sign-out: the message, the login page, then the typed value back, unsaved @core", async ({
    page,
    admin,
  }) => {
    const dialog = await typeThenLoseSession(page, admin, "Pleasance");
    await screenshot(page, "session-ended-dialog");
    expect((await admin.user(REALM, DEMO_USER.username)).lastName).toBe("Liddell");

    await dialog.getByRole("button", { name: "Log In" }).click();
    await expect(page.locator("#kc-login")).toBeVisible();
    await submitLogin(page, DEMO_USER.username, DEMO_USER.password);

    await expect(page.getByTestId("draft-restored")).toContainText("Unsaved changes restored", { timeout: 30_000 });
    await expect(page.locator("input#lastName")).toHaveValue("Pleasance");
    await screenshot(page, "session-ended-draft-restored");
    // Restored, not saved: the server still has the old name until the user saves.
    expect((await admin.user(REALM, DEMO_USER.username)).lastName).toBe("Liddell");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("last-alert")).toContainText("Your account has been updated.");
    await expect(page.getByTestId("draft-restored")).toHaveCount(0);
    await expect.poll(async () => (await admin.user(REALM, DEMO_USER.username)).lastName).toBe("Pleasance");
    expect(await sessionStorageText(page)).not.toContain("Pleasance");

    // Put the name back for the next test.
    await page.locator("input#lastName").fill("Liddell");
    await page.getByTestId("save").click();
    await expect.poll(async () => (await admin.user(REALM, DEMO_USER.username)).lastName).toBe("Liddell");
  });

  test("another user signing in in the same tab never sees the draft, and it is gone for good", async ({
    page,
    admin,
  }) => {
    const dialog = await typeThenLoseSession(page, admin, "Secretname");

    await dialog.getByRole("button", { name: "Log In" }).click();
    await submitLogin(page, BOB.username, BOB.password);
    await expect(page.locator("input#lastName")).toHaveValue("Builder", { timeout: 30_000 });
    await expect(page.getByTestId("draft-restored")).toHaveCount(0);
    await expect(page.getByText("Secretname")).toHaveCount(0);
    expect(await sessionStorageText(page)).not.toContain("Secretname");

    // Alice, back in the same tab later, does not get it either: Bob's visit removed it.
    await signOutByAdmin(page, admin, REALM, BOB.username);
    await page.goto(accountUrl(REALM));
    await submitLogin(page, DEMO_USER.username, DEMO_USER.password);
    await expect(page.locator("input#lastName")).toHaveValue("Liddell", { timeout: 30_000 });
    await expect(page.getByTestId("draft-restored")).toHaveCount(0);
  });
});
