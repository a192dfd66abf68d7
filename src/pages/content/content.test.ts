import { describe, expect, it } from "vitest";
import type { MenuItem } from "../../menu/menu";
import { ContentPageError, findContentItem, isUnresolvedSpecifier, moduleUrl } from "./content";

const menu: MenuItem[] = [
  { label: "personalInfo", path: "" },
  { label: "accountSecurity", children: [{ label: "signingIn", path: "account-security/signing-in" }] },
  { label: "applications", path: "applications" },
  {
    label: "extras",
    children: [
      { label: "nested", children: [{ label: "travel", path: "content/travel", modulePath: "travel.js" }] },
      { label: "notes", path: "/content/notes/", modulePath: "/notes.js" },
    ],
  },
];

describe("content items", () => {
  it("finds an item with a module anywhere in the tree, past the first group (unlike the stock console)", () => {
    expect(findContentItem(menu, "travel")).toEqual({
      label: "travel",
      path: "content/travel",
      modulePath: "travel.js",
    });
    expect(findContentItem(menu, "notes")).toEqual({ label: "notes", path: "content/notes", modulePath: "/notes.js" });
    expect(findContentItem(menu, "content/travel")?.modulePath).toBe("travel.js");
  });

  it("matches whole path segments only, and never items without a module", () => {
    expect(findContentItem(menu, "vel")).toBeUndefined();
    expect(findContentItem(menu, "applications")).toBeUndefined();
    expect(findContentItem(menu, "")).toBeUndefined();
  });

  it("loads modules from the theme's resources only", () => {
    expect(moduleUrl("http://kc/resources/v/account/theme/", "/travel.js")).toBe(
      "http://kc/resources/v/account/theme/travel.js",
    );
    expect(moduleUrl("http://kc/r", "pages/travel.js")).toBe("http://kc/r/pages/travel.js");
    for (const bad of [
      "https://evil.example/x.js",
      "//evil.example/x.js",
      "../../x.js",
      "data:text/javascript,1",
      " ",
    ]) {
      expect(() => moduleUrl("http://kc/r", bad)).toThrow(ContentPageError);
    }
  });
});

describe("an unresolved bare specifier", () => {
  it("is told from other import failures, in the words of Chromium, Firefox and Safari", () => {
    for (const message of [
      'Failed to resolve module specifier "react". Relative references must start with either "/", "./", or "../".',
      "The specifier “react” was a bare specifier, but was not remapped to anything.",
      "Module name, 'react' does not resolve to a valid URL.",
    ]) {
      expect(isUnresolvedSpecifier(new TypeError(message))).toBe(true);
    }
    for (const error of [
      new TypeError("Failed to fetch dynamically imported module: http://kc/r/x.js"),
      new SyntaxError("Unexpected token '<'"),
      new Error("react is broken"),
      "Failed to resolve module specifier",
      null,
    ]) {
      expect(isUnresolvedSpecifier(error)).toBe(false);
    }
  });
});
