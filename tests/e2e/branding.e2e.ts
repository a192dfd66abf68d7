import type { Page } from "@playwright/test";
import { demoLike } from "./support/admin";
import { screenshot } from "./support/screenshots";
import { expect, test } from "./support/test";

// A realm whose account theme is the example brand theme (examples/branded-theme, built into a jar and put in
// providers/ by the global setup): design tokens in brand.css, logo, logo link, favicon and three texts, nothing else.
const REALM = "e2e-branding";
const THEME = "account-console-branded-example";
const DARK = /(^|\s)pf-v6-theme-dark(\s|$)/;

/** brand.css's values, as computed styles report them. */
const BRAND = {
  light: { brand: "rgb(11, 110, 79)", onBrand: "rgb(255, 255, 255)", link: "rgb(11, 110, 79)" },
  dark: { brand: "rgb(95, 212, 164)", onBrand: "rgb(6, 40, 29)", link: "rgb(143, 227, 193)" },
};

test.use({ realms: { [REALM]: demoLike({ accountTheme: THEME }) }, account: { realm: REALM } });

/** Computed styles the brand sets, and some it leaves alone, read from the personal-info page. */
async function styles(page: Page) {
  await expect(page.getByTestId("save")).toBeVisible();
  // A change of scheme fades colours in: read them once the fades are over.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== "running"),
  );
  return page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector) as Element);
    return {
      save: { background: style("#save-btn").backgroundColor, color: style("#save-btn").color },
      cancel: style("#cancel-btn").color,
      heading: style("[data-testid=page-heading]").fontFamily,
      body: style("body").fontFamily,
      masthead: style(".pf-v6-c-masthead").backgroundColor,
      // Tokens brand.css does not set: the page's background and regular text.
      background: style("html").getPropertyValue("--pf-t--global--background--color--primary--default"),
      text: style("html").getPropertyValue("--pf-t--global--text--color--regular"),
    };
  });
}

async function chooseScheme(page: Page, scheme: "light" | "dark") {
  await page.getByTestId("theme-switch").click();
  await page.getByTestId(`theme-${scheme}`).click();
}

test.describe("a brand theme that extends ours (design tokens, logo, favicon, texts)", () => {
  test("shows the brand's logo, its link, the favicon and the brand's texts", async ({ consolePage: page }) => {
    const link = page.getByTestId("logo-link");
    await expect(link).toHaveAttribute("href", "https://www.example.com/");
    const logo = link.locator("img");
    await expect(logo).toHaveAttribute("src", new RegExp(`/${THEME}/acme-logo\\.svg$`));
    await expect(logo).toHaveAttribute("alt", "Acme home");
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    const icon = page.locator('link[rel="icon"]');
    await expect(icon).toHaveAttribute("href", new RegExp(`/${THEME}/acme-favicon\\.svg$`));
    const iconResponse = await page.request.get(new URL((await icon.getAttribute("href")) ?? "", page.url()).href);
    expect(iconResponse.ok()).toBe(true);
    expect(await iconResponse.text()).toContain("<svg");

    // Texts from the theme's messages_en.properties; the rest from the parent themes.
    await expect(page.getByTestId("page-heading")).toHaveText("Your Acme profile");
    const sidebar = page.locator("#page-sidebar");
    await expect(sidebar.getByText("Your Acme profile")).toBeVisible();
    await expect(sidebar.getByTestId("accountSecurity")).toContainText("Sign-in and security");
    await expect(sidebar.getByTestId("applications")).toHaveText("Applications");
    await expect(page.getByTestId("save")).toHaveText("Save");
  });

  test("colours and fonts come from the brand's tokens in light and in dark; everything else is the parent's", async ({
    consolePage: page,
    openConsole,
  }) => {
    await chooseScheme(page, "light");
    await expect(page.locator("html")).not.toHaveClass(DARK);
    const light = await styles(page);
    expect(light.save).toEqual({ background: BRAND.light.brand, color: BRAND.light.onBrand });
    expect(light.cancel).toBe(BRAND.light.link);
    expect(light.heading).toMatch(/^Georgia, "DejaVu Serif"/);
    expect(light.body).toMatch(/^"Liberation Sans", Arial/);
    await screenshot(page, "branding-light");

    await chooseScheme(page, "dark");
    await expect(page.locator("html")).toHaveClass(DARK);
    const dark = await styles(page);
    expect(dark.save).toEqual({ background: BRAND.dark.brand, color: BRAND.dark.onBrand });
    expect(dark.cancel).toBe(BRAND.dark.link);
    expect(dark.heading).toBe(light.heading);
    expect(dark.body).toBe(light.body);
    expect(dark.background).not.toBe(light.background);
    expect(dark.text).not.toBe(light.text);
    await screenshot(page, "branding-dark");

    // The same page of the parent theme (the demo realm) in both schemes: the brand changed only what it set.
    const parent = await openConsole("demo");
    for (const scheme of ["light", "dark"] as const) {
      await chooseScheme(parent, scheme);
      const stock = await styles(parent);
      const branded = scheme === "light" ? light : dark;
      expect(stock.save.background).not.toBe(branded.save.background);
      expect(stock.cancel).not.toBe(branded.cancel);
      expect(stock.heading).not.toBe(branded.heading);
      expect(stock.masthead).toBe(branded.masthead);
      expect(stock.background).toBe(branded.background);
      expect(stock.text).toBe(branded.text);
    }
  });
});
