// @ts-check
// Keycloak hands the template the manifest's import *keys* (`_PageBody-x.js`), not file paths, and no CSS of the
// chunks the entry imports. So the build writes the links itself: every chunk the entry imports statically, and the
// app chunk it imports right away (`APP_START`, dynamically so that sign-in starts before the app is parsed), to
// preload, and every stylesheet of those chunks (to link), read from Vite's manifest.

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
 * @returns {{ modules: string[], styles: string[] }} paths relative to the resources folder, in load order. No font:
 *   the page preloads none (the faces load when the first text is drawn), so that on a slow link their bytes do not
 *   compete with the scripts sign-in and the first screen wait for (docs/performance.md, point 10).
 */
export function entryLinks(manifest) {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the Vite manifest, found ${entries.length}.`);
  const [entryKey, entry] = /** @type {[string, ManifestChunk]} */ (entries[0]);
  /** @type {string[]} */ const modules = [];
  /** @type {string[]} */ const styles = [];
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
    }
  };
  visit(entry.imports ?? []);
  visit((entry.dynamicImports ?? []).filter((key) => isAppStart(key, manifest[key])));
  return { modules, styles };
}

/**
 * The FreeMarker fragment index.ftl includes.
 * @param {Record<string, ManifestChunk>} manifest
 */
export function entryLinksTemplate(manifest) {
  const { modules, styles } = entryLinks(manifest);
  return [
    "<#-- Written by the build (scripts/lib/entry-links.mjs) from the Vite manifest: do not edit. -->",
    ...styles.map((file) => `<link rel="stylesheet" href="\${resourceUrl}/${file}">`),
    ...modules.map((file) => `<link rel="modulepreload" href="\${resourceUrl}/${file}">`),
    "",
  ].join("\n");
}
