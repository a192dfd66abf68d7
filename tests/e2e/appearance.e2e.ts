import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KeycloakAdmin } from "./support/admin";
import { launchBrowser } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { openConsole, pageEnvironment } from "./support/session";

let browser: Browser;
const admin = new KeycloakAdmin();
const NO_DARK_REALM = "e2e-appearance-light";
const DARK_CLASS = "pf-v6-theme-dark";
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

beforeAll(async () => {
  browser = await launchBrowser();
  // The realm-level switch Keycloak reads together with the theme's darkMode property.
  await admin.createRealm(NO_DARK_REALM, { attributes: { darkMode: "false" } });
});

afterAll(async () => {
  await browser?.close();
  await admin.deleteRealm(NO_DARK_REALM).catch(() => undefined);
});

const isDark = (page: Page) => page.locator("html").evaluate((html, name) => html.classList.contains(name), DARK_CLASS);

async function choose(page: Page, scheme: "system" | "light" | "dark") {
  await page.getByTestId("theme-switch").click();
  await page.getByTestId(`theme-${scheme}`).click();
}

/** Serious and critical WCAG 2.0/2.1 A and AA violations axe finds on the page as it is now. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
  });
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

describe("dark mode", () => {
  it("is remembered across a reload and applied before the app renders", async () => {
    const { context, page } = await openConsole(browser, "demo");
    try {
      expect(await isDark(page)).toBe(false);
      await choose(page, "dark");
      expect(await isDark(page)).toBe(true);
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
      await page.locator(".kc-loading").waitFor();
      expect(await isDark(page)).toBe(true);
      const placeholderBackground = await page
        .locator(".kc-loading")
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(placeholderBackground).toBe("rgb(27, 29, 33)");
      release();
      await page.getByTestId("page-heading").waitFor();
      expect(await isDark(page)).toBe(true);
      expect(await page.getByTestId("theme-switch").getAttribute("aria-label")).toBe("Appearance: Dark");

      await choose(page, "light");
      expect(await isDark(page)).toBe(false);
      await page.unroute(/\/assets\/main-[\w-]+\.js$/);
      await page.reload();
      await page.getByTestId("page-heading").waitFor();
      expect(await isDark(page)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it("follows the system while set to 'same as system'", async () => {
    const { context, page } = await openConsole(browser, "demo");
    try {
      await page.emulateMedia({ colorScheme: "dark" });
      await expect.poll(() => isDark(page)).toBe(true);
      await page.emulateMedia({ colorScheme: "light" });
      await expect.poll(() => isDark(page)).toBe(false);
      // A firm choice is not overridden by the system.
      await choose(page, "light");
      await page.emulateMedia({ colorScheme: "dark" });
      await page.waitForTimeout(200);
      expect(await isDark(page)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it("has no serious or critical accessibility violation in dark mode (axe, WCAG 2.1 AA)", async () => {
    const { context, page } = await openConsole(browser, "demo");
    try {
      await choose(page, "dark");
      for (const route of ["", "account-security/signing-in", "account-security/device-activity"]) {
        if (route !== "") await page.goto(page.url().replace(/\/account\/.*$/, `/account/${route}`));
        await page.getByTestId("page-heading").waitFor();
        // The page's data has arrived once the loading state is gone (keycloak-js keeps polling, so no network idle).
        await expect.poll(() => page.locator(".pf-v6-c-spinner").count()).toBe(0);
        expect(await isDark(page)).toBe(true);
        expect(await accessibilityViolations(page), route || "personal info").toEqual([]);
      }
      await screenshot(page, "dark-device-activity");
    } finally {
      await context.close();
    }
  });

  it("shows no switch and stays light where the realm turns dark mode off", async () => {
    const { context, page } = await openConsole(browser, NO_DARK_REALM);
    try {
      await page.emulateMedia({ colorScheme: "dark" });
      expect((await pageEnvironment(page)).darkMode).toBe(false);
      expect(await page.getByTestId("theme-switch").count()).toBe(0);
      await page.waitForTimeout(200);
      expect(await isDark(page)).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe("small screens", () => {
  it("fits the header at 360 px, with the appearance switch and the menu", async () => {
    const { context, page } = await openConsole(browser, "demo", { viewport: { width: 360, height: 740 } });
    try {
      expect(await page.getByTestId("theme-switch").isVisible()).toBe(true);
      expect(await page.getByTestId("options-kebab").isVisible()).toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await choose(page, "dark");
      await screenshot(page, "mobile-360-dark");
    } finally {
      await context.close();
    }
  });
});
