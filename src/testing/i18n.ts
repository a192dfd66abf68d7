import { readFileSync } from "node:fs";
import path from "node:path";
import { createInstance } from "i18next";
import { initReactI18next } from "react-i18next";
import { inject } from "vitest";
import { parseProperties, readStockBundle } from "../../scripts/lib/message-bundles.mjs";

export { parseProperties };

/** One of our bundles, as written (only the keys the console adds). */
export function themeMessages(language: string): Record<string, string> {
  const file = path.resolve(
    import.meta.dirname,
    "..",
    "theme",
    "account",
    "messages",
    `messages_${language}.properties`,
  );
  return parseProperties(readFileSync(file, "utf8"));
}

/** What the server's translation endpoint answers for a language: the stock bundles with ours on top. */
export function serverMessages(language: string): Record<string, string> {
  const stock = inject("stockMessages");
  return {
    ...readStockBundle(stock, "base", language),
    ...readStockBundle(stock, "keycloak.v3", language),
    ...themeMessages(language),
  };
}

/** The global i18next instance of component tests: the real texts, loaded synchronously. */
export const testI18n = createInstance({
  lng: "en",
  fallbackLng: "en",
  nsSeparator: false,
  keySeparator: false,
  interpolation: { escapeValue: false },
  resources: { en: { translation: serverMessages("en") }, de: { translation: serverMessages("de") } },
  initAsync: false,
});
testI18n.use(initReactI18next);
void testI18n.init();
