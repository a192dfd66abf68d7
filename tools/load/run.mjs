// @ts-check
// `npm run load -- <Keycloak URL>`: Artillery against a Keycloak with the console's jar (a cluster's load balancer
// or one node), local addresses only; docs/production.md, "Load". Creates the realm `load` and its users, runs
// api.yml (sign-ins from Node, then profile rounds) and browser.yml (sign-ins in Chromium), prints the figures and
// deletes the realm. Artillery lives in tools/package.json, installed there on first use (npm ci), so the console's
// own `npm ci` never downloads it.
//
//   LOAD_USERS=50 LOAD_ROUNDS=5 LOAD_ARRIVAL_SECONDS=20 LOAD_BROWSER_USERS=50 LOAD_BROWSER_AT_ONCE=5
//   LOAD_KEEP=1 keeps the realm and its users at the end and uses them again next time (users signing in again from
//   devices they have used before). Reports: test-results/load/.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createUser, replaceRealm, SignedInAdmin } from "../../scripts/lib/keycloak-admin.mjs";
import { THEME_NAME } from "../../scripts/lib/keycloak-config.mjs";
import { REALM, loadUser, savedLastName } from "./users.mjs";

const here = import.meta.dirname;
const root = path.resolve(here, "..", "..");
const count = (/** @type {string} */ name, /** @type {number} */ fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (Number.isInteger(value) && value >= 0) return value;
  console.error(`${name} must be a whole number, not '${process.env[name]}'.`);
  process.exit(1);
};
const USERS = count("LOAD_USERS", 50);
const ROUNDS = count("LOAD_ROUNDS", 5);
const ARRIVAL_SECONDS = Math.max(1, count("LOAD_ARRIVAL_SECONDS", 20));
const BROWSER_USERS = Math.min(USERS, count("LOAD_BROWSER_USERS", 50));
const BROWSER_AT_ONCE = Math.max(1, count("LOAD_BROWSER_AT_ONCE", 5));
const KEEP = process.env.LOAD_KEEP === "1";

const baseUrl = (process.argv[2] ?? process.env.LOAD_KEYCLOAK_URL ?? "").replace(/\/$/, "");
if (!baseUrl) {
  console.error("Name the Keycloak to load: npm run load -- http://localhost:8780 (a load balancer or one node).");
  process.exit(1);
}
if (!["localhost", "127.0.0.1", "[::1]"].includes(new URL(baseUrl).hostname)) {
  console.error(`Refusing ${baseUrl}: the load test only runs against local addresses.`);
  process.exit(1);
}

/** Artillery, from tools/package-lock.json, installed on first use. */
function artillery() {
  const tools = path.resolve(here, "..");
  const bin = path.join(tools, "node_modules", ".bin", "artillery");
  if (!existsSync(bin)) {
    console.log("load: installing Artillery into tools/node_modules (once) ...");
    const install = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], {
      cwd: tools,
      stdio: "inherit",
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
    });
    if (install.status !== 0) throw new Error("npm ci in tools/ failed.");
  }
  return bin;
}

/**
 * One Artillery run; returns its report's aggregate.
 * @param {string} script @param {Record<string, unknown>} config @param {string} report
 * @returns {{ counters: Record<string, number>, summaries: Record<string, { count: number, p50: number, p95: number }>, firstMetricAt: number, lastMetricAt: number }}
 */
function run(script, config, report) {
  const result = spawnSync(
    artillery(),
    [
      "run",
      path.join(here, script),
      "--target",
      baseUrl,
      "--output",
      report,
      "--overrides",
      JSON.stringify({ config }),
    ],
    // One worker: the virtual users share the count that hands each one the next load user (tools/load/processor.mjs).
    { stdio: "inherit", env: { ...process.env, WORKERS: "1", ARTILLERY_DISABLE_TELEMETRY: "true" } },
  );
  if (result.status !== 0 && !existsSync(report))
    throw new Error(`artillery run ${script} failed (exit ${result.status}).`);
  return JSON.parse(readFileSync(report, "utf8")).aggregate;
}

/**
 * The Admin API once more after a dropped connection: the balancer may close one that sat idle through a part.
 * @template T @param {() => Promise<T>} call
 */
const onceMore = (call) => call().catch(() => call());

const ms = (/** @type {number | undefined} */ value) => (value === undefined ? "-" : `${Math.round(value)} ms`);
/** @param {Record<string, number>} counters */
const errorsIn = (counters) =>
  Object.entries(counters).filter(([name]) => name.startsWith("errors.") || name === "load.crossed");

