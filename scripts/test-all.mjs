// @ts-check
// `npm test`: type-check, lint, format, unit/component tests (vitest), the server extension's JUnit tests (Maven,
// extension/), browser tests against a real Keycloak (Playwright's runner, playwright.config.ts).
// Each runner ends with one line; the last line sums them up.
import { spawn } from "node:child_process";
import path from "node:path";
import { jarIsStale, startE2eKeycloak } from "./lib/e2e-server.mjs";

const root = path.resolve(import.meta.dirname, "..");

/** @type {{ name: string, command?: string, args: string[], summary: (output: string) => { passed: number, failed: number, text: string, digest?: string[] }, together?: boolean }[]} */
const runners = [
  // The three checks are each one process on one core: they run side by side (`together`), their output printed
  // in this order once all three are done.
  { name: "type-check", args: ["tsc", "--noEmit", "-p", "tsconfig.json"], summary: checkSummary, together: true },
  { name: "lint", args: ["eslint", "--max-warnings=0", "."], summary: checkSummary, together: true },
  {
    name: "format",
    args: ["prettier", "--check", "src", "tests", "scripts", "tools"],
    summary: checkSummary,
    together: true,
  },
  { name: "unit", args: ["vitest", "run"], summary: vitestSummary },
  {
    name: "java",
    command: "mvn",
    // Its own output folder: the jar's build (below) may compile extension/ at the same time.
    args: [
      "-B",
      "--no-transfer-progress",
      "-Dstyle.color=never",
      `-Dextension.target=${path.join(root, "extension", "target", "junit")}`,
      "-f",
      "extension/pom.xml",
      "test",
    ],
    summary: surefireSummary,
  },
  { name: "e2e", args: ["playwright", "test"], summary: playwrightSummary },
];

/**
 * @param {string[]} args @param {{ quiet?: boolean, command?: string }} [options] quiet: output kept, not printed;
 * command: a program on the PATH instead of a tool of node_modules
 */
