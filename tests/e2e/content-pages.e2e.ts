import type { Page } from "@playwright/test";
import { DEMO_USER, demoLike, STRICT_CSP_HEADERS, STRICT_CSP } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, test } from "./support/test";

// A realm whose account theme is the example extension theme (examples/extension-theme, built into a jar and put in
// providers/ by the global setup): it extends ours with two menu items, pages whose modules live in the theme. One
// takes the console's React as a prop; the other is written for the stock console and imports "react" by name.
const REALM = "e2e-content-pages";
const THEME = "account-console-extension-example";
const PAGE = "content/travel-preferences";
const STOCK_PAGE = "content/packing-list";

// The same theme in a realm with the strict policy of the hardening work (the one tests/e2e/csp.e2e.ts checks):
// nothing inline, nothing from elsewhere.
const STRICT_REALM = "e2e-content-pages-csp";
test.use({
  realms: {
    [REALM]: demoLike({ accountTheme: THEME }),
    [STRICT_REALM]: demoLike({
      accountTheme: THEME,
      ...STRICT_CSP_HEADERS,
    }),
  },
  account: { realm: REALM },
});

/** Every CSP violation of the page's documents (from before their first script) and every error on the page. */
async function recordProblems(page: Page) {
  const violations: { documentURI: string; directive: string; blockedURI: string }[] = [];
  const errors: string[] = [];
  await page.exposeBinding("__reportContentPageViolation", (_source, violation: (typeof violations)[number]) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportContentPageViolation?: (v: unknown) => void })
        .__reportContentPageViolation;
      report?.({ documentURI: event.documentURI, directive: event.effectiveDirective, blockedURI: event.blockedURI });
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && message.location().url.includes("/account/")) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  return { violations, errors };
}

/** Clicks through the packing list: the module's hooks (useReducer, useState, useId) keep and update its state. */
async function usePackingList(page: Page) {
  const list = page.getByTestId("packing-list");
  await expect(list).toBeVisible();
  await expect(page.getByTestId("page-heading")).toHaveText("Packing list");
  const count = page.getByTestId("packing-count");
  await expect(count).toHaveText("1 of 3 packed");
  await list.getByLabel("Charger").check();
  await expect(count).toHaveText("2 of 3 packed");
  await list.getByLabel("Passport").uncheck();
  await expect(count).toHaveText("1 of 3 packed");
  // useId's id ties the label to its input: the field is found by its label.
  await list.getByLabel("Item").fill("Sunscreen");
  await list.getByRole("button", { name: "Add" }).click();
  await expect(list.getByLabel("Sunscreen")).not.toBeChecked();
  await expect(count).toHaveText("1 of 4 packed");
  await expect(list.getByLabel("Item")).toHaveValue("");
  await list.getByLabel("Sunscreen").check();
  await expect(count).toHaveText("2 of 4 packed");
}

test.describe("content pages of a theme that extends ours", () => {
  test("adds a menu item whose module renders inside the shell, with the console's React and the user's data @core", async ({
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

  test("a module written for the stock console (imports react and react/jsx-runtime) renders with the console's React: hooks and clicks work @core", async ({
    consolePage: page,
  }) => {
    const recorded = await recordProblems(page);
    await page.reload();
    await page.locator("#page-sidebar").getByTestId(STOCK_PAGE).click();
    await page.waitForURL(new RegExp(`/account/${STOCK_PAGE}$`));
    await usePackingList(page);
    // It was imported in the content-module frame, whose import map the module's names resolved through; the
    // elements are the console's, in the console's page.
    await expect(page.getByTestId("content-module-frame")).toHaveCount(1);
    expect(await page.getByTestId("content-page").evaluate((element) => element.ownerDocument === document)).toBe(true);
    await screenshot(page, "content-page-stock-style");
    await expectAccessible(page, "the stock-style content page");

    // The props-contract page still loads on the console's page (no frame needed), then the stock one again.
    await page.locator("#page-sidebar").getByTestId(PAGE).click();
    await expect(page.getByTestId("travel-preferences")).toBeVisible();
    await page.getByLabel("Aisle").check();
    await expect(page.getByLabel("Aisle")).toBeChecked();
    await page.locator("#page-sidebar").getByTestId(STOCK_PAGE).click();
    await expect(page.getByTestId("packing-count")).toHaveText("1 of 3 packed");
    await expect(page.getByTestId("content-module-frame")).toHaveCount(1);
    expect(recorded.errors).toEqual([]);
  });

  test("under the strict CSP, both kinds of module work, and the console's page reports no violation", async ({
    openConsole,
  }) => {
    const page = await openConsole(STRICT_REALM, { route: STOCK_PAGE });
    const recorded = await recordProblems(page);
    const response = page.waitForResponse((answer) => answer.url() === accountUrl(STRICT_REALM, STOCK_PAGE));
    await page.reload();
    // The policy is on the console's page (else this test proves nothing).
    expect((await response).headers()["content-security-policy"]).toBe(STRICT_CSP);
    await usePackingList(page);
    await screenshot(page, "content-page-stock-style-csp");

    await page.locator("#page-sidebar").getByTestId(PAGE).click();
    await expect(page.getByTestId("travel-preferences")).toBeVisible();
    await page.getByLabel("Aisle").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("travel-saved")).toContainText("Saved: Aisle");

    // Keycloak's status frame (its own page) runs an inline script the policy blocks; the console's page and the
    // content-module frame (a theme resource, sent without the realm's policy) report nothing.
    const ours = recorded.violations.filter((violation) => !violation.documentURI.includes("login-status-iframe"));
    expect(ours).toEqual([]);
    expect(recorded.errors).toEqual([]);
  });

  test("an id no menu item names shows the error dialog", async ({ consolePage: page }) => {
    await page.goto(accountUrl(REALM, "content/not-configured"));
    await expect(page.getByTestId("error-dialog").getByTestId("error-message")).toContainText(
      'No page "not-configured"',
    );
  });
});