async function main() {
  console.log(`load: ${USERS} users x ${ROUNDS} rounds, ${BROWSER_USERS} in the browser, against ${baseUrl}`);
  const admin = new SignedInAdmin(baseUrl);
  const existing = KEEP && (await fetch(`${baseUrl}/realms/${REALM}`)).ok;
  if (!existing) {
    await replaceRealm(admin, {
      realm: REALM,
      enabled: true,
      accountTheme: THEME_NAME,
      // The run must not outlive its tokens; the console's sign-in alerts listen to every sign-in.
      accessTokenLifespan: 900,
      eventsListeners: ["jboss-logging", "account-console-sign-in-alerts"],
    });
    for (let start = 0; start < USERS; start += 5) {
      const batch = [];
      for (let index = start; index < Math.min(USERS, start + 5); index++)
        batch.push(createUser(admin, REALM, loadUser(index)));
      await Promise.all(batch);
    }
  }
  const results = path.join(root, "test-results", "load");
  mkdirSync(results, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");

  // The ramp-up: a tenth of the users (at least one) over the first 10 s, then the rest.
  const first = Math.max(1, Math.round(USERS / 10));
  const phases = [
    { name: "ramp-up", duration: 10, arrivalCount: first },
    ...(USERS > first ? [{ name: "everyone", duration: ARRIVAL_SECONDS, arrivalCount: USERS - first }] : []),
  ];
  const api = run("api.yml", { phases, variables: { rounds: ROUNDS } }, path.join(results, `api-${stamp}.json`));
  const c = api.counters;
  const s = api.summaries;
  const seconds = (api.lastMetricAt - api.firstMetricAt) / 1000;
  const endpoint = (/** @type {string} */ name) => s[`plugins.metrics-by-endpoint.response_time.${name}`];
  const calls = ["load", "save", "read back"].reduce((sum, name) => sum + (endpoint(name)?.count ?? 0), 0);

  let storedWrong = 0;
  let neverSaved = 0;
  if (ROUNDS > 0) {
    for (let index = 0; index < USERS; index++) {
      const { username } = loadUser(index);
      const [stored] = await onceMore(() => admin.users.find({ realm: REALM, username, exact: true }));
      // A user whose sign-in failed never saved (counted above); any other value than the last one saved is wrong.
      if (stored?.lastName === loadUser(index).lastName) neverSaved++;
      else if (stored?.lastName !== savedLastName(username, ROUNDS - 1)) storedWrong++;
    }
  }

  const signIn = s["load.sign_in"];
  console.log(
    `load: sign-in through the login page: ${c["load.sign_ins"] ?? 0}/${USERS} ok, ` +
      `p50 ${ms(signIn?.p50)}, p95 ${ms(signIn?.p95)}; part 1 took ${seconds.toFixed(1)} s`,
  );
  console.log(`load: API calls: ${calls}, ${(calls / seconds).toFixed(1)} calls/s over part 1`);
  for (const name of ["load", "save", "read back"]) {
    const figures = endpoint(name);
    console.log(`load:   ${name}: n ${figures?.count ?? 0}, p50 ${ms(figures?.p50)}, p95 ${ms(figures?.p95)}`);
  }
  const byNode = Object.fromEntries(
    Object.entries(c)
      .filter(([name]) => name.startsWith("load.api_calls_by."))
      .map(([name, value]) => [name.slice("load.api_calls_by.".length), value]),
  );
  console.log(`load: API calls per node: ${JSON.stringify(byNode)}`);
  console.log(`load: errors and crossed answers: ${JSON.stringify(Object.fromEntries(errorsIn(c)))}`);
  console.log(`load: stored values wrong: ${storedWrong} users (${neverSaved} never saved)`);
  let failed = errorsIn(c).length + storedWrong + (USERS - (c["load.sign_ins"] ?? 0));

  if (BROWSER_USERS > 0) {
    const browser = run(
      "browser.yml",
      {
        phases: [{ name: "ramp-up", duration: 4 * (BROWSER_AT_ONCE - 1) || 1, arrivalCount: BROWSER_AT_ONCE }],
        variables: { browserUsers: BROWSER_USERS },
        ...(process.env.CHROMIUM_PATH
          ? { engines: { playwright: { launchOptions: { executablePath: process.env.CHROMIUM_PATH } } } }
          : {}),
      },
      path.join(results, `browser-${stamp}.json`),
    );
    const b = browser.counters;
    const step = browser.summaries["browser.step.sign_in"];
    const wall = (browser.lastMetricAt - browser.firstMetricAt) / 1000;
    console.log(
      `load: browser sign-ins (${BROWSER_AT_ONCE} at once, arriving 4 s apart): ${b["load.browser_sign_ins"] ?? 0}/` +
        `${BROWSER_USERS} ok in ${wall.toFixed(1)} s, to the console showing the user: p50 ${ms(step?.p50)}, ` +
        `p95 ${ms(step?.p95)}; errors and crossed: ${JSON.stringify(Object.fromEntries(errorsIn(b)))}`,
    );
    failed += errorsIn(b).length + (BROWSER_USERS - (b["load.browser_sign_ins"] ?? 0));
  }
  console.log(`load: Artillery's reports in ${path.relative(root, results)}/ (*-${stamp}.json)`);
  if (!KEEP) await onceMore(() => admin.realms.del({ realm: REALM }));
  process.exit(failed ? 1 : 0);
}

await main();
