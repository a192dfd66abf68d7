// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { extensionTranslationsUrl, startI18n, toResource, translationsUrl } from "./i18n";
import { startLanguages } from "./translationsUrl";

const environment = { serverBaseUrl: "https://id.example.org", realm: "demo", locale: "de" };

describe("translations", () => {
  it("come from the server's account resources for the realm", () => {
    expect(translationsUrl(environment, "de")).toBe("https://id.example.org/resources/demo/account/de");
    expect(extensionTranslationsUrl(environment, "pt-BR")).toBe(
      "https://id.example.org/realms/demo/account-console-extension/messages/pt-BR",
    );
  });

  it("are asked for at start-up as index.ftl preloads them: the page's language and English, bare requests", async () => {
    for (const locale of ["de", "en", ""]) {
      const fetchMock = vi.fn(
        async (_url: RequestInfo | URL, _init?: RequestInit) =>
          new Response("{}", { headers: { "content-type": "application/json" } }),
      );
      await startI18n({ ...environment, locale }, fetchMock);
      const preloaded = startLanguages(locale).map((language) => [extensionTranslationsUrl(environment, language)]);
      expect(fetchMock.mock.calls.map(([url]) => [String(url)])).toEqual(preloaded);
      // Headers of its own would keep Chromium from handing the call the preloaded answer.
      for (const [, init] of fetchMock.mock.calls) expect(init).toBeUndefined();
    }
  });

  it("turn the server's key/value list into a resource", () => {
    expect(toResource([{ key: "a", value: "A" }, { key: "b" }, { key: "c", value: "C" }])).toEqual({ a: "A", c: "C" });
    expect(toResource({ a: "A", b: 2 })).toEqual({ a: "A" });
    expect(() => toResource("nothing")).toThrow();
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

  it("come from the extension when it answers, and from Keycloak's list when it does not", async () => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    const answers = async (url: RequestInfo | URL, _init?: RequestInit) =>
      String(url).includes("/account-console-extension/")
        ? json({ signOut: "Sign out (extension)" })
        : json([{ key: "signOut", value: "Sign out (Keycloak)" }]);
    const extensionAnswers = vi.fn(answers);
    const withExtension = await startI18n({ ...environment, locale: "en" }, extensionAnswers);
    expect(withExtension.t("signOut")).toBe("Sign out (extension)");
    // Asked without a token (the texts load while sign-in runs) and without anything that would bypass the cache.
    expect(
      extensionAnswers.mock.calls.map(([url, init]) => [
        String(url),
        new Headers(init?.headers).has("authorization"),
        init?.cache,
      ]),
    ).toEqual([["https://id.example.org/realms/demo/account-console-extension/messages/en", false, undefined]]);

    /** A server whose extension answers `status` with `error`, and whose Keycloak list has "Sign out (Keycloak)". */
    const extensionRefusing = (status: number, error: string) =>
      vi.fn(async (url: RequestInfo | URL) =>
        String(url).includes("/account-console-extension/")
          ? json({ error }, status)
          : json([{ key: "signOut", value: "Sign out (Keycloak)" }]),
      );
    const noExtension = extensionRefusing(404, "not found");
    const fallback = await startI18n({ ...environment, locale: "en" }, noExtension);
    expect(fallback.t("signOut")).toBe("Sign out (Keycloak)");
    await fallback.changeLanguage("de");
    // After one 404 the extension is not asked again.
    expect(noExtension.mock.calls.map(([url]) => String(url).replace("https://id.example.org", ""))).toEqual([
      "/realms/demo/account-console-extension/messages/en",
      "/resources/demo/account/en",
      "/resources/demo/account/de",
    ]);

    const offline = vi.fn(async (url: RequestInfo | URL) => {
      if (String(url).includes("/account-console-extension/")) throw new TypeError("Failed to fetch");
      return json([{ key: "signOut", value: "Sign out (Keycloak)" }]);
    });
    expect((await startI18n({ ...environment, locale: "en" }, offline)).t("signOut")).toBe("Sign out (Keycloak)");

    // An extension of an older jar wanted the user's token (401): Keycloak's list, and the extension is not asked again.
    const wantsToken = extensionRefusing(401, "unauthorized");
    const older = await startI18n({ ...environment, locale: "en" }, wantsToken);
    expect(older.t("signOut")).toBe("Sign out (Keycloak)");
    await older.changeLanguage("de");
    expect(wantsToken.mock.calls.filter(([url]) => String(url).includes("/account-console-extension/"))).toHaveLength(
      1,
    );
  });
});
