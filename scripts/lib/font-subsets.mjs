// @ts-check
// The first screen's two faces (PatternFly's upright Red Hat Text and Red Hat Display, variable, about 40 KB each)
// cover Latin, extended Latin and more. Pages in a language written with Western European letters alone need only
// those: for them the build cuts each face to those characters (about 29 KB each) and declares a family of its own
// ("Red Hat Text Western") of two faces, the whole font and, after it, the cut font with a `unicode-range` that says
// what it holds. PatternFly's font tokens name that family instead of the whole one for those languages only
// (`:root:is(:lang(en), …)`), and the template preloads the cut faces instead of the whole fonts on such pages. The
// browser takes each character from the last declared face of the family whose range holds it and downloads a face
// only when the page shows a character of its range: such a page loads the cut faces alone, unless it shows a name
// with a letter they lack, which the whole font then draws.
// Pages in other languages keep the whole fonts alone. Were a Czech page drawn from both, "Tě" would be two runs of
// text in two files, and the browser does not kern between runs: text in a dozen of our languages would look
// different. The cut glyphs, with their outlines, variations (weight) and spacing, are the font's own: a page draws
// the same pixels with either face (tests/e2e/fonts.e2e.ts compares them).
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
  [0x202f, 0x202f], // the narrow no-break space French puts before : ; ! ?
  [0x2039, 0x203a], // ‹ ›
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
]);

/**
 * The languages (the locale's part before `-` or `_`) whose pages use the cut faces: those whose texts, ours and
 * Keycloak's, have no character outside LATIN_RANGES (tests/unit/font-subsets.test.ts checks every bundle).
 */
export const CUT_FACE_LANGUAGES = ["ca", "da", "de", "en", "es", "eu", "fi", "fr", "id", "it", "nl", "no", "pt", "sv"];

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

/**
 * The built files of the faces every screen shows, which the template preloads and the build cuts: upright Red Hat
 * Text and Display (italics and mono load on use).
 */
export const CUT_FACE = /(^|\/)RedHat(Text|Display)VF-(?!Italic)[^/]+\.woff2$/;

/** `/file` at the end of a CSS `url()`, quoted or not. @param {string} file */
const urlOf = (file) => new RegExp(`/${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=["')])`);

/** The family a cut face is declared as. @param {string} family */
export const cutFamily = (family) => `${family} Western`;

/**
 * What the cut faces add to `css`: for each `@font-face` whose source is one of `cuts`' fonts, a family of its own
 * (`cutFamily`) of two faces, the whole font and, after it, the cut font with the cut's `unicode-range`; and for
 * `languages`, PatternFly's base font tokens with that family in place of the whole one. Appended to `css`, beside the
 * fonts, so the url()s stay relative.
 * @param {string} css
 * @param {Map<string, string>} cuts the whole font's file name -> the cut font's (both as the CSS names them)
 * @param {string} range the cut faces' `unicode-range`
 * @param {readonly string[]} languages
 * @returns {string} the rules; empty when `css` declares none of the fonts
 */
export function cutFacesRules(css, cuts, range, languages) {
  const rules = postcss.root();
  const root = postcss.parse(css);
  /** @type {Set<string>} */
  const families = new Set();
  root.walkAtRules("font-face", (face) => {
    /** @type {[string, string] | undefined} */
    let source;
    face.walkDecls("src", (declaration) => {
      for (const [whole, cut] of cuts) if (urlOf(whole).test(declaration.value)) source = [whole, cut];
    });
    if (!source) return;
    const [whole, cut] = source;
    let family = "";
    face.walkDecls("font-family", (declaration) => void (family = unquote(declaration.value)));
    families.add(family);
    // The family of its own holds the whole face and, declared after it, the cut face: a character the cut face
    // lacks is drawn by the whole face of the same family, not by the next family of the stack.
    const wholeFace = face.clone();
    const cutFace = face.clone();
    for (const copy of [wholeFace, cutFace]) {
      copy.walkDecls("font-family", (declaration) => void (declaration.value = `"${cutFamily(family)}"`));
      copy.walkDecls("unicode-range", (declaration) => void declaration.remove());
    }
    cutFace.walkDecls(
      "src",
      (declaration) => void (declaration.value = declaration.value.replace(urlOf(whole), `/${cut}`)),
    );
    cutFace.append({ prop: "unicode-range", value: range });
    rules.append(wholeFace, cutFace);
  });
  if (families.size === 0) return "";
  // PatternFly's base font tokens whose first family has a cut face (each token's first declaration).
  /** @type {Map<string, string>} */
  const tokens = new Map();
  root.walkDecls(/^--pf-t--global--font--family--\d+$/, (declaration) => {
    const first = unquote(declaration.value.split(",")[0] ?? "");
    if (families.has(first) && !tokens.has(declaration.prop)) tokens.set(declaration.prop, declaration.value);
  });
  if (tokens.size !== families.size)
    throw new Error(`The cut faces' families are not all in a font token: ${[...families]}.`);
  const languageRule = postcss.rule({
    selector: `:root:is(${languages.map((language) => `:lang(${language})`).join(", ")})`,
  });
  for (const [prop, value] of tokens) {
    // The family of its own in place of the whole one: were the whole family next in the stack, the browser would load
    // its font to draw with while the cut face loads.
    const [first = "", ...rest] = value.split(",");
    languageRule.append({ prop, value: [`"${cutFamily(unquote(first))}"`, ...rest].join(",") });
  }
  rules.append(languageRule);
  return rules.toString();
}

/** A CSS family name without its quotes. @param {string} value */
const unquote = (value) => value.trim().replace(/^["']|["']$/g, "");

/**
 * `font` (woff2) cut to the characters of `ranges`, as woff2: harfbuzz's subsetter keeps those glyphs with their
 * outlines, variations, spacing and the layout features it keeps by default.
 * @param {Uint8Array} font @param {readonly (readonly [number, number])[]} ranges
 * @returns {Promise<Buffer>}
 */
export function cutFont(font, ranges) {
  return subsetFont(Buffer.from(font), charactersOf(ranges), { targetFormat: "woff2" });
}
