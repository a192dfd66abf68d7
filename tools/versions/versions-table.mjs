// @ts-check
// The table `npm run test:versions` writes after each version (test-results/versions/summary.md): what this run
// found, version by version; a version not run yet in it says so. Pure functions, unit-tested.
import { SUPPORTED_KEYCLOAK_VERSIONS, compareVersions } from "../../scripts/lib/keycloak-config.mjs";

const HEADER = ["| Keycloak | Commit | Result |", "| --- | --- | --- |"];

/** @typedef {{ commit: string, result: string }} VersionRow */

/**
 * The table: every supported version and every version run, newest first, with this run's result (or "not run").
 * @param {Map<string, VersionRow>} rows
 */
export function renderVersionsTable(rows) {
  const versions = [...new Set([...SUPPORTED_KEYCLOAK_VERSIONS, ...rows.keys()])].sort((a, b) => compareVersions(b, a));
  const lines = versions.map((version) => {
    const row = rows.get(version);
    return `| ${version} | ${row?.commit || "-"} | ${row?.result || "not run"} |`;
  });
  return [...HEADER, ...lines].join("\n");
}
