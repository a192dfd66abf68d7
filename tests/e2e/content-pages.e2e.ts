import { DEMO_USER, demoLike } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, test } from "./support/test";

// A realm whose account theme is the example extension theme (examples/extension-theme, built into a jar and put in
// providers/ by the global setup): it extends ours with one more menu item, a page whose module lives in the theme.
const REALM = "e2e-content-pages";
const THEME = "account-console-extension-example";
const PAGE = "content/travel-preferences";

test.use({ realms: { [REALM]: demoLike({ accountTheme: THEME }) }, account: { realm: REALM } });

test.describe("content pages of a theme that extends ours", () => {
  test("adds a menu item whose module renders inside the shell, with the console's React and the user's data", async ({
    consolePage: page,
  }) => {
    await page.locator("#page-sidebar").getByTestId(PAGE).click();
    await page.waitForURL(new RegExp(`/account/${PAGE}$`));
    await expect(page.getByTestId("travel-preferences")).toBeVisible();
    await expect(page.getByTestId("page-heading")).toHaveText("Travel preferences");
    // The module called the Account REST API as the signed-in user.
    await expect(page.getByTestId("travel-user")).toContainText(DEMO_USER.username);
    // Hooks of the console's React work in the module: state changes on input.
    await page.getByLabel("Aisle").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("travel-saved")).toContainText("Saved: Aisle");
    await screenshot(page, "content-page-extension");
    await expectAccessible(page, "the content page");

    // The rest of the console is the parent theme's, unchanged.
    await page.locator("#page-sidebar").getByTestId("applications").click();
    await page.waitForURL(/\/account\/applications$/);
    await expect(page.getByTestId("applications-list-item").first()).toBeVisible();
  });

  test("renders at 375 px", async ({ openConsole }) => {
    const page = await openConsole(REALM, { route: PAGE, viewport: { width: 375, height: 740 } });
    await expect(page.getByTestId("travel-preferences")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "content-page-extension-375");
  });

  test("a module that cannot be loaded shows the error dialog, and the console keeps working", async ({
    openConsole,
  }) => {
    const page = await openConsole(REALM, { route: PAGE });
    // The theme's module answers 404, as when the file is missing from the theme.
    await page.route("**/travel-preferences.js", (route) => route.fulfill({ status: 404, body: "Not found" }));
    await page.reload();
    const dialog = page.getByTestId("error-dialog");
    await expect(dialog).toContainText("Something went wrong");
    await expect(dialog.getByTestId("error-message")).toContainText("travel-preferences.js");
    await expect(page.getByTestId("travel-preferences")).toHaveCount(0);
    // The shell is there behind the dialog.
    await expect(page.locator("#page-sidebar").getByTestId(PAGE)).toHaveCount(1);
    await screenshot(page, "content-page-missing-module");

    // Another page of the console loads fine.
    await page.goto(page.url().replace(PAGE, "account-security/signing-in"));
    await expect(page.getByTestId("page-heading")).toHaveText("Signing in");
    await expect(page.getByTestId("error-dialog")).toHaveCount(0);
  });

  test("an id no menu item names shows the error dialog", async ({ consolePage: page }) => {
    await page.goto(accountUrl(REALM, "content/not-configured"));
    await expect(page.getByTestId("error-dialog").getByTestId("error-message")).toContainText(
      'No page "not-configured"',
    );
  });
});
