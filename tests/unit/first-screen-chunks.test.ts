import { describe, expect, it } from "vitest";
import { firstScreenModules } from "../../scripts/lib/first-screen-chunks.mjs";

type Chunk = {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
};

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false): Chunk => ({
  type: "chunk",
  fileName,
  isEntry,
  facadeModuleId: moduleIds[0] ?? null,
  imports,
  moduleIds,
});

// main -> a -> b; page (landing) -> c, main; other page -> d; a stylesheet asset in between.
const output = [
  chunk("main.js", ["/src/main.tsx", "/src/app/App.tsx"], ["a.js"], true),
  chunk("a.js", ["/nm/pf/Page.js"], ["b.js"]),
  chunk("b.js", ["/nm/pf/helpers.js"]),
  chunk("Landing.js", ["/src/pages/Landing.tsx"], ["c.js", "main.js"]),
  chunk("c.js", ["/nm/pf/Label.js"], ["b.js"]),
  chunk("Other.js", ["/src/pages/Other.tsx"], ["d.js", "main.js"]),
  chunk("d.js", ["/nm/pf/Table.js"]),
  { type: "asset" as const },
];

describe("first-screen modules", () => {
  it("are the modules of the chunks the landing page imports, not its own, other pages' nor the entry's", () => {
    const modules = firstScreenModules(output, (id) => id.endsWith("/Landing.tsx"));
    expect([...modules].sort()).toEqual(["/nm/pf/Label.js"]);
  });

  it("never hold what the entry loads itself, which runs before the shell has downloaded", () => {
    // helpers.js: the entry (through a.js) and the landing page (through c.js) share it; it stays with the entry.
    expect([...firstScreenModules(output, () => false)]).toEqual([]);
    expect(firstScreenModules(output, (id) => id.endsWith("/Landing.tsx")).has("/nm/pf/helpers.js")).toBe(false);
  });

  it("take in what the app chunk shares with the landing page, but not the app module itself", () => {
    // main -> (dynamic) app; the landing page imports the app chunk, where the first pass put a shared module.
    const shared = [
      chunk("main.js", ["/src/main.tsx"], [], true),
      chunk("app.js", ["/src/app/start.tsx", "/nm/pf/page-styles.js"], ["a.js"]),
      chunk("a.js", ["/nm/pf/Page.js"]),
      chunk("Landing.js", ["/src/pages/Landing.tsx"], ["a.js", "app.js"]),
      chunk("Other.js", ["/src/pages/Other.tsx"], ["app.js"]),
    ];
    const modules = firstScreenModules(shared, (id) => id.endsWith("/start.tsx") || id.endsWith("/Landing.tsx"));
    expect([...modules].sort()).toEqual(["/nm/pf/Page.js", "/nm/pf/page-styles.js"]);
  });

  it("take in the whole chunk of a root that joins the shell (the app's start), and nothing of the entry's", () => {
    const split = [
      chunk("main.js", ["/src/main.tsx", "/src/lib/paths.ts"], [], true),
      chunk("start.js", ["/src/app/start.tsx", "/src/app/App.tsx", "/src/lib/paths.ts"], ["a.js"]),
      chunk("a.js", ["/nm/pf/Page.js"]),
      chunk("Landing.js", ["/src/pages/Landing.tsx"], ["a.js"]),
    ];
    const isRoot = (id: string) => id.endsWith("/start.tsx") || id.endsWith("/Landing.tsx");
    const modules = firstScreenModules(split, isRoot, (id) => id.endsWith("/start.tsx"));
    expect([...modules].sort()).toEqual(["/nm/pf/Page.js", "/src/app/App.tsx", "/src/app/start.tsx"]);
  });

  it("refuses output without exactly one entry, or with an import it did not write", () => {
    expect(() => firstScreenModules([chunk("x.js", ["/x"])], () => false)).toThrow(/one entry/);
    expect(() => firstScreenModules([chunk("m.js", ["/m"], ["gone.js"], true)], () => false)).toThrow(/gone\.js/);
  });
});
