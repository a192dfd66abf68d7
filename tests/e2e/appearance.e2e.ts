import type { Page } from "@playwright/test";
import { demoLike } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { screenshot } from "./support/screenshots";
import { expect, pageEnvironment, test } from "./support/test";

const NO_DARK_REALM = "e2e-appearance-light";
const DARK = /(^|\s)pf-v6-theme-dark(\s|$)/;

// The realm-level switch Keycloak reads together with the theme's darkMode property.
test.use({ realms: { [NO_DARK_REALM]: demoLike({ attributes: { darkMode: "false" } }) } });

const html = (page: Page) => page.locator("html");

/**
 * Switches the system's colour scheme and waits until the page has been told: a listener added now runs after the
 * theme's own (color-scheme.js, added at load), so once it has seen the change the page has applied it, or not.
 */
async function emulateSystemScheme(page: Page, colorScheme: "light" | "dark") {
  await page.evaluate(() => {
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    query.addEventListener("change", () =>
      document.documentElement.setAttribute("data-test-system-dark", String(query.matches)),
    );
  });
  await page.emulateMedia({ colorScheme });
  await expect(html(page)).toHaveAttribute("data-test-system-dark", String(colorScheme === "dark"));
}

async function choose(page: Page, scheme: "system" | "light" | "dark") {
  await page.getByTestId("theme-switch").click();
  await page.getByTestId(`theme-${scheme}`).click();
}

test.describe("dark mode", () => {
  test("is remembered across a reload and applied before the app renders @core", async ({ consolePage: page }) => {
    await expect(html(page)).not.toHaveClass(DARK);
    await choose(page, "dark");
    await expect(html(page)).toHaveClass(DARK);
    expect(await page.evaluate(() => localStorage.getItem("colorScheme"))).toBe("dark");
    await screenshot(page, "dark-personal-info");

    // Hold the app's script back: the page must already be dark while only the template's placeholder shows.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // The app's module script holds DOMContentLoaded back too, so wait for the placeholder itself.
    await page.reload({ waitUntil: "commit" });
    await expect(page.locator(".kc-loading")).toBeVisible();
    await expect(html(page)).toHaveClass(DARK);
    await expect(page.locator(".kc-loading")).toHaveCSS("background-color", "rgb(27, 29, 33)");
    release();
    await expect(page.getByTestId("page-heading")).toBeVisible();
    await expect(html(page)).toHaveClass(DARK);
    await expect(page.getByTestId("theme-switch")).toHaveAttribute("aria-label", "Appearance: Dark");

    await choose(page, "light");
    await expect(html(page)).not.toHaveClass(DARK);
    await page.unroute(/\/assets\/main-[\w-]+\.js$/);
    await page.reload();
    await expect(page.getByTestId("page-heading")).toBeVisible();
    await expect(html(page)).not.toHaveClass(DARK);
  });

  test("follows the system while set to 'same as system'", async ({ consolePage: page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html(page)).toHaveClass(DARK);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html(page)).not.toHaveClass(DARK);
    // A firm choice is not overridden by the system.
    await choose(page, "light");
    await emulateSystemScheme(page, "dark");
    await expect(html(page)).not.toHaveClass(DARK);
  });

  test("has no serious or critical accessibility violation in dark mode (axe, WCAG 2.1 AA)", async ({
    consolePage: page,
  }) => {
    await choose(page, "dark");
    for (const route of ["", "account-security/signing-in", "account-security/device-activity"]) {
      if (route !== "") await page.goto(page.url().replace(/\/account\/.*$/, `/account/${route}`));
      await expect(page.getByTestId("page-heading")).toBeVisible();
      // The page's data has arrived once the loading state is gone (keycloak-js keeps polling, so no network idle).
      await expect(page.locator(".pf-v6-c-spinner")).toHaveCount(0);
      await expect(html(page)).toHaveClass(DARK);
      await expectAccessible(page, route || "personal info");
    }
    await screenshot(page, "dark-device-activity");
  });

  test.describe(() => {
    test.use({ account: { realm: NO_DARK_REALM } });
    test("shows no switch and stays light where the realm turns dark mode off", async ({ consolePage: page }) => {
      expect((await pageEnvironment(page)).darkMode).toBe(false);
      await expect(page.getByTestId("theme-switch")).toHaveCount(0);
      await emulateSystemScheme(page, "dark");
      await expect(html(page)).not.toHaveClass(DARK);
    });
  });
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test("fits the header at 360 px, with the appearance switch and the menu", async ({ consolePage: page }) => {
    await expect(page.getByTestId("theme-switch")).toBeVisible();
    await expect(page.getByTestId("options-kebab")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await choose(page, "dark");
    await screenshot(page, "mobile-360-dark");
  });
});
