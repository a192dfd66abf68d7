// The docs name files of this repository; a file that moves or goes leaves them pointing nowhere. This test reads
// README.md, docs/*.md and the READMEs under examples/ and tools/ and fails, naming the doc and the path, when a
// repository path or a relative link does not exist, or when a doc points at material that is not in the repository.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "..");

/** The top-level folders whose paths the docs name. */
const ROOTS = ["src", "scripts", "tools", "tests", "docs", "examples", "public", "bench", ".ci"];

/** Pointers to material outside the repository: a doc states the fact itself instead. */
const OUTSIDE = [
  /stock-console\.md/i,
  /compat-contract\.md/i,
  /\.\.\/shared\b/,
  /\bthe spec\b/i,
  /\bissues? #\d+/i,
  /\(#\d+\)/,
  /\bthe [a-z-]+ issue\b/i,
];

const PATH = new RegExp(
  String.raw`(?<![\w./@~-])(?:${ROOTS.map((name) => name.replace(".", "\\.")).join("|")})/[^\s\x60'"()[\]<>{},;|…]*`,
  "g",
);
const LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const REFERENCE_LINK = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm;

/** Repository paths a text names: with a file extension, ending in `/`, or a whole `code span`; no placeholders. */
export function repositoryPaths(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(PATH)) {
    const start = match.index;
    const end = start + match[0].length;
    const next = text[end] ?? "";
    if (next !== "" && "<{…".includes(next)) continue; // src/pages/<screen>/: a placeholder, not a path
    let candidate = match[0].replace(/#.*$/, "").replace(/[.:]+$/, "");
    if (candidate.includes("...")) continue;
    const wholeCodeSpan = text[start - 1] === "`" && text[end] === "`";
    const isFolder = candidate.endsWith("/");
    const hasExtension = /\.[A-Za-z0-9]+$/.test(candidate.split("/").pop() ?? "");
    if (!isFolder && !hasExtension && !wholeCodeSpan) continue;
    candidate = candidate.replace(/\/+$/, "/");
    found.add(candidate);
  }
  return [...found];
}

/** Targets of relative markdown links (inline and reference style); not web addresses, not anchors on the page. */
export function relativeLinks(text: string): string[] {
  const found = new Set<string>();
  for (const match of [...text.matchAll(LINK), ...text.matchAll(REFERENCE_LINK)]) {
    const target = match[1];
    if (target === undefined) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#") || target.startsWith("//")) continue;
    const file = decodeURI(target.replace(/[#?].*$/, ""));
    if (file !== "") found.add(file);
  }
  return [...found];
}

/** What in a text points outside the repository. */
export function outsideReferences(text: string): string[] {
  return OUTSIDE.flatMap((pattern) => [...text.matchAll(new RegExp(pattern, pattern.flags + "g"))].map((m) => m[0]));
}

function globToRegExp(glob: string): RegExp {
  const source = glob
    .split(/(\*\*\/|\*)/)
    .map((part) => (part === "**/" ? "(?:.*/)?" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`);
}

/**
 * Build output a doc may name (the jar an example's build writes): git ignores it, so a fresh clone has none until
 * that build has run, and whether it has depends on the order the tests happen to run in.
 */
const BUILD_OUTPUT = /(^|\/)(dist|dist_keycloak|target|test-results|node_modules)\//;

/** Does a repository path (relative to the root, maybe a glob with `*`) name something that exists? */
export function exists(relative: string, base = root): boolean {
  if (BUILD_OUTPUT.test(relative)) return true;
  if (!relative.includes("*")) return existsSync(path.join(base, relative));
  const segments = relative.split("/");
  const fixed = segments
    .slice(
      0,
      segments.findIndex((segment) => segment.includes("*")),
    )
    .join("/");
  const directory = path.join(base, fixed);
  if (!existsSync(directory)) return false;
  const pattern = globToRegExp(relative.slice(fixed === "" ? 0 : fixed.length + 1).replace(/\/$/, ""));
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((file) => !file.split(path.sep).includes("node_modules"))
    .some((file) => pattern.test(file.split(path.sep).join("/")));
}

/** Everything wrong with one doc's text: paths and links that do not exist, pointers to outside material. */
export function problems(doc: string, text: string, base = root): string[] {
  const directory = path.dirname(path.join(base, doc));
  return [
    ...repositoryPaths(text)
      .filter((file) => !exists(file, base))
      .map((file) => `${doc}: ${file} does not exist`),
    ...relativeLinks(text)
      .filter((target) => !existsSync(path.resolve(directory, target)))
      .map((target) => `${doc}: link ${target} does not exist`),
    ...outsideReferences(text).map((reference) => `${doc}: "${reference}" points outside the repository`),
  ];
}

function readmesUnder(folder: string): string[] {
  if (!existsSync(path.join(root, folder))) return [];
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .map((file) => path.posix.join(folder, file.split(path.sep).join("/")))
    .filter((file) => path.posix.basename(file) === "README.md" && !file.includes("/node_modules/"));
}

const docs = [
  "README.md",
  ...readdirSync(path.join(root, "docs"))
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/${file}`),
  ...readmesUnder("examples"),
  ...readmesUnder("tools"),
].sort();

/** What the check finds in a doc of these lines. */
const exampleProblems = (...lines: string[]) => problems("docs/example.md", lines.join("\n"));

describe("docs name only what exists", () => {
  it.each(docs)("%s", (doc) => {
    expect(problems(doc, readFileSync(path.join(root, doc), "utf8"))).toEqual([]);
  });
});

describe("the docs check itself", () => {
  it("reads README.md, every doc and the READMEs of examples/ and tools/", () => {
    expect(docs).toContain("README.md");
    expect(docs).toContain("docs/packaging.md");
    expect(docs).toContain("examples/extension-theme/README.md");
    expect(docs).toContain("tools/README.md");
  });

  it("fails on a path, a glob and a link that do not exist, and on pointers outside the repository", () => {
    expect(
      exampleProblems(
        "Built by `scripts/build-theme.mjs` and `scripts/no-such-script.mjs`; see src/nowhere/, `.ci/run`, `.ci/missing`.",
        "Tests: `tests/e2e/*.e2e.ts`, `tests/e2e/*.nothing.ts`, [packaging](packaging.md), [gone](gone.md#top).",
        "As stock-console.md section 2 says, the spec's dialog (issue #17).",
      ),
    ).toEqual([
      "docs/example.md: scripts/no-such-script.mjs does not exist",
      "docs/example.md: src/nowhere/ does not exist",
      "docs/example.md: .ci/missing does not exist",
      "docs/example.md: tests/e2e/*.nothing.ts does not exist",
      "docs/example.md: link gone.md does not exist",
      'docs/example.md: "stock-console.md" points outside the repository',
      'docs/example.md: "the spec" points outside the repository',
      'docs/example.md: "issue #17" points outside the repository',
    ]);
  });

  it("leaves placeholders, web addresses and paths inside other paths alone", () => {
    expect(
      exampleProblems(
        "A folder `src/pages/<screen>/`, `src/**/*.test.tsx`, <https://example.org/src/x.ts>, `../../docs/testing.md`,",
        "[site](https://www.keycloak.org/docs/x.md), [here](#with-docker), `theme/x/account/resources/assets/`,",
        "the stock console's `src/` folder, a sentence that ends in docs/packaging.md.",
      ),
    ).toEqual([]);
  });
});
