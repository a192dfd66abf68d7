import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import {
  dropUnusedStyles,
  pruneCustomProperties,
  readCustomProperties,
  STABLE_TOKENS,
  trimStylesheets,
} from "../../scripts/lib/prune-css.mjs";

const require = createRequire(import.meta.url);

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

describe("the stable tokens a theme may set (docs/customizing.md)", () => {
  it("are kept, with what their values read, although nothing reads them", () => {
    const css =
      ":root{--pf-t--global--color--brand--default:var(--palette-green);--palette-green:green;--palette-red:red}";
    const read = readCustomProperties([css], [], ["--pf-t--global--color--brand--default"]);
    expect([...read].sort()).toEqual(["--palette-green", "--pf-t--global--color--brand--default"]);
    expect(trimStylesheets(new Map([["main.css", css]]), []).get("main.css")).toBe(
      ":root{--pf-t--global--color--brand--default:var(--palette-green);--palette-green:green}",
    );
  });

  it("are exactly the tokens docs/customizing.md lists as stable", () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, "..", "..", "docs", "customizing.md"), "utf8");
    const table = doc.slice(doc.indexOf("### The stable tokens"));
    const listed = [...table.matchAll(/^\| `(--pf-t--[\w-]+)` +\|/gm)].map((match) => match[1]);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).toEqual([...STABLE_TOKENS]);
  });

  it("stay defined in PatternFly's stylesheet after the trim, light and dark, when no rule reads them", () => {
    const base = readFileSync(require.resolve("@patternfly/react-core/dist/styles/base.css"), "utf8");
    const trimmed = trimStylesheets(new Map([["base.css", base]]), []).get("base.css") ?? "";
    const definedIn = new Map<string, Set<string>>();
    postcss.parse(trimmed).walkDecls((declaration) => {
      const rule = declaration.parent as { selector?: string } | undefined;
      const selectors = definedIn.get(declaration.prop) ?? new Set<string>();
      selectors.add(rule?.selector ?? "");
      definedIn.set(declaration.prop, selectors);
    });
    for (const token of STABLE_TOKENS) {
      expect(definedIn.get(token), token).toContain(":root");
      if (!token.includes("--font--")) expect(definedIn.get(token), token).toContain(":root:where(.pf-v6-theme-dark)");
    }
    // The trim still trims: most of PatternFly's tokens are gone when nothing reads them.
    expect(trimmed.length).toBeLessThan(base.length / 2);
  });
});
