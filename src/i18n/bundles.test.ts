import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { readStockBundle } from "../../scripts/lib/message-bundles.mjs";
import { serverMessages, themeMessages } from "../testing/i18n";

const folder = path.resolve(import.meta.dirname, "..", "theme", "account", "messages");
const locales = readdirSync(folder)
  .map((file) => /^messages_(.+)\.properties$/.exec(file)?.[1])
  .filter((locale): locale is string => locale !== undefined);
const english = themeMessages("en");
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe("our message bundles", () => {
  it("cover the languages Keycloak's account theme speaks", () => {
    expect(locales).toEqual(
      expect.arrayContaining(["ar", "de", "es", "fa", "fr", "it", "ja", "nl", "pl", "pt_BR", "zh_Hans"]),
    );
    expect(locales.length).toBeGreaterThanOrEqual(40);
  });

  it.each(locales.filter((locale) => locale !== "en"))(
    "%s has exactly the keys English adds, each translated",
    (locale) => {
      const bundle = themeMessages(locale);
      expect(Object.keys(bundle).sort()).toEqual(Object.keys(english).sort());
      for (const [key, value] of Object.entries(bundle)) {
        expect(value.trim(), `${locale}: ${key}`).not.toBe("");
        expect(placeholders(value), `${locale}: ${key} keeps English's placeholders`).toEqual(
          placeholders(english[key]!),
        );
      }
    },
  );

  it("adds only keys the oldest supported Keycloak's account bundles lack, so stock keys keep the server's English", () => {
    // A key newer servers have but the oldest lacks is ours on every version (docs/versions.md), so it resolves there.
    const oldest = inject("oldestStockMessages");
    const stock = { ...readStockBundle(oldest, "base", "en"), ...readStockBundle(oldest, "keycloak.v3", "en") };
    expect(Object.keys(stock).length).toBeGreaterThan(200);
    expect(Object.keys(english).filter((key) => key in stock)).toEqual([]);
  });

  it("gives component tests the server's texts: stock keys from Keycloak, added keys from us", () => {
    expect(serverMessages("en")).toMatchObject({
      signOut: "Sign out",
      personalInfo: "Personal info",
      help: english.help,
    });
    expect(serverMessages("de").help).toBe(themeMessages("de").help);
  });
});
