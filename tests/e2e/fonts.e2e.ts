import type { Page } from "@playwright/test";
import { demoLike } from "./support/admin";
import { expect, test } from "./support/test";

// The first screen's faces cut to Western European text (scripts/lib/font-subsets.mjs), with the whole fonts behind
// them for every other character, on pages in the languages they hold; other pages keep the whole fonts alone.
const REALM = "e2e-fonts";
const CZECH_REALM = "e2e-fonts-cs";

test.use({
  realms: {
    [REALM]: demoLike(),
    [CZECH_REALM]: demoLike({ internationalizationEnabled: true, supportedLocales: ["cs", "en"], defaultLocale: "cs" }),
  },
});

const WHOLE = /\/RedHat(Text|Display)VF-(?!latin-|Italic)[^/]+\.woff2$/;
const CUT = /\/RedHat(Text|Display)VF-latin-[^/]+\.woff2$/;

/** The first screen's font preloads. */
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
  test("an English page preloads and loads the cut faces, not the whole fonts", async ({ openConsole }) => {
    const page = await openConsole(REALM);
    const fonts = await reloadWatchingFonts(page);
    expect(fonts.filter((font) => CUT.test(font))).toHaveLength(2);
    expect(fonts.filter((font) => WHOLE.test(font))).toEqual([]);
    const preloads = await preloadedFonts(page);
    expect(preloads).toHaveLength(2);
    for (const href of preloads) expect(href).toMatch(CUT);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
      /^"Red Hat Text Western", "?RedHatText"?, /,
    );
  });

  test("a Czech page preloads and loads the whole fonts alone, so that no word is drawn from two files", async ({
    openConsole,
  }) => {
    const page = await openConsole(CZECH_REALM, { locale: "cs-CZ" });
    await expect(page.locator("html")).toHaveAttribute("lang", "cs");
    const fonts = await reloadWatchingFonts(page);
    expect(fonts.filter((font) => WHOLE.test(font))).toHaveLength(2);
    expect(fonts.filter((font) => CUT.test(font))).toEqual([]);
    const preloads = await preloadedFonts(page);
    expect(preloads).toHaveLength(2);
    for (const href of preloads) expect(href).toMatch(WHOLE);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Red Hat Text", /);
  });

  test("a character the cut face lacks loads the whole font for it", async ({ openConsole }) => {
    const page = await openConsole(REALM);
    const fonts = await reloadWatchingFonts(page);
    expect(
      fonts.filter((font) => WHOLE.test(font)),
      "before the character shows",
    ).toEqual([]);
    const wholeText = page.waitForRequest((request) => /\/RedHatTextVF-(?!latin-|Italic)/.test(request.url()));
    await page.locator("input#firstName").fill("Łucja");
    await wholeText;
    await expect
      .poll(() => page.evaluate(() => document.fonts.check('16px "Red Hat Text Western"', "Ł")), {
        message: "the whole face draws Ł",
      })
      .toBe(true);
  });

  test("the cut face draws the same pixels as the whole font", async ({ openConsole }) => {
    const page = await openConsole(REALM);
    const differing = await page.evaluate(async () => {
      // The cut family's two faces (the whole font, then the cut one), by their sources.
      const faces = [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
        .filter((rule) => rule.style.fontFamily.replace(/"/g, "") === "Red Hat Text Western")
        .map(
          (rule) =>
            new URL(/url\("?([^")]+)"?\)/.exec(rule.style.getPropertyValue("src"))![1]!, rule.parentStyleSheet!.href!)
              .href,
        );
      if (faces.length !== 2) throw new Error(`Expected the whole and the cut face, found ${faces.length}.`);
      const text = "Personal info · Signing in — “Ünïcødé” àéîõü ß Æ Ø 0123456789 €";
      const draw = async (source: string, family: string, weight: number) => {
        const face = new FontFace(family, `url(${source})`, { weight: "400 600" });
        document.fonts.add(await face.load());
        const canvas = document.createElement("canvas");
        canvas.width = 900;
        canvas.height = 40;
        const context = canvas.getContext("2d")!;
        context.font = `${weight} 22px "${family}"`;
        context.fillText(text, 4, 28);
        return context.getImageData(0, 0, canvas.width, canvas.height).data;
      };
      const counts = [];
      for (const weight of [400, 500, 600]) {
        const [whole, cut] = [await draw(faces[0]!, "WholeFace", weight), await draw(faces[1]!, "CutFace", weight)];
        let count = 0;
        for (let index = 0; index < whole.length; index++) if (whole[index] !== cut[index]) count++;
        const inked = whole.some((value) => value !== 0);
        counts.push(inked ? count : -1);
      }
      return counts;
    });
    // -1 would mean nothing was drawn: the comparison would prove nothing.
    expect(differing).toEqual([0, 0, 0]);
  });
});
