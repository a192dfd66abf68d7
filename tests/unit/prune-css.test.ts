import { describe, expect, it } from "vitest";
import {
  dropUnusedStyles,
  pruneCustomProperties,
  readCustomProperties,
  trimStylesheets,
} from "../../scripts/lib/prune-css.mjs";

describe("readCustomProperties", () => {
  it("keeps what a declaration reads, and what those read in turn, across files", () => {
    const read = readCustomProperties(
      [
        ":root{--token-a:red;--token-b:var(--token-a);--token-unused:blue}",
        ".button{--button-color:var(--token-b);--button-unused:var(--token-unused);color:var(--button-color)}",
      ],
      [],
    );
    expect([...read].sort()).toEqual(["--button-color", "--token-a", "--token-b"]);
  });

  it("keeps properties a script names (components set some from JavaScript)", () => {
    const read = readCustomProperties(
      [":root{--set-by-script:1px;--other:2px}"],
      ['style.setProperty("--set-by-script")'],
    );
    expect(read.has("--set-by-script")).toBe(true);
    expect(read.has("--other")).toBe(false);
  });
});

describe("pruneCustomProperties", () => {
  it("drops the unread properties and the rules left empty", () => {
    const css = ":root{--kept:1px;--dropped:2px}.only-vars{--dropped:3px}.button{padding:var(--kept)}";
    expect(pruneCustomProperties(css, new Set(["--kept"]))).toBe(":root{--kept:1px}.button{padding:var(--kept)}");
  });
});

describe("dropUnusedStyles", () => {
  it("drops rules only for theme classes the console never sets, and keeps dark mode", () => {
    const css =
      ":root:where(.pf-v6-theme-high-contrast){--a:1}:root:where(.pf-v6-theme-dark){--a:2}" +
      ":root:where(.pf-v6-theme-felt),.kept{--b:1}:root:where(.pf-v6-theme-glass){--c:1}";
    expect(dropUnusedStyles(css)).toBe(":root:where(.pf-v6-theme-dark){--a:2}.kept{--b:1}");
  });

  it("drops the icon font and its classes, and lets text fonts swap in", () => {
    const css =
      '@font-face{font-family:"pf-v6-pficon";src:url(a.woff2)}.pf-v6-pficon-user:before{content:"x"}' +
      '@font-face{font-family:"Red Hat Text";font-display:fallback;src:url(b.woff2)}';
    expect(dropUnusedStyles(css)).toBe('@font-face{font-family:"Red Hat Text";font-display:swap;src:url(b.woff2)}');
  });
});

describe("trimStylesheets", () => {
  it("trims every file with what all files and scripts read", () => {
    const trimmed = trimStylesheets(
      new Map([
        ["main.css", ":root{--used-by-page:1px;--unused:2px}"],
        ["page.css", ".page{margin:var(--used-by-page)}"],
      ]),
      [],
    );
    expect(trimmed.get("main.css")).toBe(":root{--used-by-page:1px}");
    expect(trimmed.get("page.css")).toBe(".page{margin:var(--used-by-page)}");
  });
});
