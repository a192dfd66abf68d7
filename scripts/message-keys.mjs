// @ts-check
// `node scripts/message-keys.mjs [version ...]`: for each supported Keycloak version (or those named), the message
// keys the console uses that neither our bundles nor that version's stock bundles have. Exits 1 if there is one.
// The stock bundles come from the distribution, downloaded once into the cache (scripts/lib/message-bundles.mjs).
import { DEFAULT_KEYCLOAK_VERSION, SUPPORTED_KEYCLOAK_VERSIONS } from "./lib/keycloak-config.mjs";
import { ensureStockMessages } from "./lib/message-bundles.mjs";
import { ourEnglishBundle, stockEnglishBundle, unresolvedKeys, usedMessageKeys } from "./lib/message-keys.mjs";

const versions = process.argv.slice(2).length > 0 ? process.argv.slice(2) : SUPPORTED_KEYCLOAK_VERSIONS;
const ours = ourEnglishBundle();
const newest = stockEnglishBundle(ensureStockMessages(DEFAULT_KEYCLOAK_VERSION));
const used = usedMessageKeys({ ...newest, ...ours });
console.log(`${used.size} message keys used by the console (${Object.keys(ours).length} in our bundle)`);
let failed = false;
for (const version of versions) {
  const missing = unresolvedKeys({ used, ours, stock: stockEnglishBundle(ensureStockMessages(version)), version });
  failed ||= missing.length > 0;
  const list = missing.map(({ key, files }) => `\n  ${key} (${files.join(", ")})`).join("");
  console.log(
    `${version.padEnd(8)} ${missing.length === 0 ? "every key resolves" : `${missing.length} unresolved:`}${list}`,
  );
}
process.exitCode = failed ? 1 : 0;
