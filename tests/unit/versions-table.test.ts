import { describe, expect, it } from "vitest";
import { SUPPORTED_KEYCLOAK_VERSIONS } from "../../scripts/lib/keycloak-config.mjs";
import {
  TABLE_END,
  TABLE_START,
  readVersionsTable,
  renderVersionsTable,
  replaceVersionsTable,
} from "../../scripts/lib/versions-table.mjs";

const readme = (table: string) =>
  `# Title\n\n## Keycloak versions\n\n${TABLE_START}\n${table}\n${TABLE_END}\n\n## Next\n`;

describe("the README's versions table", () => {
  it("lists every supported version, newest first, untested ones said so", () => {
    const table = renderVersionsTable(
      new Map([["26.4.7", { date: "2026-11-24", result: "core: 33 passed, 0 failed" }]]),
    );
    const lines = table.split("\n");
    expect(lines).toHaveLength(2 + SUPPORTED_KEYCLOAK_VERSIONS.length);
    expect(lines[2]).toBe("| 26.7.4 | - | not tested yet |");
    expect(lines).toContain("| 26.4.7 | 2026-11-24 | core: 33 passed, 0 failed |");
    expect(lines.at(-1)).toBe("| 26.0.8 | - | not tested yet |");
  });

  it("reads back what it wrote, and keeps a version's row when another one is run", () => {
    const first = renderVersionsTable(
      new Map([["26.0.8", { date: "2026-11-23", result: "core: 1 passed, 2 failed" }]]),
    );
    const rows = readVersionsTable(readme(first));
    expect(rows.get("26.0.8")).toEqual({ date: "2026-11-23", result: "core: 1 passed, 2 failed" });
    expect(rows.get("26.7.4")).toEqual({ date: "-", result: "not tested yet" });
    rows.set("26.7.4", { date: "2026-11-24", result: "core: 33 passed, 0 failed" });
    const updated = replaceVersionsTable(readme(first), renderVersionsTable(rows));
    expect(updated).toContain("| 26.0.8 | 2026-11-23 | core: 1 passed, 2 failed |");
    expect(updated).toContain("| 26.7.4 | 2026-11-24 | core: 33 passed, 0 failed |");
    expect(updated.startsWith("# Title\n\n## Keycloak versions\n\n")).toBe(true);
    expect(updated.endsWith(`${TABLE_END}\n\n## Next\n`)).toBe(true);
  });

  it("refuses a README without the markers instead of guessing where the table goes", () => {
    expect(readVersionsTable("# Title\n").size).toBe(0);
    expect(() => replaceVersionsTable("# Title\n", "| x |")).toThrow(/no versions table/);
  });
});
