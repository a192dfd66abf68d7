import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_KEYCLOAK_VERSION } from "../../scripts/lib/keycloak-config.mjs";
import { ensureStockMessages, parseProperties, readStockBundle } from "../../scripts/lib/message-bundles.mjs";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DEMO_USER, KeycloakAdmin } from "./support/admin";
import { launchBrowser } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { accountUrl, openConsole } from "./support/session";

// Texts are layered on the server: Keycloak's stock bundles, our bundles on top, the realm's overrides on top of both.
let browser: Browser;
const admin = new KeycloakAdmin();
const ARABIC_REALM = "e2e-lang-ar";
const GERMAN_REALM = "e2e-lang-de";
const SWITCH_REALM = "e2e-lang-switch";

const stock = ensureStockMessages(process.env.KC_VERSION || DEFAULT_KEYCLOAK_VERSION);
const ours = (locale: string) =>
  parseProperties(
    readFileSync(
      path.resolve(
        import.meta.dirname,
        "..",
        "..",
        "src",
        "theme",
        "account",
        "messages",
        `messages_${locale}.properties`,
      ),
      "utf8",
    ),
  );

beforeAll(async () => {
  browser = await launchBrowser();
  await admin.createRealm(ARABIC_REALM, {
    internationalizationEnabled: true,
    supportedLocales: ["ar", "en"],
    defaultLocale: "ar",
  });
  await admin.createRealm(GERMAN_REALM, {
    internationalizationEnabled: true,
    supportedLocales: ["de", "en"],
    defaultLocale: "de",
    // One stock key and one key of ours, both reworded by the realm's admin.
    localizationTexts: {
      de: { personalInfoDescription: "Vom Realm-Admin neu formuliert", colorScheme: "Farbwahl (Realm)" },
    },
  });
  await admin.createRealm(SWITCH_REALM, {
    internationalizationEnabled: true,
    supportedLocales: ["en", "ar"],
    defaultLocale: "en",
  });
});

afterAll(async () => {
  await browser?.close();
  for (const realm of [ARABIC_REALM, GERMAN_REALM, SWITCH_REALM]) await admin.deleteRealm(realm).catch(() => undefined);
});

/** Where the sidebar sits: its left edge and the main content's, in pixels. */
async function sidebarAndMain(page: Page) {
  const sidebar = await page.locator("#page-sidebar").boundingBox();
  const main = await page.locator("main").first().boundingBox();
  if (!sidebar || !main) throw new Error("sidebar or main content not laid out");
  return { sidebar, main };
}

async function direction(page: Page) {
  return page.locator("html").evaluate((html) => [html.getAttribute("lang"), html.getAttribute("dir")]);
}

describe("right to left", () => {
  it("renders a realm whose default language is Arabic right to left, from the page on, sidebar on the right", async () => {
    // The template itself says rtl (before any script runs): a browser language the realm lacks gets its default.
    const html = await (await fetch(accountUrl(ARABIC_REALM), { headers: { "accept-language": "sw" } })).text();
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);

    const { context, page } = await openConsole(browser, ARABIC_REALM, { locale: "sw" });
    try {
      expect(await direction(page)).toEqual(["ar", "rtl"]);
      // A stock key from Keycloak's Arabic bundle, and one of ours.
      expect(await page.getByTestId("page-heading").textContent()).toBe(
        readStockBundle(stock, "keycloak.v3", "ar").personalInfo,
      );
      expect(await page.getByTestId("nav-toggle").getAttribute("aria-label")).toBe(ours("ar").navigation);
      const { sidebar, main } = await sidebarAndMain(page);
      expect(sidebar.x).toBeGreaterThan(main.x);
      expect(sidebar.x + sidebar.width).toBeGreaterThan(1280 - 5);
      await screenshot(page, "rtl-arabic");
    } finally {
      await context.close();
    }
  });

  it("flips direction and language both ways without a reload when the user switches en -> ar -> en", async () => {
    const { context, page } = await openConsole(browser, SWITCH_REALM);
    try {
      await page.getByTestId("save").waitFor();
      expect(await direction(page)).toEqual(["en", "ltr"]);
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

      await chooseLocale(page, "العربية");
      await expect.poll(() => direction(page)).toEqual(["ar", "rtl"]);
      await expect
        .poll(() => page.getByTestId("page-heading").textContent())
        .toBe(readStockBundle(stock, "keycloak.v3", "ar").personalInfo);
      const rtl = await sidebarAndMain(page);
      expect(rtl.sidebar.x).toBeGreaterThan(rtl.main.x);
      await screenshot(page, "rtl-switched");

      await chooseLocale(page, "English");
      await expect.poll(() => direction(page)).toEqual(["en", "ltr"]);
      await expect.poll(() => page.getByTestId("page-heading").textContent()).toBe("Personal info");
      const ltr = await sidebarAndMain(page);
      expect(ltr.sidebar.x).toBeLessThan(ltr.main.x);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect((await admin.user(SWITCH_REALM, DEMO_USER.username)).attributes?.locale).toEqual(["en"]);
    } finally {
      await context.close();
    }
  });
});

