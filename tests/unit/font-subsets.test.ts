import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  charactersOf,
  CUT_FACE,
  cutFont,
  LATIN_RANGES,
  unicodeRange,
  withCutFaces,
} from "../../scripts/lib/font-subsets.mjs";

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

  it("adds the cut face after the whole one, with the same declarations and its range, quoted or not", () => {
    const cuts = new Map([["Text-1.woff2", "Text-latin-2.woff2"]]);
    for (const url of ['"./Text-1.woff2"', "./Text-1.woff2"]) {
      const css = `@font-face{font-family:T;font-weight:400 600;src:url(${url}) format("woff2");font-display:swap}`;
      const out = withCutFaces(css, cuts, "U+20-7E")!;
      const faces = out.match(/@font-face\s*\{[^}]*\}/g)!;
      expect(faces).toHaveLength(2);
      expect(faces[0]).toContain("Text-1.woff2");
      expect(faces[0]).not.toContain("unicode-range");
      expect(faces[1]).toContain("/Text-latin-2.woff2");
      expect(faces[1]).toContain("font-weight:400 600");
      expect(faces[1]).toContain("font-display:swap");
      expect(faces[1]).toContain("unicode-range:U+20-7E");
    }
  });

  it("leaves a stylesheet without those faces alone", () => {
    const css = '@font-face{font-family:M;src:url("./Mono-1.woff2")}';
    expect(withCutFaces(css, new Map([["Text-1.woff2", "Text-latin-2.woff2"]]), "U+20-7E")).toBeUndefined();
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
