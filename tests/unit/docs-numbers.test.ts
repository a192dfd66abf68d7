// Line counts the docs give for files of this repository drift when the files change. This test recomputes them:
// "`path/to/file.ts` (52 lines)" anywhere, and every row of a table with a "lines" column, whose first cell names a
// file in the folder named (as a code span ending in "/") last before the table.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "..");
const docs = [
  "README.md",
  ...readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** `wc -l`: the number of newline characters. */
const lineCount = (file: string) => (readFileSync(path.join(root, file), "utf8").match(/\n/g) ?? []).length;

/** Every line count a doc states, as [the file it names, the number it gives]. */
export function statedLineCounts(text: string): [file: string, lines: number][] {
  const stated: [string, number][] = [];
  for (const match of text.matchAll(/`([\w./-]+\.\w+)` \((\d+) lines\)/g)) stated.push([match[1]!, Number(match[2])]);
  let folder: string | undefined;
  let column = -1;
  for (const line of text.split("\n")) {
    if (!line.startsWith("|")) {
      column = -1;
      for (const named of line.matchAll(/`([\w./-]+\/)`/g)) folder = named[1];
      continue;
    }
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (column < 0) {
      column = cells.indexOf("lines");
      continue;
    }
    const name = /^`([\w.-]+\.\w+)`$/.exec(cells[0] ?? "")?.[1];
    const lines = Number(cells[column]);
    if (name && folder && Number.isInteger(lines) && cells[column] !== "") stated.push([folder + name, lines]);
  }
  return stated;
}

describe("line counts in the docs", () => {
  it("reads counts in prose and in a table under the folder named before it", () => {
    const text =
      "Files in `src/a/`:\n\n| file | lines |\n| --- | --- |\n| `b.ts` | 3 |\n| wouter | — |\n\n`x/y.ts` (7 lines)";
    expect(statedLineCounts(text)).toEqual([
      ["x/y.ts", 7],
      ["src/a/b.ts", 3],
    ]);
  });

  for (const doc of docs) {
    const stated = statedLineCounts(readFileSync(path.join(root, doc), "utf8"));
    if (stated.length === 0) continue;
    it(`match the files in ${doc}`, () => {
      expect(stated.map(([file]) => [file, lineCount(file)])).toEqual(stated);
    });
  }
});
