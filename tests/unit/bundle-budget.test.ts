// The first screen's bundle may not grow past these budgets: what start-up holds is defined once,
// in scripts/lib/first-screen-files.mjs, for this test and `npm run bench:build` alike (the entry, the app chunk it
// imports at once, the landing page, every chunk they import statically, and their stylesheets), gzipped at Keycloak's
// level. Raw and gzip bytes, and the number of files (each a request; all linked from the page). Set from the build
// after that work, with ~5% headroom; `npm run bench` prints the figures of a real load. The build runs here, into a
// temporary folder.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstScreenFiles, GZIP_LEVEL, gzipSize, LANDING_PAGE } from "../../scripts/lib/first-screen-files.mjs";

const KIB = 1024;
export const BUDGETS = {
  js: { raw: 680 * KIB, gzip: 217 * KIB, files: 3 },
  css: { raw: 530 * KIB, gzip: 52 * KIB, files: 1 },
};

const root = path.resolve(import.meta.dirname, "..", "..");
let outDir: string;
let sizes: Record<"js" | "css", { raw: number; gzip: number; files: number }>;
let landingPageChunk: unknown;
let firstScreenCss = "";

beforeAll(async () => {
  outDir = mkdtempSync(path.join(os.tmpdir(), "budget-"));
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      root,
      mode: "production",
      configFile: path.join(root, "vite.config.ts"),
      logLevel: "silent",
      build: { outDir },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8"));
  landingPageChunk = manifest[LANDING_PAGE];
  const files = firstScreenFiles(manifest);
  expect(files.appStart, "the app chunk the entry imports").toHaveLength(1);
  const measure = (names: string[]) =>
    names
      .map((name) => readFileSync(path.join(outDir, name)))
      .reduce(
        (total, content) => ({
          raw: total.raw + content.length,
          gzip: total.gzip + gzipSize(content),
          files: total.files + 1,
        }),
        { raw: 0, gzip: 0, files: 0 },
      );
  sizes = { js: measure(files.js), css: measure(files.css) };
  firstScreenCss = files.css.map((name) => readFileSync(path.join(outDir, name), "utf8")).join("\n");
}, 120_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe("the first screen's bundle", () => {
  for (const kind of ["js", "css"] as const) {
    for (const measure of ["raw", "gzip"] as const) {
      it(`keeps ${kind} (${measure}) within ${BUDGETS[kind][measure] / KIB} KiB`, () => {
        expect(
          sizes[kind][measure],
          `${kind} ${measure}: ${(sizes[kind][measure] / KIB).toFixed(1)} KiB`,
        ).toBeLessThanOrEqual(BUDGETS[kind][measure]);
      });
    }
    it(`loads ${kind} in at most ${BUDGETS[kind].files} files`, () => {
      expect(sizes[kind].files, `${kind} files`).toBeLessThanOrEqual(BUDGETS[kind].files);
    });
  }
});

describe("the first screen's stylesheet", () => {
  it("has the spinner's rules, PatternFly's base and ours before the components, as when they were files of their own", () => {
    const at = (text: string) => firstScreenCss.indexOf(text);
    const order = [
      ".kc-loading__spinner",
      "--pf-t--global--font--family--body:",
      ".app-skeleton-bar",
      ".pf-v6-c-button{",
    ];
    for (const text of order) expect(at(text), text).toBeGreaterThanOrEqual(0);
    expect(order.map(at)).toEqual([...order.map(at)].sort((a, b) => a - b));
  });
});

describe("the landing page", () => {
  it("is part of the shell: no chunk of its own, so no script or stylesheet more before the first screen", () => {
    expect(landingPageChunk).toBeUndefined();
  });
});

describe("what start-up holds (shared with npm run bench:build)", () => {
  it("is the entry, the app chunk it imports at once and the landing page, with their static imports", () => {
    const manifest = {
      "src/main.tsx": {
        file: "assets/main.js",
        isEntry: true,
        imports: ["_runtime.js"],
        dynamicImports: ["_shell.js", "src/pages/Groups.tsx"],
        css: ["assets/main.css"],
        assets: ["assets/RedHatTextVF-1.woff2", "assets/RedHatTextVF-Italic-1.woff2"],
      },
      "_runtime.js": { file: "assets/runtime.js" },
      "_shell.js": { file: "assets/shell.js", name: "shell", imports: ["_runtime.js"], css: ["assets/shell.css"] },
      [LANDING_PAGE]: { file: "assets/PersonalInfo.js", imports: ["_shell.js", "_form.js"], css: ["assets/pi.css"] },
      "_form.js": { file: "assets/form.js" },
      "src/pages/Groups.tsx": { file: "assets/Groups.js", imports: ["_shell.js"], css: ["assets/groups.css"] },
    };
    expect(firstScreenFiles(manifest)).toEqual({
      js: ["assets/main.js", "assets/runtime.js", "assets/shell.js", "assets/PersonalInfo.js", "assets/form.js"],
      css: ["assets/main.css", "assets/shell.css", "assets/pi.css"],
      fonts: ["assets/RedHatTextVF-1.woff2"],
      appStart: ["_shell.js"],
    });
  });

  it("counts the landing page with the shell when it has no chunk of its own", () => {
    const manifest = {
      "src/main.tsx": {
        file: "assets/main.js",
        isEntry: true,
        dynamicImports: ["_shell.js"],
        css: ["assets/main.css"],
      },
      "_shell.js": { file: "assets/shell.js", name: "shell", imports: ["src/main.tsx"], css: ["assets/shell.css"] },
    };
    expect(firstScreenFiles(manifest)).toEqual({
      js: ["assets/main.js", "assets/shell.js"],
      css: ["assets/main.css", "assets/shell.css"],
      fonts: [],
      appStart: ["_shell.js"],
    });
  });

  it("gzips at Keycloak's level for theme resources (6)", () => {
    expect(GZIP_LEVEL).toBe(6);
  });
});
