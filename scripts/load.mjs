// @ts-check
// `npm run load`: 50 concurrent users against the cluster's load balancer (docs/production.md), printed as figures.
//
//   1. Each user signs in through Keycloak's real login page, from Node: the account console's own authorization
//      request (code + PKCE), the login form filled and posted, the code exchanged for the console's tokens.
//   2. With those tokens, each user drives the console's own API module (src/api/client.ts, methods.ts, bundled by
//      Vite for Node) through LOAD_ROUNDS rounds of: load the profile, save it changed, read it back. Every answer is
//      checked against what this user (and only this user) saved: a crossed answer is counted, never ignored.
//   3. LOAD_BROWSER_USERS of them sign in in headless Chromium, LOAD_BROWSER_BATCH browser contexts at a time, and
//      the console must show their own name.
//
//   LOAD_KEYCLOAK_URL     the load balancer (default: the running cluster's, npm run keycloak:cluster start)
//   LOAD_USERS=50 LOAD_ROUNDS=5 LOAD_BROWSER_USERS=50 LOAD_BROWSER_BATCH=5 LOAD_TIMEOUT=600 (seconds, all of it)
// Results: test-results/load/load-<date>.json. Local addresses only.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { AdminClient } from "./lib/admin-client.mjs";
import { readState } from "./lib/cluster.mjs";
import { THEME_NAME } from "./lib/keycloak-config.mjs";

const root = path.resolve(import.meta.dirname, "..");
const USERS = Number(process.env.LOAD_USERS ?? 50);
const ROUNDS = Number(process.env.LOAD_ROUNDS ?? 5);
const BROWSER_USERS = Math.min(USERS, Number(process.env.LOAD_BROWSER_USERS ?? 50));
const BROWSER_BATCH = Number(process.env.LOAD_BROWSER_BATCH ?? 5);
const TIMEOUT = Number(process.env.LOAD_TIMEOUT ?? 600);
const REALM = "load";
const CLIENT = "account-console";

const baseUrl = (process.env.LOAD_KEYCLOAK_URL ?? readState()?.url ?? "").replace(/\/$/, "");
if (!baseUrl) {
  console.error("No cluster running: start it (npm run keycloak:cluster start) or set LOAD_KEYCLOAK_URL.");
  process.exit(1);
}
if (!["localhost", "127.0.0.1", "[::1]"].includes(new URL(baseUrl).hostname)) {
  console.error(`Refusing ${baseUrl}: the load test only runs against local addresses.`);
  process.exit(1);
}
const deadline = setTimeout(() => {
  console.error(`load: stopped after LOAD_TIMEOUT=${TIMEOUT} s.`);
  process.exit(2);
}, TIMEOUT * 1000);

const userAt = (/** @type {number} */ index) => ({
  username: `load-${String(index).padStart(3, "0")}`,
  password: `pw-${index}-${"x".repeat(8)}`,
  email: `load-${index}@example.org`,
  firstName: `User${index}`,
  lastName: "Load",
});

/** @param {number[]} values @param {number} p */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;

/** The console's API module, compiled for Node by Vite (the same sources the browser runs). */
async function loadApiModule() {
  const { build } = await import("vite");
  const outDir = mkdtempSync(path.join(os.tmpdir(), "load-api-"));
  await build({
    configFile: false,
    logLevel: "warn",
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: {
        entry: { client: path.join(root, "src/api/client.ts"), methods: path.join(root, "src/api/methods.ts") },
        formats: ["es"],
      },
    },
  });
  const client = await import(pathToFileURL(path.join(outDir, "client.js")).href);
  const methods = await import(pathToFileURL(path.join(outDir, "methods.js")).href);
  rmSync(outDir, { recursive: true, force: true });
  return {
    createApiClient: /** @type {typeof import("../src/api/client").createApiClient} */ (client.createApiClient),
    fetchPersonalInfo: /** @type {typeof import("../src/api/methods").fetchPersonalInfo} */ (methods.fetchPersonalInfo),
    savePersonalInfo: /** @type {typeof import("../src/api/methods").savePersonalInfo} */ (methods.savePersonalInfo),
  };
}

/** A tiny cookie jar for one sign-in. */
class Cookies {
  /** @type {Map<string, string>} */
  jar = new Map();
  /** @param {Response} response */
  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      if (at > 0) this.jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
  }
  header() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * Signs in as the console does, through Keycloak's login page: returns the access token.
 * @param {{ username: string, password: string }} user
 */
