import { describe, expect, it } from "vitest";
import { safeHref } from "./safeUrl";

describe("safeHref", () => {
  it.each(["https://app.example.org/x?y#z", "http://localhost:3000", "/", "/realms/demo/account/"])("keeps %s", (url) => {
    expect(safeHref(url)).toBe(url);
  });

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
