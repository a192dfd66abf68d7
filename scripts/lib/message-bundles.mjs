// @ts-check
// Message bundles: parsing Java .properties files, and Keycloak's own (stock) account bundles read from the
// distribution, for the tests that compare with them or need the texts the server adds under ours.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { cacheDirectory } from "./keycloak-config.mjs";
import { chooseJavaHome, ensureArchive } from "./keycloak-server.mjs";

/**
 * Parses a Java .properties file as Keycloak reads a message bundle (UTF-8): `#`/`!` comments, `=`, `:` or
 * blank as separator, backslash escapes, `\uXXXX`, and lines continued by a trailing backslash.
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function parseProperties(text) {
  /** @type {Record<string, string>} */
  const entries = {};
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    let line = /** @type {string} */ (lines[index]).replace(/^\s+/, "");
    if (line === "" || line.startsWith("#") || line.startsWith("!")) continue;
    while (/(^|[^\\])(\\\\)*\\$/.test(line) && index + 1 < lines.length) {
      line = line.slice(0, -1) + /** @type {string} */ (lines[++index]).replace(/^\s+/, "");
    }
    const separator = line.search(/(?<!\\)(\\\\)*[=:\s]/);
    const end = separator < 0 ? line.length : separator + (line.slice(separator).match(/^(\\\\)*/)?.[0].length ?? 0);
    const key = line.slice(0, end);
    const value = line.slice(end).replace(/^\s*[=:]?\s*/, "");
    entries[unescape(key)] = unescape(value);
  }
  return entries;
}

/** @param {string} text */
function unescape(text) {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_match, escaped) => {
    if (escaped.length === 5) return String.fromCharCode(parseInt(escaped.slice(1), 16));
    return { n: "\n", t: "\t", r: "\r", f: "\f" }[/** @type {string} */ (escaped)] ?? escaped;
  });
}

/** The two stock themes whose account bundles the server merges under ours: the stock console's, and its parent. */
export const STOCK_THEMES = /** @type {const} */ ({
  "keycloak.v3": { jar: "org.keycloak.keycloak-account-ui", folder: "theme/keycloak.v3/account/messages" },
  base: { jar: "org.keycloak.keycloak-themes", folder: "theme/base/account/messages" },
});

/**
 * A folder with the stock account bundles of one Keycloak version (`<theme>/messages_<locale>.properties`),
 * taken once from the distribution archive (downloaded first if needed) into the cache.
 * @param {string} version
 * @returns {string}
 */
export function ensureStockMessages(version) {
  const target = path.join(cacheDirectory(), "stock-messages", version);
  if (fs.existsSync(path.join(target, "complete"))) return target;
  const archive = ensureArchive(version);
  const work = fs.mkdtempSync(path.join(cacheDirectory(), "stock-messages-"));
  try {
    const themes = Object.entries(STOCK_THEMES).map(([theme, { jar, folder }]) => ({
      theme,
      folder,
      jar: `keycloak-${version}/lib/lib/main/${jar}-${version}.jar`,
    }));
    execFileSync("tar", ["xzf", archive, "-C", work, ...themes.map(({ jar }) => jar)]);
    const javaHome = chooseJavaHome();
    const jarTool = javaHome ? path.join(javaHome, "bin", "jar") : "jar";
    for (const { theme, folder, jar } of themes) {
      const unpacked = path.join(work, theme);
      fs.mkdirSync(unpacked);
      execFileSync(jarTool, ["xf", path.join(work, jar), folder], { cwd: unpacked });
      fs.mkdirSync(path.join(target, theme), { recursive: true });
      for (const file of fs.readdirSync(path.join(unpacked, folder))) {
        fs.copyFileSync(path.join(unpacked, folder, file), path.join(target, theme, file));
      }
    }
    fs.writeFileSync(path.join(target, "complete"), "");
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return target;
}

/**
 * One stock bundle, parsed; empty when that theme has no bundle for the locale.
 * @param {string} directory from ensureStockMessages
 * @param {keyof typeof STOCK_THEMES} theme
 * @param {string} locale e.g. "de", "pt_BR"
 */
export function readStockBundle(directory, theme, locale) {
  const file = path.join(directory, theme, `messages_${locale}.properties`);
  return fs.existsSync(file) ? parseProperties(fs.readFileSync(file, "utf8")) : {};
}