/** Picks a language in personal info's locale field and saves. */
async function chooseLocale(page: Page, name: string) {
  await page.locator('[id="attributes.locale"]').click();
  await page.getByRole("option", { name, exact: true }).click();
  await page.getByTestId("save").click();
}

describe("layered texts", () => {
  it("shows German stock keys from the server, added keys from our bundle, and the realm's overrides above both", async () => {
    const { context, page } = await openConsole(browser, GERMAN_REALM, { locale: "de-DE" });
    try {
      const stockGerman = readStockBundle(stock, "keycloak.v3", "de");
      const ourGerman = ours("de");
      // Stock key: the server's German.
      expect(await page.getByTestId("page-heading").textContent()).toBe(stockGerman.personalInfo);
      expect(await page.locator("#page-sidebar").textContent()).toContain(stockGerman.accountSecurity);
      // Added key: our German (English would read "Help").
      expect(await page.locator("#help-toggle").getAttribute("aria-label")).toBe(ourGerman.helpToggle);
      expect(ourGerman.helpToggle).not.toBe(ours("en").helpToggle);
      // Realm overrides win over the stock bundle and over ours.
      await page.getByText("Vom Realm-Admin neu formuliert").waitFor();
      expect(await page.getByTestId("theme-switch").getAttribute("aria-label")).toBe(
        `Farbwahl (Realm): ${ourGerman.colorSchemeSystem}`,
      );
    } finally {
      await context.close();
    }
  });

  it("serves our page, assets and content.json, and nothing of the stock console", async () => {
    const { context, page } = await openConsole(browser, "demo");
    try {
      const requested: string[] = [];
      page.on("request", (request) => requested.push(request.url()));
      await page.reload();
      await page.getByTestId("page-heading").waitFor();
      const resources = requested.filter(
        (url) => url.includes("/resources/") && !url.includes("/resources/demo/account/"),
      );
      expect(resources.length).toBeGreaterThan(0);
      // Every theme resource comes from our theme's folder, never from keycloak.v3's.
      for (const url of resources.filter((url) => /\/account\//.test(url))) {
        expect(url).toContain("/account/keycloak-account-console/");
      }
      expect(requested.some((url) => url.endsWith("/account/keycloak-account-console/content.json"))).toBe(true);
      expect(requested.filter((url) => url.includes("keycloak.v3"))).toEqual([]);
      const pageHtml = await (await fetch(accountUrl("demo"))).text();
      expect(pageHtml).toContain('<script id="environment" type="application/json">');
      expect(pageHtml).toContain("/account/keycloak-account-console/color-scheme.js");
      // The translation endpoint answers the stock keys too (the parent theme's bundles under ours).
      const translations = (await (
        await fetch(`${new URL(accountUrl("demo")).origin}/resources/demo/account/en`)
      ).json()) as { key: string; value: string }[];
      const byKey = Object.fromEntries(translations.map(({ key, value }) => [key, value]));
      expect(byKey.personalInfo).toBe(readStockBundle(stock, "keycloak.v3", "en").personalInfo);
      expect(byKey.colorScheme).toBe(ours("en").colorScheme);
    } finally {
      await context.close();
    }
  });
});
