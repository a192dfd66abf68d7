// @ts-check
// The build's CSS step (vite.config.ts): PurgeCSS drops the rules of PatternFly's stylesheets that nothing in the
// built scripts or the page's template names, for the first screen's wire bytes (docs/performance.md). What it cannot
// see is kept by the safelist below.
import { PurgeCSS } from "purgecss";

/**
 * The design tokens a derived theme may set (docs/customizing.md, "The stable tokens"): kept whether or not our own
 * CSS reads them, so a brand stylesheet always has something to set.
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

/** Class names set at run time that the built scripts hold only in pieces, or not at all. */
export const RUNTIME_CLASSES = [
  // Dark mode, on <html>: public/color-scheme.js sets it before the app starts.
  "pf-v6-theme-dark",
  // Right-to-left languages: index.ftl sets dir="rtl" on <html>; PatternFly's rules read it as an attribute.
  "pf-v6-m-dir-rtl",
  // StaticLabel (src/ui/StaticLabel.tsx) joins `pf-m-` and its colour, variant or status.
  /^pf-m-(blue|green|orange|red|purple|teal|yellow|filled|outline|success|warning|danger|info)$/,
  // TitledList (src/ui/TitledList.tsx) appends `-header` to its class.
  "organizations-typed-header",
  "organizations-leavable-header",
];

/** The page's markup that is not in the scripts: Keycloak renders it from the template (the loading spinner). */
export const TEMPLATES = [new URL("../../src/theme/account/index.ftl", import.meta.url).pathname];

/**
 * The build's stylesheets without the rules nothing names, nor the custom properties and keyframes nothing uses.
 * PurgeCSS drops unused custom properties and keyframes after each stylesheet, by what it has read so far; all of them
 * joined go first, so a token the first screen's stylesheet defines and only a page's stylesheet reads stays.
 * @param {string[]} stylesheets
 * @param {string[]} scripts the built scripts' text
 * @returns {Promise<string[]>} the stylesheets, in the same order
 */
export async function purgeStylesheets(stylesheets, scripts) {
  const [, ...results] = await new PurgeCSS().purge({
    css: [{ raw: stylesheets.join("\n") }, ...stylesheets.map((raw) => ({ raw }))],
    content: [...scripts.map((raw) => ({ raw, extension: "js" })), ...TEMPLATES],
    variables: true,
    keyframes: true,
    // Off: PurgeCSS counts a font face as used only where a `font-family` declaration names it, and PatternFly names
    // its faces through tokens (custom properties), so the console's own fonts would go.
    fontFace: false,
    // `/^:/` marks every pseudo-class as present: PurgeCSS 8 drops a selector made of pseudo-classes alone (inside
    // `:where()`, or `:is(...)` with more after it), such as PatternFly's `:is(.pf-v6-c-content--p, ...):not(:last-child)`
    // and `:where(:not(.pf-m-resize-observer)) .pf-v6-c-masthead`. Classes, tags and attributes still decide.
    safelist: { standard: [...RUNTIME_CLASSES, /^:/], variables: STABLE_TOKENS },
    // dir="rtl" on <html>: the attribute selectors PatternFly writes for right-to-left.
    dynamicAttributes: ["dir"],
  });
  if (results.length !== stylesheets.length) throw new Error("PurgeCSS returned fewer stylesheets than it was given.");
  return results.map((result) => result.css);
}
