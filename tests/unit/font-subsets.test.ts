import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import {
  charactersOf,
  CUT_FACE,
  CUT_FACE_LANGUAGES,
  cutFacesRules,
  cutFont,
  LATIN_RANGES,
  unicodeRange,
} from "../../scripts/lib/font-subsets.mjs";
import { parseProperties, readStockBundle } from "../../scripts/lib/message-bundles.mjs";

const FONTS = path.resolve(import.meta.dirname, "../../node_modules/@patternfly/react-core/dist/styles/assets/fonts");

describe("cut faces", () => {
  it("writes the ranges as a CSS unicode-range", () => {
    expect(
      unicodeRange([
        [0x20, 0x7e],
        [0x20ac, 0x20ac],
      ]),
    ).toBe("U+20-7E, U+20AC");
    expect(charactersOf([[0x41, 0x43]])).toBe("ABC");
  });

  it("cuts only the upright text and heading faces", () => {
    expect(CUT_FACE.test("assets/RedHatTextVF-DNKNjMr3.woff2")).toBe(true);
    expect(CUT_FACE.test("assets/RedHatDisplayVF-D7m-OdR-.woff2")).toBe(true);
    expect(CUT_FACE.test("assets/RedHatTextVF-Italic-Bw8r3dX4.woff2")).toBe(false);
    expect(CUT_FACE.test("assets/RedHatMonoVF-DR_keSsW.woff2")).toBe(false);
  });

  it("declares a family of the whole and the cut face, and names it in the font token for the languages", () => {
    const cuts = new Map([["Text-1.woff2", "Text-latin-2.woff2"]]);
    for (const url of ['"./Text-1.woff2"', "./Text-1.woff2"]) {
      const css =
        `@font-face{font-family:"Red Hat Text";font-weight:400 600;src:url(${url}) format("woff2");font-display:swap}` +
        '@font-face{font-family:"Red Hat Text";font-style:italic;src:url("./Text-Italic-1.woff2")}' +
        ':root{--pf-t--global--font--family--100:"Red Hat Text", "RedHatText", sans-serif;--pf-t--global--font--family--300:"Red Hat Mono", monospace}' +
        ".pf-v6-theme-dark{--pf-t--global--font--family--100:other}";
      const rules = cutFacesRules(css, cuts, "U+20-7E", ["en", "de"]);
      const faces = rules.match(/@font-face\s*\{[^}]*\}/g)!;
      // The family of its own: the whole face first, then the cut one with its range.
      expect(faces).toHaveLength(2);
      for (const face of faces) expect(face).toContain('font-family:"Red Hat Text Western"');
      expect(faces[0]).toContain("/Text-1.woff2");
      expect(faces[0]).not.toContain("unicode-range");
      expect(faces[1]).toContain("/Text-latin-2.woff2");
      expect(faces[1]).not.toContain("/Text-1.woff2");
      expect(faces[1]).toContain("font-weight:400 600");
      expect(faces[1]).toContain("font-display:swap");
      expect(faces[1]).toContain("unicode-range:U+20-7E");
      expect(rules).toContain(
        ':root:is(:lang(en), :lang(de)){--pf-t--global--font--family--100:"Red Hat Text Western", "RedHatText", sans-serif}',
      );
      expect(rules).not.toContain("Mono");
    }
  });

  it("adds nothing to a stylesheet without those faces", () => {
    const css = '@font-face{font-family:M;src:url("./Mono-1.woff2")}';
    expect(cutFacesRules(css, new Map([["Text-1.woff2", "Text-latin-2.woff2"]]), "U+20-7E", ["en"])).toBe("");
  });

  it("is used only for languages whose texts, ours and Keycloak's, the cut faces hold", () => {
    const messages = path.resolve(import.meta.dirname, "../../src/theme/account/messages");
    const outside = (locale: string) => {
      const ours = parseProperties(readFileSync(path.join(messages, `messages_${locale}.properties`), "utf8"));
      const stock = readStockBundle(inject("stockMessages"), "keycloak.v3", locale);
      const base = readStockBundle(inject("stockMessages"), "base", locale);
      const text = [...Object.values(ours), ...Object.values(stock), ...Object.values(base)].join("");
      return [...new Set(text)].filter(
        (character) =>
          !LATIN_RANGES.some(([from, to]) => {
            const code = character.codePointAt(0)!;
            return code < 0x20 || (code >= from && code <= to);
          }),
      );
    };
    for (const language of CUT_FACE_LANGUAGES) expect(outside(language), language).toEqual([]);
    // A language the list leaves out has letters outside: the check finds them.
    expect(outside("cs")).toContain("ě");
  });

  it("cuts a font to a smaller woff2 that keeps the range's glyphs and drops the others", async () => {
    const whole = readFileSync(path.join(FONTS, "RedHatText", "RedHatTextVF.woff2"));
    const cut = await cutFont(whole, LATIN_RANGES);
    expect(cut.subarray(0, 4).toString("latin1")).toBe("wOF2");
    expect(cut.length).toBeLessThan(whole.length * 0.8);
    // Cut to "A" alone, the font is smaller still: the subsetter keeps what it is asked for.
    const one = await cutFont(whole, [[0x41, 0x41]]);
    expect(one.length).toBeLessThan(cut.length / 2);
  });
});
