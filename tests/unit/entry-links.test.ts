import { describe, expect, it } from "vitest";
import { entryLinks, entryLinksTemplate } from "../../scripts/lib/entry-links.mjs";

const manifest = {
  "src/main.tsx": {
    file: "assets/main-1.js",
    isEntry: true,
    imports: ["_runtime-1.js", "_body-1.js"],
    css: ["assets/main-1.css"],
    assets: [
      "assets/red-hat-text-latin-wght-normal-1.woff2",
      "assets/red-hat-text-latin-ext-wght-normal-1.woff2",
      "assets/red-hat-text-latin-wght-italic-1.woff2",
      "assets/red-hat-display-latin-wght-normal-1.woff2",
      "assets/RedHatTextVF-1.woff2",
      "assets/RedHatMonoVF-1.woff2",
      "assets/PF-Bkg-1.svg",
    ],
  },
  "_runtime-1.js": { file: "assets/runtime-1.js" },
  "_body-1.js": { file: "assets/body-1.js", imports: ["_runtime-1.js", "_icons-1.js"], css: ["assets/body-1.css"] },
  "_icons-1.js": { file: "assets/icons-1.js", css: ["assets/icons-1.css"] },
  "src/pages/Groups.tsx": { file: "assets/Groups-1.js", imports: ["_body-1.js"], css: ["assets/Groups-1.css"] },
};

/** What the entry itself imports, in the order they load (the first test spells it out). */
const ENTRY_MODULES = ["assets/runtime-1.js", "assets/icons-1.js", "assets/body-1.js"];
const ENTRY_STYLES = ["assets/icons-1.css", "assets/body-1.css"];

/** The manifest whose entry imports `start` when it starts (and Groups lazily), with `chunks` beside. */
const startingWith = (
  start: string,
  chunks: Record<string, { file: string; name?: string; imports?: string[]; css?: string[] }>,
) => ({
  ...manifest,
  "src/main.tsx": { ...manifest["src/main.tsx"], dynamicImports: [start, "src/pages/Groups.tsx"] },
  ...chunks,
});

describe("entry links", () => {
  it("preloads the files (not the manifest keys) the entry imports, each once, dependencies first", () => {
    expect(entryLinks(manifest).modules).toEqual(["assets/runtime-1.js", "assets/icons-1.js", "assets/body-1.js"]);
  });

  it("links the shell's stylesheet when the entry has no stylesheet of its own", () => {
    const { css: _css, assets: _assets, ...entry } = manifest["src/main.tsx"];
    const withShell = {
      ...manifest,
      "src/main.tsx": { ...entry, dynamicImports: ["_shell-1.js", "src/pages/Groups.tsx"] },
      "_shell-1.js": { file: "assets/shell-1.js", name: "shell", css: ["assets/shell-1.css"] },
    };
    expect(entryLinks(withShell).styles).toEqual(["assets/icons-1.css", "assets/body-1.css", "assets/shell-1.css"]);
  });

  it("preloads the shell chunk when the app's start is in it (the manifest names the chunk, not the module)", () => {
    const links = entryLinks(
      startingWith("_shell-1.js", {
        "_shell-1.js": {
          file: "assets/shell-1.js",
          name: "shell",
          imports: ["_body-1.js"],
          css: ["assets/shell-1.css"],
        },
        "src/pages/Groups.tsx": { file: "assets/Groups-1.js", css: ["assets/Groups-1.css"] },
      }),
    );
    expect(links.modules).toEqual([...ENTRY_MODULES, "assets/shell-1.js"]);
    expect(links.styles).toEqual([...ENTRY_STYLES, "assets/shell-1.css"]);
  });

  it("preloads the app chunk the entry imports right after starting sign-in, and its imports, but no lazy page", () => {
    const links = entryLinks(
      startingWith("src/app/start.tsx", {
        "src/app/start.tsx": {
          file: "assets/start-1.js",
          imports: ["_body-1.js", "_app-1.js"],
          css: ["assets/start-1.css"],
        },
        "_app-1.js": { file: "assets/app-1.js", css: ["assets/app-1.css"] },
      }),
    );
    expect(links.modules).toEqual([...ENTRY_MODULES, "assets/app-1.js", "assets/start-1.js"]);
    expect(links.styles).toEqual([...ENTRY_STYLES, "assets/app-1.css", "assets/start-1.css"]);
  });

  it("links the stylesheets of statically imported chunks, but not the entry's own nor lazy pages'", () => {
    expect(entryLinks(manifest).styles).toEqual(["assets/icons-1.css", "assets/body-1.css"]);
  });

  it("writes them as FreeMarker links under the theme's resource URL", () => {
    const template = entryLinksTemplate(manifest);
    expect(template).toContain('<link rel="modulepreload" href="${resourceUrl}/assets/body-1.js">');
    expect(template).toContain('<link rel="stylesheet" href="${resourceUrl}/assets/body-1.css">');
    expect(template).not.toContain("_body-1.js");
  });

  it("preloads no font: the faces load when the first text is drawn, not beside the scripts sign-in waits for", () => {
    expect(entryLinksTemplate(manifest)).not.toMatch(/as="font"|\.woff2/);
  });

  it("refuses a manifest without exactly one entry", () => {
    expect(() => entryLinks({ "_a.js": { file: "assets/a.js" } })).toThrow(/one entry/);
  });
});
