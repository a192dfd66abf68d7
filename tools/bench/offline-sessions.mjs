// @ts-check
// `node tools/bench/offline-sessions.mjs <keycloak url> [management url]`: how long the first page of Lasting access
// (`GET …/account-console-extension/offline-sessions?first=0&max=20`) takes for a user with BENCH_OFFLINE (1,000)
// offline sessions (docs/production.md, "Offline sessions at scale"). The Keycloak must run with the theme jar and
// admin/admin in its master realm.
//
// It creates the realm `bench-offline` once (a public client `bench-cli` with direct access grants; the account
// console may take a password grant, so that the script gets a console token without a browser), and a user of its
// own per run, whom it gives BENCH_OFFLINE offline sessions: password grants of `bench-cli` with the scope
// offline_access, BENCH_PARALLEL (8) at a time, Keycloak's own way of making one. Then it asks for the first page
// BENCH_SAMPLES (200) times in a row, and as many times for the extension's probe (the same token checks, no list),
// and prints round-trip p50/p95/max of both. Where the management interface serves Keycloak's metrics (Keycloak
// started with KC_METRICS_ENABLED=true and KC_HTTP_METRICS_HISTOGRAMS_ENABLED=true), it also prints the server's
// own time for the page: mean, and p50/p95 from the histogram's buckets.
import { SignedInAdmin } from "../../scripts/lib/keycloak-admin.mjs";
import { allowConsolePasswordGrant, createConsoleUser, passwordGrant } from "./lib/api-user.mjs";

const [baseUrl, managementUrl] = process.argv.slice(2);
if (!baseUrl) {
  console.error("Usage: node tools/bench/offline-sessions.mjs <keycloak url> [management url]");
  process.exit(2);
}
const REALM = "bench-offline";
const CLIENT = "bench-cli";
const SESSIONS = Number(process.env.BENCH_OFFLINE ?? 1000);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 8);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const USER = { username: `lasting-${Date.now()}`, password: "lasting-pw" };

/** @param {string} clientId @param {Record<string, string>} [extra] */
const grant = (clientId, extra) => passwordGrant(baseUrl, REALM, clientId, USER, extra);

const admin = new SignedInAdmin(baseUrl, { username: "admin", password: "admin" });
const realm = REALM;
if (!(await admin.realms.findOne({ realm }))) {
  await admin.realms.create({
    realm,
    enabled: true,
    // The cheapest hash: the seeding measures sessions, not password hashing.
    passwordPolicy: "hashAlgorithm(pbkdf2-sha256) and hashIterations(1)",
    // Tokens that outlive a slow run.
    accessTokenLifespan: 3600,
  });
  await allowConsolePasswordGrant(admin, realm);
  await admin.clients.create({
    realm,
    clientId: CLIENT,
    publicClient: true,
    standardFlowEnabled: false,
    directAccessGrantsEnabled: true,
  });
}
const userId = await createConsoleUser(admin, realm, {
  ...USER,
  email: `${USER.username}@example.org`,
  firstName: "Lasting",
  lastName: "Access",
});

const seedStarted = performance.now();
let made = 0;
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    while (made < SESSIONS) {
      made++;
      await grant(CLIENT, { scope: "openid offline_access" });
    }
  }),
);
const seedSeconds = (performance.now() - seedStarted) / 1000;

const token = await grant("account-console");
const extension = `${baseUrl}/realms/${REALM}/account-console-extension/`;
const pageUrl = `${extension}offline-sessions?first=0&max=20`;

/** @param {string} url */
async function roundTrip(url) {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = /** @type {{ sessions?: unknown[] }} */ (await response.json());
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { ms: performance.now() - started, rows: body.sessions?.length ?? 0 };
}

/** @param {number[]} values @param {number} share */
const at = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? NaN;
};
/** @param {number[]} times */
const summary = (times) => ({
  p50: Math.round(at(times, 0.5) * 10) / 10,
  p95: Math.round(at(times, 0.95) * 10) / 10,
  max: Math.round(Math.max(...times) * 10) / 10,
});

