import { describe, expect, it } from "vitest";
import { formatDateTime, formatNumber, formatPlace, fromEpochSeconds } from "./format";

const date = new Date(Date.UTC(2026, 10, 23, 10, 15));
const utc = { dateStyle: "long", timeStyle: "short", timeZone: "UTC" } as const;

describe("formatting in the user's language", () => {
  it("writes dates and times as each language does", () => {
    expect(formatDateTime(date, "en", utc)).toBe("November 23, 2026 at 10:15 AM");
    expect(formatDateTime(date, "de", utc)).toBe("23. November 2026 um 10:15");
    expect(formatDateTime(date, "ja", utc)).toContain("2026年11月23日");
    expect(formatDateTime(date, "fr", utc)).toContain("23 novembre 2026");
  });

  it("writes numbers with the language's separators", () => {
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
    expect(formatNumber(1234.5, "de")).toBe("1.234,5");
    expect(formatNumber(0.5, "fr", { style: "percent" })).toMatch(/^50\s?%$/u);
  });

  it("falls back to English for a locale tag Intl refuses, instead of failing the page", () => {
    expect(formatNumber(1234.5, "not a locale!")).toBe("1,234.5");
  });

  it("writes a place with the country named in the language, leaving out what is unknown", () => {
    const bracknell = { city: "Bracknell", region: "England", country: "GB" };
    expect(formatPlace(bracknell, "en")).toBe("Bracknell, England, United Kingdom");
    expect(formatPlace(bracknell, "de")).toBe("Bracknell, England, Vereinigtes Königreich");
    expect(formatPlace({ city: null, region: null, country: "US" }, "fr")).toBe("États-Unis");
    expect(formatPlace({ city: "Berlin", region: "Berlin", country: "DE" }, "en")).toBe("Berlin, Germany");
    expect(formatPlace({ city: "Somewhere", region: null, country: null }, "en")).toBe("Somewhere");
  });

  it("reads Keycloak's epoch seconds", () => {
    expect(fromEpochSeconds(1_700_000_000).toISOString()).toBe("2023-11-14T22:13:20.000Z");
  });
});
