// @ts-check
// Which message keys the console uses, and which of them a Keycloak version's stock account bundles lack. Our theme
// inherits the stock bundles of the server it runs on, so a key only newer servers have must come from our bundle.
import fs from "node:fs";
import path from "node:path";
import { compareVersions } from "./keycloak-config.mjs";
import { parseProperties, readStockBundle } from "./message-bundles.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");

/**
 * Screens that exist only from some version on (their endpoint is newer): keys used only there need not resolve on
 * older servers, where the screen is not offered (src/theme/account/index.ftl, docs/versions.md).
 * @type {{ folder: string, since: string }[]}
 */
export const VERSION_BOUND_SCREENS = [{ folder: "src/pages/verifiable-credentials/", since: "26.7.0" }];

/**
 * Quoted words that are stock keys but are not looked up as messages here: an `infoProperties` key the server sends
 * with a WebAuthn credential (only servers that have it send it) and that SigningIn matches.
 */
export const NOT_MESSAGE_LOOKUPS = new Set(["webauthn-authenticator-provider"]);

/** The files whose string literals may name a message key: the app's sources (not tests) and the menu. */
export function sourceFiles() {
  /** @type {string[]} */
  const files = [];
  const walk = (/** @type {string} */ directory) => {
    for (const entry of fs.readdirSync(path.join(root, directory), { withFileTypes: true })) {
      const relative = path.posix.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (relative !== "src/testing" && relative !== "src/theme") walk(relative);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        files.push(relative);
      }
    }
  };
  walk("src");
  files.push("public/content.json");
  return files.sort();
}

/**
 * Every quoted word of the sources that is a message key (of our English bundle or of the given stock bundle), with
 * the files that name it. Keys built at run time (`${type}-display-name`) are not seen: they fall back to the
 * server's own display name.
 * @param {Record<string, string>} knownKeys
 * @returns {Map<string, string[]>}
 */
export function usedMessageKeys(knownKeys) {
  /** @type {Map<string, string[]>} */
  const used = new Map();
  for (const file of sourceFiles()) {
    // Without comments: a comment that names a key does not use it.
    const text = fs
      .readFileSync(path.join(root, file), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    for (const match of text.matchAll(/["'`]([A-Za-z][\w.-]*)["'`]/g)) {
      const key = /** @type {string} */ (match[1]);
      if (!(key in knownKeys) || NOT_MESSAGE_LOOKUPS.has(key)) continue;
      const files = used.get(key) ?? [];
      if (!files.includes(file)) files.push(file);
      used.set(key, files);
    }
  }
  return used;
}

/** Our English bundle: the keys the console adds (and those it supplies for older servers). */
export function ourEnglishBundle() {
  return parseProperties(
    fs.readFileSync(path.join(root, "src", "theme", "account", "messages", "messages_en.properties"), "utf8"),
  );
}

/**
 * The English keys a server of this version sends from its own bundles (keycloak.v3 over base).
 * @param {string} stockDirectory from ensureStockMessages(version)
 */
export function stockEnglishBundle(stockDirectory) {
  return { ...readStockBundle(stockDirectory, "base", "en"), ...readStockBundle(stockDirectory, "keycloak.v3", "en") };
}

/**
 * The used keys that neither our bundle nor this version's stock bundles have, leaving out keys used only by screens
 * this version does not offer.
 * @param {{ used: Map<string, string[]>, ours: Record<string, string>, stock: Record<string, string>, version: string }} input
 * @returns {{ key: string, files: string[] }[]}
 */
export function unresolvedKeys({ used, ours, stock, version }) {
  const offered = (/** @type {string} */ file) =>
    !VERSION_BOUND_SCREENS.some(({ folder, since }) => file.startsWith(folder) && compareVersions(version, since) < 0);
  return [...used]
    .filter(([key, files]) => !(key in ours) && !(key in stock) && files.some(offered))
    .map(([key, files]) => ({ key, files }))
    .sort((a, b) => a.key.localeCompare(b.key));
}