/**
 * Keycloak's request metrics of the page's address (Micrometer's `http_server_requests_seconds`): the sum, the count
 * and the cumulative buckets by upper bound, or undefined where the management interface serves no metrics.
 */
async function serverMetrics() {
  if (!managementUrl) return undefined;
  let text;
  try {
    const response = await fetch(`${managementUrl}/metrics`);
    if (!response.ok) return undefined;
    text = await response.text();
  } catch {
    // No management interface at that address: the round trip is all there is.
    return undefined;
  }
  const lines = text
    .split("\n")
    .filter((line) => line.startsWith("http_server_requests_seconds") && line.includes("offline-sessions"))
    .filter((line) => line.includes('method="GET"') && line.includes('status="200"'));
  const value = (/** @type {string} */ line) => Number(line.slice(line.lastIndexOf(" ") + 1));
  /** @type {Map<number, number>} */
  const buckets = new Map();
  let sum = 0;
  let count = 0;
  for (const line of lines) {
    if (line.startsWith("http_server_requests_seconds_sum")) sum += value(line);
    else if (line.startsWith("http_server_requests_seconds_count")) count += value(line);
    else if (line.startsWith("http_server_requests_seconds_bucket")) {
      const le = /le="([^"]+)"/.exec(line)?.[1];
      if (le && le !== "+Inf") buckets.set(Number(le), (buckets.get(Number(le)) ?? 0) + value(line));
    }
  }
  return count > 0 || lines.length > 0 ? { sum, count, buckets } : { sum: 0, count: 0, buckets };
}

/** The server's time between two readings: mean, and p50/p95 as the upper bound of the bucket that holds them. */
function serverTime(
  /** @type {Awaited<ReturnType<typeof serverMetrics>>} */ before,
  /** @type {Awaited<ReturnType<typeof serverMetrics>>} */ after,
) {
  if (!before || !after || after.count - before.count <= 0) return undefined;
  const count = after.count - before.count;
  const bounds = [...after.buckets.keys()].sort((a, b) => a - b);
  const quantile = (/** @type {number} */ share) => {
    const bound = bounds.find(
      (le) => (after.buckets.get(le) ?? 0) - (before.buckets.get(le) ?? 0) >= Math.ceil(share * count),
    );
    return bound === undefined ? undefined : Math.round(bound * 1000 * 10) / 10;
  };
  return {
    requests: count,
    meanMs: Math.round(((after.sum - before.sum) / count) * 1000 * 10) / 10,
    p50AtMostMs: quantile(0.5),
    p95AtMostMs: quantile(0.95),
  };
}

for (let i = 0; i < 5; i++) await roundTrip(pageUrl);
const first = await roundTrip(pageUrl);
const before = await serverMetrics();
/** @type {number[]} */
const page = [];
for (let i = 0; i < SAMPLES; i++) page.push((await roundTrip(pageUrl)).ms);
const after = await serverMetrics();
/** @type {number[]} */
const probe = [];
for (let i = 0; i < SAMPLES; i++) probe.push((await roundTrip(extension)).ms);

const listed = /** @type {{ hasMore: boolean }} */ (
  await (await fetch(pageUrl, { headers: { authorization: `Bearer ${token}` } })).json()
);
console.log(
  JSON.stringify(
    {
      offlineSessions: SESSIONS,
      seededInSeconds: Math.round(seedSeconds),
      rowsOnPage: first.rows,
      hasMore: listed.hasMore,
      samples: SAMPLES,
      pageRoundTripMs: summary(page),
      probeRoundTripMs: summary(probe),
      pageServerTime: serverTime(before, after) ?? "no metrics (start Keycloak with KC_METRICS_ENABLED=true)",
    },
    null,
    2,
  ),
);
await admin.users.del({ realm, id: userId });
