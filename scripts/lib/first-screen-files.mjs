// @ts-check
// What "start-up" holds, for `npm run bench:build` (tools/bench/build.mjs) and the bundle budget
// (tests/e2e/bundle-budget.e2e.ts) alike: the files the first screen loads and how they are sized.
//
// The first screen is the entry, the app it imports as soon as sign-in has started (the shell chunk, see
// entry-links.mjs), and the landing page (personal info; in the build it is part of the shell), each with every chunk
// it imports statically, plus their stylesheets (the page preloads no font). Gzip sizes use level 6: Keycloak
// compresses theme resources with java.util.zip.GZIPOutputStream at its default level, which is 6, and zlib's default
// is the same.
import { gzipSync } from "node:zlib";
import { isAppStart } from "./entry-links.mjs";

/** The page the console shows first at /account/. */
export const LANDING_PAGE = "src/pages/personal-info/PersonalInfo.tsx";
/** Keycloak's gzip level for theme resources (GZIPOutputStream's default). */
export const GZIP_LEVEL = 6;

/** @param {Uint8Array} content */
export const gzipSize = (content) => gzipSync(content, { level: GZIP_LEVEL }).length;

/**
 * @typedef {import("./entry-links.mjs").ManifestChunk} ManifestChunk
 * @param {Record<string, ManifestChunk>} manifest Vite's manifest
 * @returns {{ js: string[], css: string[], appStart: string[] }} paths relative to the build folder;
 *   `appStart` are the manifest keys of the entry's dynamic imports that are the app (exactly one in a sound build)
 */
export function firstScreenFiles(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the Vite manifest, found ${entries.length}.`);
  const entry = /** @type {string} */ (entries[0]);
  const appStart = (manifest[entry]?.dynamicImports ?? []).filter((key) => isAppStart(key, manifest[key]));
  const seen = new Set();
  /** @type {{ js: string[], css: string[] }} */
  const files = { js: [], css: [] };
  /** @param {string} key */
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The Vite manifest has no ${key}.`);
    files.js.push(chunk.file);
    for (const css of chunk.css ?? []) if (!files.css.includes(css)) files.css.push(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  // The landing page has no chunk of its own when it is part of the shell (vite.config.ts): nothing more to add then.
  [entry, ...appStart, ...(manifest[LANDING_PAGE] ? [LANDING_PAGE] : [])].forEach(visit);
  return { ...files, appStart };
}
