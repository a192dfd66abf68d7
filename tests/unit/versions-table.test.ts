import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORTED_KEYCLOAK_VERSIONS } from "../../scripts/lib/keycloak-config.mjs";
import { renderVersionsTable } from "../../tools/versions/versions-table.mjs";

const readme = readFileSync(path.resolve(import.meta.dirname, "..", "..", "README.md"), "utf8");

describe("the Keycloak versions", () => {
  it("README names every version the matrix runs, oldest first", () => {
    const line = /The versions, each at the patch[\s\S]*?: ([\d., and]+)\./.exec(readme)?.[1] ?? "";
    expect(line.split(/, | and /)).toEqual(SUPPORTED_KEYCLOAK_VERSIONS);
  });

  it("the run's table has every supported version, newest first, and says which were not run", () => {
    const rows = new Map([["26.0.8", { commit: "abc1234", result: "core: 40 passed, 0 failed" }]]);
    const lines = renderVersionsTable(rows).split("\n").slice(2);
    expect(lines.map((row) => row.split("|")[1]?.trim())).toEqual([...SUPPORTED_KEYCLOAK_VERSIONS].reverse());
    expect(lines.at(-1)).toBe("| 26.0.8 | abc1234 | core: 40 passed, 0 failed |");
    expect(lines[0]).toBe("| 26.7.4 | - | not run |");
  });
});
