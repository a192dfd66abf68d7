// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { ENVIRONMENT_INVALID, ENVIRONMENT_MISSING, basePath, joinPath, readEnvironment } from "./environment";

function documentWith(html: string): Document {
  const document = new DOMParser().parseFromString(`<html><body>${html}</body></html>`, "text/html");
  return document;
}

const script = (json: string) => `<script id="environment" type="application/json">${json}</script>`;

describe("readEnvironment", () => {
  it("fails with the specified message when the element is missing", () => {
    expect(() => readEnvironment(documentWith("<div></div>"))).toThrow(ENVIRONMENT_MISSING);
    expect(ENVIRONMENT_MISSING).toBe("Environment variables not found in the document.");
  });

  it("fails with the specified message when the element holds no valid JSON", () => {
    expect(() => readEnvironment(documentWith(script("{ realm: demo }")))).toThrow(ENVIRONMENT_INVALID);
    expect(() => readEnvironment(documentWith(script("[1, 2]")))).toThrow(ENVIRONMENT_INVALID);
    expect(ENVIRONMENT_INVALID).toBe("Unable to parse environment variables as JSON.");
  });

  it("reads every field and every feature flag, defaulting what is absent", () => {
    const environment = readEnvironment(
      documentWith(
        script(
          JSON.stringify({
            serverBaseUrl: "https://id.example.org/",
            realm: "a<b>&c",
            clientId: "account-console",
            resourceUrl: "/resources/x/account/theme/",
            baseUrl: "https://id.example.org/realms/a%3Cb%3E%26c/account/",
            locale: "de",
            referrerName: "App",
            referrerUrl: "https://app/",
            features: { isLinkedAccountsEnabled: true, isViewGroupsEnabled: "yes" },
            scope: "openid",
            darkMode: true,
          }),
        ),
      ),
    );
    expect(environment).toMatchObject({
      serverBaseUrl: "https://id.example.org",
      realm: "a<b>&c",
      resourceUrl: "/resources/x/account/theme",
      locale: "de",
      logo: "",
      logoUrl: "",
      referrerName: "App",
      scope: "openid",
      darkMode: true,
    });
    expect(environment.features.isLinkedAccountsEnabled).toBe(true);
    // Only a real `true` switches a feature on.
    expect(environment.features.isViewGroupsEnabled).toBe(false);
    expect(Object.keys(environment.features)).toHaveLength(14);
    expect(basePath(environment)).toBe("/realms/a<b>&c/account");
  });
});

describe("joinPath", () => {
  it("puts exactly one slash between parts", () => {
    expect(joinPath("https://x/", "/realms/", "demo", "account/")).toBe("https://x/realms/demo/account/");
    expect(joinPath("/base", "", "path")).toBe("/base/path");
  });
});
