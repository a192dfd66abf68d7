import { describe, expect, it, vi } from "vitest";
import { startI18n, toResource, translationsUrl } from "./i18n";

const environment = { serverBaseUrl: "https://id.example.org", realm: "demo", locale: "de" };

describe("translations", () => {
  it("come from the server's account resources for the realm", () => {
    expect(translationsUrl(environment, "de")).toBe("https://id.example.org/resources/demo/account/de");
  });

  it("turn the server's key/value list into a resource", () => {
    expect(toResource([{ key: "a", value: "A" }, { key: "b" }, { key: "c", value: "C" }])).toEqual({ a: "A", c: "C" });
    expect(() => toResource({})).toThrow();
  });

  it("load the environment's locale with English as fallback, realm overrides included", async () => {
    const fetchMock = vi.fn(async (url: RequestInfo | URL) => {
      const language = String(url).split("/").pop();
      const list =
        language === "de"
          ? [{ key: "signOut", value: "Abmelden (Realm)" }]
          : [
              { key: "signOut", value: "Sign out" },
              { key: "groups", value: "Groups" },
            ];
      return new Response(JSON.stringify(list), { headers: { "content-type": "application/json" } });
    });
    const i18n = await startI18n(environment, fetchMock);
    expect(i18n.t("signOut")).toBe("Abmelden (Realm)");
    expect(i18n.t("groups")).toBe("Groups");
    expect(fetchMock.mock.calls.map(([url]) => String(url).split("/").pop()).sort()).toEqual(["de", "en"]);
    await i18n.changeLanguage("en");
    expect(i18n.t("signOut")).toBe("Sign out");
  });

  it("set the page's lang and direction when the language changes, right to left for ar, fa and he", async () => {
    const fetchMock = vi.fn(async () => new Response("[]", { headers: { "content-type": "application/json" } }));
    const i18n = await startI18n({ ...environment, locale: "en" }, fetchMock);
    const html = document.documentElement;
    for (const [language, direction] of [
      ["ar", "rtl"],
      ["en", "ltr"],
      ["fa", "rtl"],
      ["de", "ltr"],
      ["he", "rtl"],
      ["pt-BR", "ltr"],
    ]) {
      await i18n.changeLanguage(language);
      expect([html.getAttribute("lang"), html.getAttribute("dir")]).toEqual([language, direction]);
    }
  });
});
