import { describe, expect, it } from "vitest";
import { safeHref, webUrl } from "./safeUrl";

describe("webUrl", () => {
  it.each(["https://shop.example.org/", "http://localhost:8080/realms/demo/account/", "  https://example.org/a?b=c  "])(
    "keeps the web URL %s",
    (url) => {
      expect(webUrl(url)).toBe(url.trim());
    },
  );

  it.each([
    "javascript:alert(1)",
    " JavaScript:alert(document.cookie)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "ftp://files.example.org/",
    "/relative/path",
    "//evil.example.org/",
    "not a url",
    "",
    undefined,
  ])("refuses %j", (url) => {
    expect(webUrl(url)).toBeUndefined();
  });
});

describe("safeHref", () => {
  it.each(["https://app.example.org/x?y#z", "http://localhost:3000", "/", "/realms/demo/account/"])(
    "keeps %s",
    (url) => {
      expect(safeHref(url)).toBe(url);
    },
  );

  it.each([
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example.org",
    "vbscript:x",
    "mailto:someone@example.org",
    "not a url",
    "",
    undefined,
  ])("refuses %s", (url) => {
    expect(safeHref(url)).toBeUndefined();
  });
});
