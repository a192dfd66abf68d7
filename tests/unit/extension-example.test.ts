// The example extension theme's stock-style page: the module the theme ships is what compile.mjs makes of its JSX
// source, so the two cannot drift apart; and it is written as for the stock console (React by name, no props).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compilePackingList, PACKING_LIST_MODULE } from "../../examples/extension-theme/compile.mjs";

describe("the example's stock-style page", () => {
  it("ships the compile of its source (run node examples/extension-theme/compile.mjs after editing the source)", async () => {
    expect(readFileSync(PACKING_LIST_MODULE, "utf8")).toBe(await compilePackingList());
  });

  it("imports react and react/jsx-runtime by name and exports a component as default", () => {
    const module = readFileSync(PACKING_LIST_MODULE, "utf8");
    expect(module).toMatch(/^import \{[^}]*\buseState\b[^}]*\} from "react";$/m);
    expect(module).toMatch(/^import \{ jsx as _jsx, jsxs as _jsxs \} from "react\/jsx-runtime";$/m);
    expect(module).toMatch(/^export default function PackingList\(\) \{$/m);
  });
});