function run(args, { quiet = false, command } = {}) {
  return new Promise((resolve) => {
    const [program, programArgs] = command ? [command, args] : ["npx", ["--no-install", ...args]];
    /** @type {NodeJS.ProcessEnv} */
    const env = { ...process.env, FORCE_COLOR: "0" };
    // Maven: the quick JVM settings of the build (a short run; see scripts/build-theme.mjs).
    if (command === "mvn")
      env.MAVEN_OPTS = [env.MAVEN_OPTS, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"].filter(Boolean).join(" ");
    const child = spawn(program, programArgs, { cwd: root, env });
    let output = "";
    const collect = (/** @type {Buffer} */ chunk) => {
      const text = chunk.toString();
      output += text;
      if (!quiet) process.stdout.write(text.replace(/^npm warn Unknown (user|env) config.*\n/gm, ""));
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("error", (error) => resolve({ code: 127, output: `${program}: ${error.message}` }));
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** @param {string} _output @param {number} [code] */
function checkSummary(_output, code = 0) {
  return code === 0 ? { passed: 1, failed: 0, text: "passed" } : { passed: 0, failed: 1, text: "failed" };
}

/** @param {string} output */
function vitestSummary(output) {
  // eslint-disable-next-line no-control-regex -- ANSI colour codes, which vitest may print even when asked not to
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  const line = plain.split("\n").find((l) => /^\s*Tests\s/.test(l)) ?? "";
  const number = (/** @type {RegExp} */ re) => Number(re.exec(line)?.[1] ?? 0);
  const passed = number(/(\d+) passed/);
  const failed = number(/(\d+) failed/);
  const skipped = number(/(\d+) skipped/);
  return { passed, failed, text: `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}` };
}

/** @param {string} output */
function playwrightSummary(output) {
  // eslint-disable-next-line no-control-regex -- ANSI colour codes
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  // The list reporter closes with one line per outcome: "  3 failed", "  1 flaky", "  50 passed (4.2m)".
  const count = (/** @type {string} */ outcome) => {
    const lines = [...plain.matchAll(new RegExp(`^\\s*(\\d+) ${outcome}\\b`, "gm"))];
    return Number(lines.at(-1)?.[1] ?? 0);
  };
  const passed = count("passed");
  const failed = count("failed") + count("flaky") + count("interrupted");
  const skipped = count("skipped") + count("did not run");
  return {
    passed,
    failed,
    text: `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`,
    digest: playwrightFailures(plain),
  };
}

/**
 * Each failed browser test's title, its error with the call log, and the test's line, for the end of the output (a CI log is often
 * read from its tail). The list reporter writes "  1) [chromium] › file:line:col › title ──…" then the error.
 * @param {string} plain
 */
function playwrightFailures(plain) {
  const blocks = plain.split(/^\s{2}\d+\) /m).slice(1);
  return blocks.slice(0, 5).map((block) => {
    const lines = block.split("\n");
    const title = (lines[0] ?? "").replace(/\s*─+\s*$/, "");
    const body = lines.slice(1).filter((line) => /\S/.test(line) && !/\[pid=\d+\]/.test(line));
    // The message and the whole call log (what Playwright waited for, and why it retried), up to the code frame;
    // then where in the test it stopped.
    const frame = body.findIndex((line) => /^\s*>?\s*\d+ \|/.test(line) || /^\s*attachment #/.test(line));
    const message = body.slice(0, frame < 0 ? 30 : Math.min(frame, 30));
    const at = body.find((line) => /^\s*at \S+:\d+:\d+/.test(line));
    return [title, ...[...message, ...(at ? [at] : [])].map((line) => `    ${line.trim()}`)].join("\n");
  });
}

/** @param {string} output */
function surefireSummary(output) {
  // Maven's surefire plugin closes with the totals: "Tests run: 50, Failures: 0, Errors: 0, Skipped: 0".
  const totals = [
    ...output.matchAll(/^\[\w+\] Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)\s*$/gm),
  ].at(-1);
  const [run, failures, errors, skipped] = (totals ?? []).slice(1).map(Number);
  const failed = (failures ?? 0) + (errors ?? 0);
  const passed = (run ?? 0) - failed - (skipped ?? 0);
  return { passed, failed, text: `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}` };
}

// `node scripts/test-all.mjs e2e -- tests/e2e/shell.e2e.ts`: runner names, then arguments for those runners.
const dashes = process.argv.indexOf("--");
const only = process.argv.slice(2, dashes < 0 ? undefined : dashes);
const extra = dashes < 0 ? [] : process.argv.slice(dashes + 1);
const chosen = runners.filter((r) => only.length === 0 || only.includes(r.name));

/**
 * The browser tests' Keycloak, started while the checks and unit tests run (its start is a minute of mostly one
 * core): the jar built, then the server that Playwright's global setup would otherwise start when their turn comes,
 * in a container or as a local process (chooseE2eBackend, scripts/lib/e2e-server.mjs).
 * @type {Promise<import("./lib/keycloak-server.mjs").RunningKeycloak> | undefined}
 */
let headStart;
if (chosen.at(-1)?.name === "e2e" && chosen.length > 1 && !process.env.E2E_KEYCLOAK_URL) {
  headStart = (async () => {
    if (jarIsStale()) {
      const { code, output } = /** @type {{ code: number, output: string }} */ (
        await run(["node", "scripts/build-theme.mjs"], { quiet: true })
      );
      if (code !== 0) throw new Error(`Building the theme jar failed:\n${output}`);
    }
    return startE2eKeycloak();
  })();
  headStart.catch(() => {}); // reported when the browser tests' turn comes
  process.once("SIGINT", () => headStart?.then((server) => server.stop()).finally(() => process.exit(130)));
}

/** @type {{ name: string, passed: number, failed: number, text: string, seconds: string, ok: boolean, digest?: string[] }[]} */
const results = [];
/** Runs started ahead of their turn, each with how long it took itself. @type {Map<string, Promise<{ code: number, output: string, seconds: string }>>} */
const startedTogether = new Map();
for (const runner of chosen) {
  // The first runner of a `together` group starts the whole group; each one's turn then waits for its own.
  if (runner.together && !startedTogether.has(runner.name)) {
    for (const next of chosen.slice(chosen.indexOf(runner))) {
      if (!next.together) break;
      const begun = Date.now();
      startedTogether.set(
        next.name,
        run([...next.args, ...extra], { quiet: true, command: next.command }).then((result) => ({
          .../** @type {{ code: number, output: string }} */ (result),
          seconds: ((Date.now() - begun) / 1000).toFixed(1),
        })),
      );
    }
  }
  const started = Date.now();
  console.log(`\n=== ${runner.name} ===`);
  let server;
  if (runner.name === "e2e" && headStart) {
    try {
      server = await headStart;
      process.env.E2E_KEYCLOAK_URL = server.url;
      // Stopped right after the browser tests: they need not delete their realms (tests/e2e/support/test.ts).
      process.env.E2E_KEYCLOAK_DISPOSABLE = "1";
    } catch (error) {
      console.log(String(error instanceof Error ? error.message : error));
      results.push({
        name: runner.name,
        passed: 0,
        failed: 1,
        text: "Keycloak did not start",
        seconds: "0",
        ok: false,
      });
      continue;
    }
  }
  const together = await startedTogether.get(runner.name);
  const { code, output } = /** @type {{ code: number, output: string }} */ (
    together ?? (await run([...runner.args, ...extra], { command: runner.command }))
  );
  if (together) process.stdout.write(output.replace(/^npm warn Unknown (user|env) config.*\n/gm, ""));
  await server?.stop();
  let summary = runner.summary === checkSummary ? checkSummary(output, code) : runner.summary(output);
  if (code !== 0 && summary.failed === 0)
    summary = { passed: summary.passed, failed: 1, text: `${summary.text} (exit ${code})` };
  const seconds = together?.seconds ?? ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name: runner.name, ...summary, seconds, ok: code === 0 });
}

console.log("");
for (const result of results) {
  console.log(`${result.ok ? "PASS" : "FAIL"} ${result.name}: ${result.text} (${result.seconds} s)`);
}
for (const failure of results.flatMap((r) => r.digest ?? [])) console.log(`\n  ${failure}`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
