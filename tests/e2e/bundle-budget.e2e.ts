// The first screen's bundle may not grow past these budgets. Read from the build `npm test` has already made for the
// browser tests (dist/, the Vite output the jar carries; the global setup builds it when a source is newer), so the
// check costs no build of its own. What start-up holds is defined once, in scripts/lib/first-screen-files.mjs, for
// this check and `npm run bench:build` alike (the entry, the app chunk it imports at once, the landing page, every
// chunk they import statically, and their stylesheets), gzipped at Keycloak's level. Raw and gzip bytes, and the
// number of files (each a request). Set from the build with ~5% headroom; `npm run bench` prints a real load's figures.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { firstScreenFiles, gzipSize, LANDING_PAGE } from "../../scripts/lib/first-screen-files.mjs";
import { STABLE_TOKENS } from "../../scripts/lib/purge-css.mjs";

const KIB = 1024;
const BUDGETS = {
  js: { raw: 758 * KIB, gzip: 234 * KIB, files: 3 },
  // PatternFly's stylesheets with its page frame, through PurgeCSS (docs/performance.md, "Our own machinery").
  css: { raw: 680 * KIB, gzip: 64 * KIB, files: 1 },
};

const dist = path.resolve(import.meta.dirname, "..", "..", "dist");

function firstScreen() {
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8"));
  const files = firstScreenFiles(manifest);
  const measure = (names: string[]) =>
    names
      .map((name) => readFileSync(path.join(dist, name)))
      .reduce(
        (total, content) => ({
          raw: total.raw + content.length,
          gzip: total.gzip + gzipSize(content),
          files: total.files + 1,
        }),
        { raw: 0, gzip: 0, files: 0 },
      );
  return {
    manifest,
    files,
    sizes: { js: measure(files.js), css: measure(files.css) },
    css: files.css.map((name) => readFileSync(path.join(dist, name), "utf8")).join("\n"),
  };
}

test.describe("the first screen's bundle (the build's dist/)", () => {
  test("keeps scripts and stylesheets within their budgets of bytes and files", () => {
    const { files, sizes } = firstScreen();
    expect(files.appStart, "the app chunk the entry imports").toHaveLength(1);
    for (const kind of ["js", "css"] as const) {
      for (const measure of ["raw", "gzip", "files"] as const) {
        const figure = measure === "files" ? `${sizes[kind].files}` : `${(sizes[kind][measure] / KIB).toFixed(1)} KiB`;
        expect.soft(sizes[kind][measure], `${kind} ${measure}: ${figure}`).toBeLessThanOrEqual(BUDGETS[kind][measure]);
      }
    }
  });

  test("has the spinner's rules, PatternFly's base, the fonts and ours before the components, as the app's start imports them", () => {
    const { css } = firstScreen();
    const at = (text: string) => css.indexOf(text);
    const order = [
      ".kc-loading__spinner",
      "--pf-t--global--font--family--body:",
      "Red Hat Text Variable",
      ".app-skeleton-bar",
      ".pf-v6-c-button{",
    ];
    for (const text of order) expect(at(text), text).toBeGreaterThanOrEqual(0);
    expect(order.map(at)).toEqual([...order.map(at)].sort((a, b) => a - b));
  });

  test("defines every stable design token a derived theme may set (docs/customizing.md), after the purge", () => {
    const { css } = firstScreen();
    for (const token of STABLE_TOKENS) expect(css, token).toContain(`${token}:`);
  });

  test("holds the landing page in the shell: no chunk of its own, so no script or stylesheet more", () => {
    const manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8"));
    expect(manifest[LANDING_PAGE]).toBeUndefined();
  });
});
