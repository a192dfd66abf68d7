import { describe, expect, it } from "vitest";
import { parseProperties } from "../../scripts/lib/message-bundles.mjs";

describe("parseProperties", () => {
  it("reads keys and values as Java does: separators, escapes, comments and continued lines", () => {
    const text = [
      "# a comment",
      "! another",
      "plain=Plain text",
      "colon: with a colon",
      "escaped=Error\\: {{error}}",
      "unicode=caf\\u00e9",
      "continued=first \\",
      "    second",
      "key\\=with\\:separators = value",
      "",
      "utf8=Schließen",
    ].join("\n");
    expect(parseProperties(text)).toEqual({
      plain: "Plain text",
      colon: "with a colon",
      escaped: "Error: {{error}}",
      unicode: "café",
      continued: "first second",
      "key=with:separators": "value",
      utf8: "Schließen",
    });
  });
});
