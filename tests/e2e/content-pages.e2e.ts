import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USER, KeycloakAdmin } from "./support/admin";
import { launchBrowser } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { accountUrl, openConsole } from "./support/session";

// A realm whose account theme is the example extension theme (examples/extension-theme, built into a jar and put in
// providers/ by the global setup): it extends ours with one more menu item, a page whose module lives in the theme.
const REALM = "e2e-content-pages";
const THEME = "account-console-extension-example";
const PAGE = "content/travel-preferences";
let browser: Browser;
const admin = new KeycloakAdmin();

async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(bad).toEqual([]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await admin.createRealm(REALM, { accountTheme: THEME });
});

afterAll(async () => {
  await browser?.close();
  await admin.deleteRealm(REALM).catch(() => undefined);
});

describe("content pages of a theme that extends ours", () => {
  it("adds a menu item whose module renders inside the shell, with the console's React and the user's data", async () => {
    const { context, page } = await openConsole(browser, REALM);
    try {
      const item = page.locator("#page-sidebar").getByTestId(PAGE);
      await item.click();
      await page.waitForURL(new RegExp(`/account/${PAGE}$`));
      await page.getByTestId("travel-preferences").waitFor();
      expect(await page.getByTestId("page-heading").textContent()).toBe("Travel preferences");
      // The module called the Account REST API as the signed-in user.
      await page.getByTestId("travel-user").getByText(DEMO_USER.username).waitFor();
      // Hooks of the console's React work in the module: state changes on input.
      await page.getByLabel("Aisle").check();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByTestId("travel-saved").getByText("Saved: Aisle").waitFor();
      await screenshot(page, "content-page-extension");
      await expectAccessible(page);

      // The rest of the console is the parent theme's, unchanged.
      await page.locator("#page-sidebar").getByTestId("applications").click();
      await page.waitForURL(/\/account\/applications$/);
      await page.getByTestId("applications-list-item").first().waitFor();
    } finally {
      await context.close();
    }
  });

  it("renders at 375 px", async () => {
    const { context, page } = await openConsole(browser, REALM, {
      route: PAGE,
      viewport: { width: 375, height: 740 },
    });
    try {
      await page.getByTestId("travel-preferences").waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, "content-page-extension-375");
    } finally {
      await context.close();
    }
  });

  it("a module that cannot be loaded shows the error dialog, and the console keeps working", async () => {
    const { context, page } = await openConsole(browser, REALM, { route: PAGE });
    try {
      // The theme's module answers 404, as when the file is missing from the theme.
      await page.route("**/travel-preferences.js", (route) => route.fulfill({ status: 404, body: "Not found" }));
      await page.reload();
      const dialog = page.getByTestId("error-dialog");
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain("Something went wrong");
      expect(await dialog.getByTestId("error-message").textContent()).toContain("travel-preferences.js");
      expect(await page.getByTestId("travel-preferences").count()).toBe(0);
      // The shell is there behind the dialog.
      expect(await page.locator("#page-sidebar").getByTestId(PAGE).count()).toBe(1);
      await screenshot(page, "content-page-missing-module");

      // Another page of the console loads fine.
      await page.goto(page.url().replace(PAGE, "account-security/signing-in"));
      await page.getByTestId("page-heading").getByText("Signing in").waitFor();
      expect(await page.getByTestId("error-dialog").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("an id no menu item names shows the error dialog", async () => {
    const { context, page } = await openConsole(browser, REALM);
    try {
      await page.goto(accountUrl(REALM, "content/not-configured"));
      const dialog = page.getByTestId("error-dialog");
      await dialog.waitFor();
      expect(await dialog.getByTestId("error-message").textContent()).toContain('No page "not-configured"');
    } finally {
      await context.close();
    }
  });
});
