// @ts-check
// The README's table of supported Keycloak versions, written by `npm run test:versions`: pure functions, unit-tested.
import { SUPPORTED_KEYCLOAK_VERSIONS, compareVersions } from "../../scripts/lib/keycloak-config.mjs";

export const TABLE_START = "<!-- versions-table:start (npm run test:versions writes this table) -->";
export const TABLE_END = "<!-- versions-table:end -->";
const HEADER = ["| Keycloak | Last tested at commit | Result |", "| --- | --- | --- |"];

/** @typedef {{ commit: string, result: string }} VersionRow */

/**
 * The rows of the table in a README (empty when it has none yet).
 * @param {string} readme
 * @returns {Map<string, VersionRow>}
 */
export function readVersionsTable(readme) {
  /** @type {Map<string, VersionRow>} */
  const rows = new Map();
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) return rows;
  for (const line of readme.slice(start, end).split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const version = cells[1] ?? "";
    if (!/^\d+\.\d+\.\d+$/.test(version)) continue;
    rows.set(version, { commit: cells[2] ?? "", result: cells[3] ?? "" });
  }
  return rows;
}

/**
 * The table: every supported version, newest first, with its last run (or "not tested yet").
 * @param {Map<string, VersionRow>} rows
 */
export function renderVersionsTable(rows) {
  const versions = [...SUPPORTED_KEYCLOAK_VERSIONS].sort((a, b) => compareVersions(b, a));
  const lines = versions.map((version) => {
    const row = rows.get(version);
    return `| ${version} | ${row?.commit || "-"} | ${row?.result || "not tested yet"} |`;
  });
  return [...HEADER, ...lines].join("\n");
}

/**
 * The README with its table replaced. The markers must be there: the script never guesses where a table goes.
 * @param {string} readme @param {string} table
 */
export function replaceVersionsTable(readme, table) {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) {
    throw new Error(`README.md has no versions table: put ${TABLE_START} and ${TABLE_END} where it belongs.`);
  }
  return `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}