async function signIn(user) {
  const verifier = randomBytes(32).toString("base64url");
  const redirectUri = `${baseUrl}/realms/${REALM}/account/`;
  const authorize = new URL(`${baseUrl}/realms/${REALM}/protocol/openid-connect/auth`);
  for (const [key, value] of Object.entries({
    client_id: CLIENT,
    redirect_uri: redirectUri,
    response_type: "code",
    response_mode: "query",
    scope: "openid",
    state: randomBytes(8).toString("hex"),
    nonce: randomBytes(8).toString("hex"),
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  })) {
    authorize.searchParams.set(key, value);
  }
  const cookies = new Cookies();
  const page = await fetch(authorize, { redirect: "manual" });
  cookies.take(page);
  const html = await page.text();
  const action = /<form[^>]*id="kc-form-login"[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no login form (HTTP ${page.status})`);
  const posted = await fetch(action.replaceAll("&amp;", "&"), {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookies.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: user.username, password: user.password, credentialId: "" }),
  });
  const location = posted.headers.get("location") ?? "";
  const code = new URL(location, baseUrl).searchParams.get("code");
  if (posted.status !== 302 || !code) throw new Error(`sign-in refused (HTTP ${posted.status})`);
  const token = await fetch(`${baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: CLIENT,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  if (!token.ok) throw new Error(`token exchange failed (HTTP ${token.status})`);
  return /** @type {{ access_token: string }} */ (await token.json()).access_token;
}

/** @template T @param {number} count @param {number} width @param {(index: number) => Promise<T>} work */
async function inBatches(count, width, work) {
  /** @type {T[]} */
  const results = [];
  for (let start = 0; start < count; start += width) {
    const batch = Array.from({ length: Math.min(width, count - start) }, (_, offset) => work(start + offset));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

async function main() {
  console.log(`load: ${USERS} users x ${ROUNDS} rounds against ${baseUrl}`);
  const admin = await AdminClient.signIn(baseUrl);
  await admin.replaceRealm({
    realm: REALM,
    enabled: true,
    accountTheme: THEME_NAME,
    // The run must not outlive its tokens.
    accessTokenLifespan: 900,
  });
  await inBatches(USERS, 5, (index) => admin.createUser(REALM, userAt(index)));
  const api = await loadApiModule();

  /** @type {Record<string, number>} */
  const nodes = {};
  /** @type {typeof fetch} */
  const countingFetch = async (...args) => {
    const response = await fetch(...args);
    const node = response.headers.get("x-served-by") ?? "?";
    nodes[node] = (nodes[node] ?? 0) + 1;
    return response;
  };

  // 1. Sign-ins, all at once.
  const signInStarted = Date.now();
  /** @type {number[]} */
  const signInTimes = [];
  const signInErrors = /** @type {string[]} */ ([]);
  const tokens = await Promise.all(
    Array.from({ length: USERS }, async (_, index) => {
      const started = Date.now();
      try {
        const token = await signIn(userAt(index));
        signInTimes.push(Date.now() - started);
        return token;
      } catch (error) {
        signInErrors.push(`${userAt(index).username}: ${/** @type {Error} */ (error).message}`);
        return undefined;
      }
    }),
  );
  const signInWall = (Date.now() - signInStarted) / 1000;

  // 2. Rounds of load, save, read back; all users at once.
  /** @type {Record<"load" | "save" | "read back", number[]>} */
  const latencies = { load: [], save: [], "read back": [] };
  /** @type {string[]} */
  const errors = [];
  /** @type {string[]} */
  const crossed = [];
  const timed = async (/** @type {keyof typeof latencies} */ op, /** @type {() => Promise<any>} */ call) => {
    const started = performance.now();
    const result = await call();
    latencies[op].push(performance.now() - started);
    return result;
  };
  const roundsStarted = Date.now();
  await Promise.all(
    tokens.map(async (token, index) => {
      if (!token) return;
      const me = userAt(index);
      const client = api.createApiClient({ serverBaseUrl: baseUrl, realm: REALM }, async () => token, countingFetch);
      for (let round = 0; round < ROUNDS; round++) {
        try {
          const loaded = await timed("load", () => api.fetchPersonalInfo(client));
          if (loaded.username !== me.username || loaded.email !== me.email) {
            crossed.push(`${me.username} loaded ${loaded.username} (${loaded.email})`);
          }
          const lastName = `Load-${index}-round-${round}`;
          const { userProfileMetadata: _metadata, ...user } = loaded;
          await timed("save", () => api.savePersonalInfo(client, { ...user, lastName }));
          const back = await timed("read back", () => api.fetchPersonalInfo(client));
          if (back.username !== me.username || back.lastName !== lastName) {
            crossed.push(`${me.username} round ${round} read back ${back.username} / ${back.lastName}`);
          }
        } catch (error) {
          errors.push(`${me.username} round ${round}: ${/** @type {Error} */ (error).message}`);
        }
      }
    }),
  );
  const roundsWall = (Date.now() - roundsStarted) / 1000;
  const calls = Object.values(latencies).reduce((sum, values) => sum + values.length, 0);

  // Server side: each user's stored last name is the last one they saved.
  let storedWrong = 0;
  await inBatches(USERS, 5, async (index) => {
    if (!tokens[index]) return;
    const [stored] = /** @type {{ lastName?: string }[]} */ (
      await (await admin.request("GET", `/${REALM}/users?exact=true&username=${userAt(index).username}`)).json()
    );
    if (stored?.lastName !== `Load-${index}-round-${ROUNDS - 1}`) storedWrong++;
  });

  console.log(
    `load: sign-in through the login page: ${signInTimes.length}/${USERS} ok in ${signInWall.toFixed(1)} s, ` +
      `p50 ${ms(percentile(signInTimes, 50))}, p95 ${ms(percentile(signInTimes, 95))}, errors ${signInErrors.length}`,
  );
  console.log(
    `load: API rounds: ${calls} calls in ${roundsWall.toFixed(1)} s = ${(calls / roundsWall).toFixed(1)} calls/s ` +
      `(${((calls / 3 / roundsWall) * 1).toFixed(1)} load-save-read rounds/s), errors ${errors.length}`,
  );
  for (const [op, values] of Object.entries(latencies)) {
    console.log(
      `load:   ${op}: n ${values.length}, p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`,
    );
  }
  console.log(`load: crossed data: ${crossed.length} answers; stored values wrong: ${storedWrong} users`);
  console.log(`load: API calls per node: ${JSON.stringify(nodes)}`);
  for (const line of [...signInErrors, ...errors, ...crossed].slice(0, 10)) console.log(`load:   ! ${line}`);

  // 3. Browser sign-ins, a batch of contexts at a time.
  let browser;
  if (BROWSER_USERS > 0) {
    const { chromium } = await import("@playwright/test");
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
    });
  }
  /** @type {number[]} */
  const browserTimes = [];
  const browserErrors = /** @type {string[]} */ ([]);
  const browserStarted = Date.now();
  if (browser) {
    const open = browser;
    await inBatches(BROWSER_USERS, BROWSER_BATCH, async (index) => {
      const me = userAt(index);
      const context = await open.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const page = await context.newPage();
        const started = Date.now();
        await page.goto(`${baseUrl}/realms/${REALM}/account/`);
        await page.locator("#username").fill(me.username);
        await page.locator("#password").fill(me.password);
        await page.locator("#kc-login").click();
        await page.locator("input#username").waitFor({ timeout: 60_000 });
        const shown = await page.locator("input#username").inputValue();
        if (shown !== me.username) crossed.push(`browser ${me.username} saw ${shown}`);
        browserTimes.push(Date.now() - started);
      } catch (error) {
        browserErrors.push(`${me.username}: ${/** @type {Error} */ (error).message.split("\n")[0]}`);
      } finally {
        await context.close();
      }
    });
    await browser.close();
    const wall = (Date.now() - browserStarted) / 1000;
    console.log(
      `load: browser sign-ins (${BROWSER_BATCH} contexts at a time): ${browserTimes.length}/${BROWSER_USERS} ok in ` +
        `${wall.toFixed(1)} s, to the console showing the user: p50 ${ms(percentile(browserTimes, 50))}, ` +
        `p95 ${ms(percentile(browserTimes, 95))}, errors ${browserErrors.length}, crossed ${crossed.filter((c) => c.startsWith("browser")).length}`,
    );
    for (const line of browserErrors.slice(0, 5)) console.log(`load:   ! ${line}`);
  }

  const results = path.join(root, "test-results", "load");
  mkdirSync(results, { recursive: true });
  const file = path.join(results, `load-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        url: baseUrl,
        users: USERS,
        rounds: ROUNDS,
        signIn: {
          ok: signInTimes.length,
          wallSeconds: signInWall,
          p50: percentile(signInTimes, 50),
          p95: percentile(signInTimes, 95),
          errors: signInErrors,
        },
        api: {
          calls,
          wallSeconds: roundsWall,
          callsPerSecond: calls / roundsWall,
          latency: Object.fromEntries(
            Object.entries(latencies).map(([op, values]) => [
              op,
              { n: values.length, p50: percentile(values, 50), p95: percentile(values, 95) },
            ]),
          ),
          errors,
          nodes,
        },
        crossed,
        storedWrong,
        browser: {
          users: BROWSER_USERS,
          batch: BROWSER_BATCH,
          ok: browserTimes.length,
          p50: percentile(browserTimes, 50),
          p95: percentile(browserTimes, 95),
          errors: browserErrors,
        },
      },
      null,
      2,
    ),
  );
  console.log(`load: results saved to ${path.relative(root, file)}`);
  await admin.request("DELETE", `/${REALM}`);
  clearTimeout(deadline);
  const failed = signInErrors.length + errors.length + crossed.length + storedWrong + browserErrors.length;
  process.exit(failed ? 1 : 0);
}

await main();
