// The first screen's bundle may not grow past these budgets (performance issue): the entry script, the app chunk it
// imports at once (src/app/start.tsx, in the shell chunk) and the landing page (personal info) with every chunk they import statically,
// and their stylesheets: raw and gzip bytes, and the number of files (each a request; all linked from the page). Set from the build after that work, with ~5% headroom; `npm run bench` prints
// the figures of a real load. The build runs here, into a temporary folder.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppStart } from "../../scripts/lib/entry-links.mjs";

const KIB = 1024;
export const BUDGETS = {
  js: { raw: 680 * KIB, gzip: 217 * KIB, files: 4 },
  css: { raw: 530 * KIB, gzip: 52 * KIB, files: 3 },
};
const LANDING_PAGE = "src/pages/personal-info/PersonalInfo.tsx";

type ManifestChunk = {
  isEntry?: boolean;
  name?: string;
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

/** The files of a manifest chunk and of every chunk it imports statically, scripts and stylesheets apart. */
function closure(manifest: Record<string, ManifestChunk>, keys: string[]): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const files = { js: [] as string[], css: [] as string[] };
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no ${key}.`);
    files.js.push(chunk.file);
    for (const css of chunk.css ?? []) if (!files.css.includes(css)) files.css.push(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

const root = path.resolve(import.meta.dirname, "..", "..");
let outDir: string;
let sizes: Record<"js" | "css", { raw: number; gzip: number; files: number }>;

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
  const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const app = (manifest[entry]!.dynamicImports ?? []).filter((key) => isAppStart(key, manifest[key]));
  expect(app, "the app chunk the entry imports").toHaveLength(1);
  const files = closure(manifest, [entry, ...app, LANDING_PAGE]);
  const measure = (names: string[]) =>
    names
      .map((name) => readFileSync(path.join(outDir, name)))
      .reduce(
        (total, content) => ({
          raw: total.raw + content.length,
          gzip: total.gzip + gzipSync(content).length,
          files: total.files + 1,
        }),
        { raw: 0, gzip: 0, files: 0 },
      );
  sizes = { js: measure(files.js), css: measure(files.css) };
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
