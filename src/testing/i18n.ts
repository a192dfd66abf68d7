import { readFileSync } from "node:fs";
import path from "node:path";
import { createInstance } from "i18next";
import { initReactI18next } from "react-i18next";

/** Parses a Java .properties bundle well enough for our messages (key=value, `\:` escapes, # comments). */
export function parseProperties(text: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(#|!|$)/.test(line)) continue;
    const index = line.search(/(?<!\\)[=:]/);
    if (index < 0) continue;
    entries[line.slice(0, index).trim()] = line.slice(index + 1).trim().replace(/\\(.)/g, "$1");
  }
  return entries;
}

export function themeMessages(language: string): Record<string, string> {
  const file = path.resolve(import.meta.dirname, "..", "theme", "account", "messages", `messages_${language}.properties`);
  return parseProperties(readFileSync(file, "utf8"));
}

/** The global i18next instance of component tests: the theme's real English bundle, loaded synchronously. */
export const testI18n = createInstance({
  lng: "en",
  fallbackLng: "en",
  nsSeparator: false,
  keySeparator: false,
  interpolation: { escapeValue: false },
  resources: { en: { translation: themeMessages("en") }, de: { translation: themeMessages("de") } },
  initAsync: false,
});
testI18n.use(initReactI18next);
void testI18n.init();
