// The first screen's bundle may not grow past these budgets (performance issue): the entry script with every chunk
// it imports statically, and their stylesheets, raw and gzip. Set from the build after that work, with ~5% headroom;
// `npm run bench` prints the current figures. The build runs here, into a temporary folder.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryLinks } from "../../scripts/lib/entry-links.mjs";

const KIB = 1024;
export const BUDGETS = {
  js: { raw: 620 * KIB, gzip: 195 * KIB },
  css: { raw: 575 * KIB, gzip: 55 * KIB },
};

const root = path.resolve(import.meta.dirname, "..", "..");
let outDir: string;
let sizes: Record<"js" | "css", { raw: number; gzip: number }>;

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
  const entry = Object.values(manifest as Record<string, { isEntry?: boolean; file: string; css?: string[] }>).find(
    (chunk) => chunk.isEntry,
  )!;
  const { modules, styles } = entryLinks(manifest);
  const measure = (files: string[]) =>
    files
      .map((file) => readFileSync(path.join(outDir, file)))
      .reduce((total, content) => ({ raw: total.raw + content.length, gzip: total.gzip + gzipSync(content).length }), {
        raw: 0,
        gzip: 0,
      });
  sizes = { js: measure([entry.file, ...modules]), css: measure([...(entry.css ?? []), ...styles]) };
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
  }
});
