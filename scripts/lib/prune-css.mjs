// @ts-check
// Custom properties nobody reads, removed from the built CSS. PatternFly's stylesheets define about 250 KB of design
// tokens (`--pf-t--…`) and component variables, most of which no rule of ours ever reads. A property is kept when a
// normal declaration reads it (`var(--x)`), when a kept property's value reads it, or when any script names it
// (components set some from JavaScript), or when it is one of the design tokens a theme may set (STABLE_TOKENS).
// Everything else is dropped, with rules left empty.
import postcss from "postcss";

/**
 * PatternFly's design tokens that a theme extending ours may set in its `styles` (docs/customizing.md, whose table
 * lists exactly these): brand colour, links, focus ring, fonts. They stay in the built CSS, with what their values
 * read, even where no rule of ours reads them, so that a theme's own rules may read them too.
 */
export const STABLE_TOKENS = [
  "--pf-t--global--color--brand--default",
  "--pf-t--global--color--brand--hover",
  "--pf-t--global--color--brand--clicked",
  "--pf-t--global--text--color--brand--default",
  "--pf-t--global--icon--color--brand--default",
  "--pf-t--global--text--color--on-brand--default",
  "--pf-t--global--text--color--link--default",
  "--pf-t--global--text--color--link--hover",
  "--pf-t--global--text--color--link--visited",
  "--pf-t--global--focus-ring--color--default",
  "--pf-t--global--font--family--body",
  "--pf-t--global--font--family--heading",
  "--pf-t--global--font--family--mono",
];

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
const PROPERTY_NAME = /--[A-Za-z][\w-]*/g;

/**
 * The custom properties the given stylesheets and scripts can read, and the `kept` ones, with what they read.
 * @param {string[]} stylesheets @param {string[]} scripts @param {readonly string[]} [kept]
 * @returns {Set<string>}
 */
export function readCustomProperties(stylesheets, scripts, kept = []) {
  /** @type {Map<string, string[]>} */
  const definitions = new Map();
  /** @type {string[]} */
  const pending = [...kept];
  for (const css of stylesheets) {
    postcss.parse(css).walkDecls((declaration) => {
      if (declaration.prop.startsWith("--")) {
        const values = definitions.get(declaration.prop) ?? [];
        values.push(declaration.value);
        definitions.set(declaration.prop, values);
      } else {
        for (const [, name] of declaration.value.matchAll(VAR_REFERENCE)) pending.push(/** @type {string} */ (name));
      }
    });
  }
  for (const script of scripts) for (const [name] of script.matchAll(PROPERTY_NAME)) pending.push(name);

  const read = new Set();
  while (pending.length > 0) {
    const name = /** @type {string} */ (pending.pop());
    if (read.has(name)) continue;
    read.add(name);
    for (const value of definitions.get(name) ?? []) {
      for (const [, reference] of value.matchAll(VAR_REFERENCE)) pending.push(/** @type {string} */ (reference));
    }
  }
  return read;
}

/**
 * `css` without the custom properties outside `keep`, and without the rules that leaves empty.
 * @param {string} css @param {Set<string>} keep
 */
export function pruneCustomProperties(css, keep) {
  const root = postcss.parse(css);
  root.walkDecls((declaration) => {
    if (declaration.prop.startsWith("--") && !keep.has(declaration.prop)) declaration.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  return root.toString();
}

/** Theme classes PatternFly styles that this console never sets on the page (it sets only pf-v6-theme-dark). */
export const UNUSED_THEME_CLASSES = ["pf-v6-theme-high-contrast", "pf-v6-theme-felt", "pf-v6-theme-glass"];

/**
 * `css` without what this console never shows: rules only for theme classes it never sets, PatternFly's icon font
 * (the console draws SVG icons), and with fonts that swap in rather than hold the text back.
 * @param {string} css
 */
export function dropUnusedStyles(css) {
  const root = postcss.parse(css);
  const unusedSelector = (/** @type {string} */ selector) =>
    UNUSED_THEME_CLASSES.some((name) => selector.includes(`.${name}`)) || selector.includes(".pf-v6-pficon-");
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => !unusedSelector(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules("font-face", (fontFace) => {
    let iconFont = false;
    fontFace.walkDecls("font-family", (declaration) => {
      if (declaration.value.includes("pficon")) iconFont = true;
    });
    if (iconFont) fontFace.remove();
    else fontFace.walkDecls("font-display", (declaration) => void (declaration.value = "swap"));
  });
  return root.toString();
}

/**
 * Every stylesheet of a build, trimmed: unused styles dropped first, then the custom properties nothing reads, except
 * the `kept` tokens (by default the stable ones a theme may set).
 * @param {Map<string, string>} stylesheets file name -> CSS @param {string[]} scripts
 * @param {readonly string[]} [kept]
 * @returns {Map<string, string>}
 */
export function trimStylesheets(stylesheets, scripts, kept = STABLE_TOKENS) {
  const dropped = new Map([...stylesheets].map(([name, css]) => [name, dropUnusedStyles(css)]));
  const keep = readCustomProperties([...dropped.values()], scripts, kept);
  return new Map([...dropped].map(([name, css]) => [name, pruneCustomProperties(css, keep)]));
}
