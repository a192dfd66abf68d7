import type { Page } from "@playwright/test";
import { demoLike } from "./support/admin";
import { expect, test } from "./support/test";

// The text and heading faces come from their Fontsource packages (src/app/fonts.css), split by `unicode-range`: a page
// downloads the parts whose characters it shows, and never PatternFly's own whole fonts of those families.
const REALM = "e2e-fonts";
const CZECH_REALM = "e2e-fonts-cs";

test.use({
  realms: {
    [REALM]: demoLike(),
    [CZECH_REALM]: demoLike({ internationalizationEnabled: true, supportedLocales: ["cs", "en"], defaultLocale: "cs" }),
  },
});

const LATIN = /\/red-hat-(text|display)-latin-wght-normal-[^/]+\.woff2$/;
const TEXT_LATIN_EXT = /\/red-hat-text-latin-ext-wght-normal-[^/]+\.woff2$/;
/** PatternFly's own faces of the two families (whole fonts), which the console no longer draws with. */
const PATTERNFLY_FACE = /\/RedHat(Text|Display)VF/;

/** The page's font preloads (none: the faces load when the first text is drawn). */
const preloadedFonts = (page: Page) =>
  page
    .locator('link[rel="preload"][as="font"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));

/** The console reloaded with the browser's caches off, and the fonts it asks for from then on. */
async function reloadWatchingFonts(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
  });
  await page.reload();
  await expect(page.getByTestId("page-heading")).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  return fonts;
}

test.describe("fonts", () => {
  test("an English page loads the latin part of the text and heading faces alone, and preloads none", async ({
    openConsole,
  }) => {
    const page = await openConsole(REALM);
    const fonts = await reloadWatchingFonts(page);
    expect(fonts.filter((font) => LATIN.test(font))).toHaveLength(2);
    expect(fonts.filter((font) => !LATIN.test(font))).toEqual([]);
    // Not beside the scripts sign-in waits for: on a slow link their bytes would hold those back.
    expect(await preloadedFonts(page)).toEqual([]);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Red Hat Text Variable", /);
    expect(await page.getByTestId("page-heading").evaluate((heading) => getComputedStyle(heading).fontFamily)).toMatch(
      /^"Red Hat Display Variable", /,
    );
  });

  test("a Czech page loads the extended Latin part too, and no whole font", async ({ openConsole }) => {
    const page = await openConsole(CZECH_REALM, { locale: "cs-CZ" });
    await expect(page.locator("html")).toHaveAttribute("lang", "cs");
    const fonts = await reloadWatchingFonts(page);
    expect(fonts.filter((font) => TEXT_LATIN_EXT.test(font))).toHaveLength(1);
    expect(fonts.filter((font) => PATTERNFLY_FACE.test(font))).toEqual([]);
  });

  test("a character outside the latin part loads the extended part when it shows", async ({ openConsole }) => {
    const page = await openConsole(REALM);
    const fonts = await reloadWatchingFonts(page);
    expect(
      fonts.filter((font) => TEXT_LATIN_EXT.test(font)),
      "before the character shows",
    ).toEqual([]);
    const extended = page.waitForRequest((request) => TEXT_LATIN_EXT.test(new URL(request.url()).pathname));
    await page.locator("input#firstName").fill("Łucja");
    await extended;
    await expect
      .poll(() => page.evaluate(() => document.fonts.check('16px "Red Hat Text Variable"', "Ł")), {
        message: "the extended part draws Ł",
      })
      .toBe(true);
  });

  test("the start-up spinner asks for no face: the faces load once the app draws its text", async ({ openConsole }) => {
    const page = await openConsole(REALM);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    // The app's code held back: the page shows the spinner alone for as long as the test needs.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/shell-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: "commit" });
    // The stylesheet is applied (the spinner's text is in the system face), and two frames have been drawn with it.
    await expect(page.locator(".kc-loading__text")).toHaveCSS("font-family", /^system-ui/);
    const facesAsked = await page.evaluate(async () => {
      for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
      return [...document.fonts].filter((face) => face.status !== "unloaded").map((face) => face.family);
    });
    expect(facesAsked).toEqual([]);

    release();
    await expect(page.getByTestId("page-heading")).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const loaded = await page.evaluate(() =>
      [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family),
    );
    expect(loaded, "the text face, once the app draws").toContain("Red Hat Text Variable");
  });
});
