// @ts-check
// Keycloak hands the template the manifest's import *keys* (`_PageBody-x.js`), not file paths, and no CSS of the
// chunks the entry imports. So the build writes the links itself: every chunk the entry imports statically, and the
// app chunk it imports right away (`APP_START`, dynamically so that sign-in starts before the app is parsed), to
// preload, and every stylesheet of those chunks (to link), read from Vite's manifest.
import { CUT_FACE, CUT_FACE_LANGUAGES } from "./font-subsets.mjs";

/** The module the entry imports as soon as it has started sign-in (src/main.tsx). */
export const APP_START = "src/app/start.tsx";
/** The chunk of the first screen's shared modules (vite.config.ts), which holds APP_START too. */
export const SHELL_CHUNK = "shell";

/**
 * Whether a dynamic import of the entry is the app: APP_START's own chunk, or the shell chunk once the start is in it
 * (the manifest then names the chunk, not the module).
 * @param {string} key @param {ManifestChunk | undefined} chunk
 */
export const isAppStart = (key, chunk) => key === APP_START || chunk?.name === SHELL_CHUNK;

/**
 * @typedef {{ file: string, name?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[],
 *   css?: string[], assets?: string[] }} ManifestChunk
 * @param {Record<string, ManifestChunk>} manifest
 * @returns {{ modules: string[], styles: string[], fonts: string[] }} paths relative to the resources folder, in
 *   load order; `fonts` are the upright text and heading faces every screen shows (italics and mono load on use)
 */
export function entryLinks(manifest) {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the Vite manifest, found ${entries.length}.`);
  const [entryKey, entry] = /** @type {[string, ManifestChunk]} */ (entries[0]);
  /** @type {string[]} */ const modules = [];
  /** @type {string[]} */ const styles = [];
  /** @type {string[]} */ const assets = [...(entry.assets ?? [])];
  const seen = new Set([entryKey]);
  /** @param {string[]} keys */
  const visit = (keys) => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`The Vite manifest names ${key} but has no entry for it.`);
      visit(chunk.imports ?? []);
      modules.push(chunk.file);
      for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
      for (const asset of chunk.assets ?? []) if (!assets.includes(asset)) assets.push(asset);
    }
  };
  visit(entry.imports ?? []);
  visit((entry.dynamicImports ?? []).filter((key) => isAppStart(key, manifest[key])));
  // The faces every screen shows are the ones the build cuts: one pattern for both. They are assets of whichever of
  // these chunks has the stylesheet that declares them (the shell's).
  const fonts = assets.filter((file) => CUT_FACE.test(file));
  return { modules, styles, fonts };
}

/**
 * The FreeMarker fragment index.ftl includes. With `cuts` (the build's cut faces, vite.config.ts: each whole font's
 * cut), a page in one of CUT_FACE_LANGUAGES preloads the cut faces, which its stylesheet draws it with, and any other
 * page the whole fonts (scripts/lib/font-subsets.mjs says why).
 * @param {Record<string, ManifestChunk>} manifest @param {Record<string, string>} [cuts]
 */
export function entryLinksTemplate(manifest, cuts) {
  const { modules, styles, fonts } = entryLinks(manifest);
  const preload = (/** @type {string} */ file) =>
    `<link rel="preload" as="font" type="font/woff2" crossorigin href="\${resourceUrl}/${file}">`;
  const fontLinks = cuts
    ? [
        `<#if [${CUT_FACE_LANGUAGES.map((language) => `"${language}"`).join(", ")}]?seq_contains(locale?keep_before("-")?keep_before("_"))>`,
        ...fonts.map((file) => preload(cuts[file] ?? file)),
        "<#else>",
        ...fonts.map(preload),
        "</#if>",
      ]
    : fonts.map(preload);
  return [
    "<#-- Written by the build (scripts/lib/entry-links.mjs) from the Vite manifest: do not edit. -->",
    ...styles.map((file) => `<link rel="stylesheet" href="\${resourceUrl}/${file}">`),
    ...modules.map((file) => `<link rel="modulepreload" href="\${resourceUrl}/${file}">`),
    ...fontLinks,
    "",
  ].join("\n");
}
