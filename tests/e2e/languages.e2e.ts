import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { DEFAULT_KEYCLOAK_VERSION } from "../../scripts/lib/keycloak-config.mjs";
import { ensureStockMessages, parseProperties, readStockBundle } from "../../scripts/lib/message-bundles.mjs";
import { DEMO_USER, demoLike } from "./support/admin";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, test } from "./support/test";

// Texts are layered on the server: Keycloak's stock bundles, our bundles on top, the realm's overrides on top of both.
const ARABIC_REALM = "e2e-lang-ar";
const GERMAN_REALM = "e2e-lang-de";
const SWITCH_REALM = "e2e-lang-switch";

const stock = ensureStockMessages(process.env.KC_VERSION || DEFAULT_KEYCLOAK_VERSION);
const messages = path.resolve(import.meta.dirname, "..", "..", "src", "theme", "account", "messages");
const ours = (locale: string) =>
  parseProperties(readFileSync(path.join(messages, `messages_${locale}.properties`), "utf8"));

test.use({
  realms: {
    [ARABIC_REALM]: demoLike({
      internationalizationEnabled: true,
      supportedLocales: ["ar", "en"],
      defaultLocale: "ar",
    }),
    [GERMAN_REALM]: demoLike({
      internationalizationEnabled: true,
      supportedLocales: ["de", "en"],
      defaultLocale: "de",
      // One stock key and one key of ours, both reworded by the realm's admin.
      localizationTexts: {
        de: { personalInfoDescription: "Vom Realm-Admin neu formuliert", colorScheme: "Farbwahl (Realm)" },
      },
    }),
    [SWITCH_REALM]: demoLike({
      internationalizationEnabled: true,
      supportedLocales: ["en", "ar"],
      defaultLocale: "en",
    }),
  },
});

/** Where the sidebar sits: its left edge and the main content's, in pixels. */
async function sidebarAndMain(page: Page) {
  const sidebar = await page.locator("#page-sidebar").boundingBox();
  const main = await page.locator("main").first().boundingBox();
  if (!sidebar || !main) throw new Error("sidebar or main content not laid out");
  return { sidebar, main };
}

/** Expects the document's language and direction. */
async function expectDirection(page: Page, lang: string, dir: "ltr" | "rtl") {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("html")).toHaveAttribute("dir", dir);
}

/** Picks a language in personal info's locale field and saves. */
async function chooseLocale(page: Page, name: string) {
  await page.locator('[id="attributes.locale"]').click();
  await page.getByRole("option", { name, exact: true }).click();
  await page.getByTestId("save").click();
}

test.describe("right to left", () => {
  test.describe(() => {
    // A browser language the realm lacks gets the realm's default.
    test.use({ account: { realm: ARABIC_REALM }, locale: "sw" });
    test("renders a realm whose default language is Arabic right to left, from the page on, sidebar on the right @core", async ({
      consolePage: page,
    }) => {
      // The template itself says rtl (before any script runs). Asked with the session: 26.1 and 26.2 send a request
      // without one to the login page.
      const html = await (
        await page.request.get(accountUrl(ARABIC_REALM), { headers: { "accept-language": "sw" } })
      ).text();
      expect(html).toMatch(/<html lang="ar" dir="rtl">/);

      await expectDirection(page, "ar", "rtl");
      // A stock key from Keycloak's Arabic bundle, and one of ours.
      await expect(page.getByTestId("page-heading")).toHaveText(
        readStockBundle(stock, "keycloak.v3", "ar").personalInfo!,
      );
      await expect(page.getByTestId("nav-toggle")).toHaveAttribute("aria-label", ours("ar").navigation!);
      const { sidebar, main } = await sidebarAndMain(page);
      expect(sidebar.x).toBeGreaterThan(main.x);
      expect(sidebar.x + sidebar.width).toBeGreaterThan(1280 - 5);
      await screenshot(page, "rtl-arabic");
    });
  });

  test.describe(() => {
    test.use({ account: { realm: SWITCH_REALM } });
    test("flips direction and language both ways without a reload when the user switches en -> ar -> en", async ({
      consolePage: page,
      admin,
    }) => {
      await expect(page.getByTestId("save")).toBeVisible();
      await expectDirection(page, "en", "ltr");
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

      await chooseLocale(page, "العربية");
      await expectDirection(page, "ar", "rtl");
      await expect(page.getByTestId("page-heading")).toHaveText(
        readStockBundle(stock, "keycloak.v3", "ar").personalInfo!,
      );
      const rtl = await sidebarAndMain(page);
      expect(rtl.sidebar.x).toBeGreaterThan(rtl.main.x);
      await screenshot(page, "rtl-switched");

      await chooseLocale(page, "English");
      await expectDirection(page, "en", "ltr");
      await expect(page.getByTestId("page-heading")).toHaveText("Personal info");
      const ltr = await sidebarAndMain(page);
      expect(ltr.sidebar.x).toBeLessThan(ltr.main.x);
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect((await admin.user(SWITCH_REALM, DEMO_USER.username)).attributes?.locale).toEqual(["en"]);
    });
  });
});

test.describe("layered texts", () => {
  test.describe(() => {
    test.use({ account: { realm: GERMAN_REALM }, locale: "de-DE" });
    test("shows German stock keys from the server, added keys from our bundle, and the realm's overrides above both @core", async ({
      consolePage: page,
    }) => {
      const stockGerman = readStockBundle(stock, "keycloak.v3", "de");
      const ourGerman = ours("de");
      // Stock key: the server's German.
      await expect(page.getByTestId("page-heading")).toHaveText(stockGerman.personalInfo!);
      await expect(page.locator("#page-sidebar")).toContainText(stockGerman.accountSecurity!);
      // Added key: our German (English would read "Help").
      await expect(page.locator("#help-toggle")).toHaveAttribute("aria-label", ourGerman.helpToggle!);
      expect(ourGerman.helpToggle).not.toBe(ours("en").helpToggle);
      // Realm overrides win over the stock bundle and over ours.
      await expect(page.getByText("Vom Realm-Admin neu formuliert")).toBeVisible();
      await expect(page.getByTestId("theme-switch")).toHaveAttribute(
        "aria-label",
        `Farbwahl (Realm): ${ourGerman.colorSchemeSystem}`,
      );
    });
  });

  test("serves our page, assets and content.json, and nothing of the stock console", async ({ consolePage: page }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.reload();
    await expect(page.getByTestId("page-heading")).toBeVisible();
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
  });
});
