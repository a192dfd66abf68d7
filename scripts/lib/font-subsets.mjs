// @ts-check
// The first screen's two faces (PatternFly's upright Red Hat Text and Red Hat Display, variable, about 40 KB each)
// cover Latin, extended Latin and more. Most pages show only the characters of Western European languages: for those
// the build adds a face of the same font cut to them (about 29 KB each), with a `unicode-range` that says so, and the
// page preloads that face. The browser picks, character by character, the last declared face whose range covers it,
// and downloads a face only when the page shows a character of its range: an English page loads the cut faces alone;
// a Czech one loads the whole font too, for the characters the cut face lacks. The glyphs, their outlines, their
// variations (weight) and their spacing are the font's own: a page draws the same pixels with either face
// (tests/e2e/fonts.e2e.ts compares them).
import postcss from "postcss";
import subsetFont from "subset-font";

/** The characters of the cut faces: ASCII, Latin-1, and the punctuation and currency of Western European text. */
export const LATIN_RANGES = /** @type {const} */ ([
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x152, 0x153], // Œ œ
  [0x2013, 0x2014], // – —
  [0x2018, 0x201a], // ‘ ’ ‚
  [0x201c, 0x201e], // “ ” „
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x2039, 0x203a], // ‹ ›
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
]);

/** Every character of `ranges`, as a string. @param {readonly (readonly [number, number])[]} ranges */
export function charactersOf(ranges) {
  return ranges
    .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
    .join("");
}

/** The CSS `unicode-range` of `ranges`. @param {readonly (readonly [number, number])[]} ranges */
export function unicodeRange(ranges) {
  const hex = (/** @type {number} */ code) => code.toString(16).toUpperCase();
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(", ");
}

/** The built files of the faces that get a cut face: upright Red Hat Text and Display (italics load on use). */
export const CUT_FACE = /(^|\/)RedHat(Text|Display)VF-(?!Italic)[^/]+\.woff2$/;

/** `/file` at the end of a CSS `url()`, quoted or not. @param {string} file */
const urlOf = (file) => new RegExp(`/${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=["')])`);

/**
 * `css` with a face added after each `@font-face` whose source is one of `cuts`' fonts: the same declarations, the cut
 * font as its source, and the cut's `unicode-range`. Declared later, the cut face wins for the characters it has.
 * @param {string} css
 * @param {Map<string, string>} cuts the whole font's file name -> the cut font's (both as the CSS names them)
 * @param {string} range the cut faces' `unicode-range`
 * @returns {string | undefined} the new CSS, or undefined when no face has a cut
 */
export function withCutFaces(css, cuts, range) {
  const root = postcss.parse(css);
  const added = new WeakSet();
  let changed = false;
  root.walkAtRules("font-face", (face) => {
    if (added.has(face)) return;
    /** @type {[string, string] | undefined} */
    let source;
    face.walkDecls("src", (declaration) => {
      for (const [whole, cut] of cuts) if (urlOf(whole).test(declaration.value)) source = [whole, cut];
    });
    if (!source) return;
    const [whole, cut] = source;
    const copy = face.clone();
    added.add(copy);
    copy.walkDecls(
      "src",
      (declaration) => void (declaration.value = declaration.value.replace(urlOf(whole), `/${cut}`)),
    );
    copy.walkDecls("unicode-range", (declaration) => void declaration.remove());
    copy.append({ prop: "unicode-range", value: range });
    face.after(copy);
    changed = true;
  });
  return changed ? root.toString() : undefined;
}

/**
 * `font` (woff2) cut to the characters of `ranges`, as woff2: harfbuzz's subsetter keeps those glyphs with their
 * outlines, variations, spacing and the layout features it keeps by default.
 * @param {Uint8Array} font @param {readonly (readonly [number, number])[]} ranges
 * @returns {Promise<Buffer>}
 */
export function cutFont(font, ranges) {
  return subsetFont(Buffer.from(font), charactersOf(ranges), { targetFormat: "woff2" });
}
