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
  it("are the modules of the chunks the entry and the landing page import, not their own nor other pages'", () => {
    const modules = firstScreenModules(output, (id) => id.endsWith("/Landing.tsx"));
    expect([...modules].sort()).toEqual(["/nm/pf/Label.js", "/nm/pf/Page.js", "/nm/pf/helpers.js"]);
  });

  it("without a landing page, only what the entry imports", () => {
    expect([...firstScreenModules(output, () => false)].sort()).toEqual(["/nm/pf/Page.js", "/nm/pf/helpers.js"]);
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

  it("refuses output without exactly one entry, or with an import it did not write", () => {
    expect(() => firstScreenModules([chunk("x.js", ["/x"])], () => false)).toThrow(/one entry/);
    expect(() => firstScreenModules([chunk("m.js", ["/m"], ["gone.js"], true)], () => false)).toThrow(/gone\.js/);
  });
});
