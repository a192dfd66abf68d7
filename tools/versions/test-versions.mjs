// @ts-check
// `npm run test:versions [version ...]`: the core browser tests (titles tagged @core) on each supported Keycloak
// version (scripts/lib/keycloak-config.mjs), one server at a time on its own instance and ports. One line per
// version, and a table of them in test-results/versions/summary.md (written after each version, so a stopped run keeps
// what it found). The results stay there, beside the run's reports: the README lists the versions, not results.
//   VERSIONS_KC_PORT / VERSIONS_KC_MANAGEMENT_PORT   ports of the servers (default 8191 / 9191)
//   VERSIONS_KC_INSTANCE                             instance folder in the cache (default "versions")
//   VERSIONS_GREP                                    the tests to run (default "@core"; "." for the whole suite)
//   VERSIONS_OUTPUT                                  Playwright's output folder (default test-results/versions)
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SUPPORTED_KEYCLOAK_VERSIONS } from "../../scripts/lib/keycloak-config.mjs";
import { buildJarIfStale } from "../../scripts/lib/e2e-server.mjs";
import { renderVersionsTable } from "./versions-table.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const env = process.env;
const versions = process.argv.slice(2).length > 0 ? process.argv.slice(2) : SUPPORTED_KEYCLOAK_VERSIONS;
const grep = env.VERSIONS_GREP || "@core";
const output = env.VERSIONS_OUTPUT || path.join("test-results", "versions");
const summary = path.join(root, output, "summary.md");

/**
 * A run that counted no test, and why. @param {string} error @param {number} minutes
 */
function noTests(error, minutes) {
  return { passed: 0, failed: 0, skipped: 0, flaky: 0, minutes, error };
}

/**
 * One Playwright run on one version: its global setup starts that Keycloak and stops it at the end.
 * @param {string} version
 * @returns {Promise<{ passed: number, failed: number, skipped: number, flaky: number, minutes: number, error?: string }>}
 */
function runVersion(version) {
  const report = path.join(root, output, `${version}.json`);
  const log = path.join(root, output, `${version}.log`);
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.rmSync(report, { force: true });
  const started = Date.now();
  return new Promise((resolve) => {
    const logStream = fs.createWriteStream(log);
    const child = spawn(
      "npx",
      [
        "--no-install",
        "playwright",
        "test",
        "--grep",
        grep,
        "--reporter=list,json",
        "--output",
        path.join(output, version),
      ],
      {
        cwd: root,
        env: {
          ...env,
          FORCE_COLOR: "0",
          KC_VERSION: version,
          E2E_KC_PORT: env.VERSIONS_KC_PORT || "8191",
          E2E_KC_MANAGEMENT_PORT: env.VERSIONS_KC_MANAGEMENT_PORT || "9191",
          E2E_KC_INSTANCE: env.VERSIONS_KC_INSTANCE || "versions",
          E2E_KEYCLOAK_URL: "",
          // The tests that start a server of their own (extension options): `npm test` leaves them to this matrix.
          E2E_OWN_SERVERS: "1",
          PLAYWRIGHT_JSON_OUTPUT_FILE: report,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child.stdout.pipe(logStream, { end: false });
    child.stderr.pipe(logStream, { end: false });
    child.on("close", () => {
      logStream.end();
      const minutes = (Date.now() - started) / 60000;
      try {
        const { stats, errors } = JSON.parse(fs.readFileSync(report, "utf8"));
        // A set-up that failed (the server did not start) runs no test: that is a failure, not "0 failed".
        if (errors?.length > 0 || stats.expected + stats.unexpected + stats.flaky === 0) {
          const reason = String(errors?.[0]?.message ?? "no test ran").split("\n")[0];
          resolve(noTests(`${reason}; see ${path.relative(root, log)}`, minutes));
          return;
        }
        resolve({
          passed: stats.expected,
          failed: stats.unexpected,
          skipped: stats.skipped,
          flaky: stats.flaky,
          minutes,
        });
      } catch {
        resolve(noTests(`no report; see ${path.relative(root, log)}`, minutes));
      }
    });
  });
}

/** @param {Awaited<ReturnType<typeof runVersion>>} result */
function describe(result) {
  if (result.error) return `did not run (${result.error})`;
  const extra = [result.flaky ? `${result.flaky} flaky` : "", result.skipped ? `${result.skipped} skipped` : ""];
  return [`${result.passed} passed, ${result.failed} failed`, ...extra.filter(Boolean)].join(", ");
}

buildJarIfStale();
const label = grep === "@core" ? "core" : `tests matching ${grep}`;
/** @type {Map<string, import("./versions-table.mjs").VersionRow>} */
const table = new Map();
/** @param {string[]} args */
const git = (...args) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
// The commit tested, with a mark when the work tree had changes beside it.
const commit = `${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain", "--untracked-files=no") ? "+" : ""}`;
let failed = false;
const sum = { passed: 0, failed: 0 };
for (const version of versions) {
  const result = await runVersion(version);
  failed ||= Boolean(result.error) || result.failed > 0;
  sum.passed += result.passed;
  sum.failed += result.failed + (result.error ? 1 : 0);
  const text = describe(result);
  console.log(`${version.padEnd(8)} ${label} ${text}  ${result.minutes.toFixed(1)} min`);
  table.set(version, { commit, result: `${label}: ${text}` });
  fs.writeFileSync(summary, `${renderVersionsTable(table)}\n`);
}
console.log(`The table: ${path.relative(root, summary)}`);
// The closing line sums the versions up, as npm test's does (a version that did not run counts as one failure).
console.log(`${sum.passed} passed, ${sum.failed} failed`);
process.exitCode = failed ? 1 : 0;
