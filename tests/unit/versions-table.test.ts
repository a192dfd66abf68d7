import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORTED_KEYCLOAK_VERSIONS } from "../../scripts/lib/keycloak-config.mjs";

const readme = readFileSync(path.resolve(import.meta.dirname, "..", "..", "README.md"), "utf8");

describe("the README's versions table", () => {
  it("has one row per supported Keycloak version, newest first", () => {
    const table = /<!-- versions-table:start[^>]*-->\n([\s\S]*?)\n<!-- versions-table:end -->/.exec(readme)?.[1];
    expect(table, "README.md has no versions table").toBeDefined();
    const versions = (table ?? "")
      .split("\n")
      .slice(2)
      .map((row) => row.split("|")[1]?.trim());
    expect(versions).toEqual([...SUPPORTED_KEYCLOAK_VERSIONS].reverse());
  });
});
