// @ts-check
// `node tools/bench/events.mjs <keycloak url> <psql argument>...`: how long one page of Account activity takes for a
// user with few events when the realm's event table is large (docs/extension.md, "The events query on older
// servers"). The Keycloak must run on the PostgreSQL database the psql arguments reach (e.g. `-h localhost -p 5491
// -U keycloak -d keycloak`), with the theme jar, and admin/admin in its master realm.
//
// Once per database it creates the realm `bench-events` (events saved; the account console client may take a
// password grant, so that the script gets a console token without a browser), fills EVENT_ENTITY with BENCH_EVENTS
// (1,000,000) events of 20,000 other users spread over the last 365 days. Each run adds a user `few-…` with three
// sign-ins. Then it asks for the first page (20 rows) BENCH_SAMPLES (200) times in a row and prints p50, p95 and max.
import { execFileSync } from "node:child_process";
import { SignedInAdmin } from "../../scripts/lib/keycloak-admin.mjs";
import { allowConsolePasswordGrant, createConsoleUser, passwordGrant } from "./lib/api-user.mjs";

const [baseUrl, ...psqlArgs] = process.argv.slice(2);
if (!baseUrl || psqlArgs.length === 0) {
  console.error("Usage: node tools/bench/events.mjs <keycloak url> <psql argument>...");
  process.exit(2);
}
const REALM = "bench-events";
// A user of their own per run, so that every run measures a user with as few events as the first.
const USER = { username: `few-${Date.now()}`, password: "few-pw" };
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const LISTED = ["LOGIN", "LOGIN_ERROR", "LOGOUT", "UPDATE_CREDENTIAL", "UPDATE_PROFILE"];
const UNLISTED = ["CODE_TO_TOKEN", "REFRESH_TOKEN", "CLIENT_LOGIN"];

/** @param {string} sql */
function psql(sql) {
  return execFileSync("psql", [...psqlArgs, "-v", "ON_ERROR_STOP=1", "-tAc", sql], { encoding: "utf8" }).trim();
}

const admin = new SignedInAdmin(baseUrl, { username: "admin", password: "admin" });
const realm = REALM;
if (!(await admin.realms.findOne({ realm }))) {
  await admin.realms.create({ realm, enabled: true, eventsEnabled: true });
  await allowConsolePasswordGrant(admin, realm);
}
// Tokens that outlive a slow run (the default 5 minutes do not, where a page takes seconds).
await admin.realms.update({ realm }, { realm, accessTokenLifespan: 3600 });
const realmId = (await admin.realms.findOne({ realm }))?.id;
await createConsoleUser(admin, realm, {
  ...USER,
  email: `${USER.username}@example.org`,
  firstName: "Few",
  lastName: "Events",
});

const stored = Number(psql(`select count(*) from event_entity where realm_id = '${realmId}'`));
if (stored < EVENTS) {
  const missing = EVENTS - stored;
  const types = [...LISTED, ...UNLISTED].map((type) => `'${type}'`).join(",");
  console.log(`Adding ${missing} events to EVENT_ENTITY ...`);
  psql(`insert into event_entity (id, realm_id, user_id, client_id, type, event_time, ip_address, details_json)
        select gen_random_uuid()::text, '${realmId}', 'other-user-' || (i % 20000), 'account-console',
               (array[${types}])[1 + i % ${LISTED.length + UNLISTED.length}],
               (extract(epoch from now()) * 1000)::bigint - (random() * 365 * 86400000)::bigint, '192.0.2.1', '{}'
        from generate_series(1, ${missing}) as i`);
  psql("analyze event_entity");
}
// A few sign-ins of the user (each a LOGIN event, now): fewer than a page, so the query cannot stop early.
for (let i = 0; i < 3; i++) await passwordGrant(baseUrl, REALM, "account-console", USER);

const token = await passwordGrant(baseUrl, REALM, "account-console", USER);
const pageUrl = `${baseUrl}/realms/${REALM}/account-console-extension/events?first=0&max=20`;
async function onePage() {
  const started = performance.now();
  const response = await fetch(pageUrl, { headers: { authorization: `Bearer ${token}` } });
  const body = /** @type {{ events: unknown[] }} */ (await response.json());
  if (response.status !== 200) throw new Error(`The events page answered ${response.status}`);
  return { ms: performance.now() - started, rows: body.events.length };
}
for (let i = 0; i < 3; i++) await onePage();
/** @type {number[]} */
const times = [];
let rows = 0;
for (let i = 0; i < SAMPLES; i++) {
  const sample = await onePage();
  times.push(sample.ms);
  rows = sample.rows;
}
times.sort((a, b) => a - b);
const at = (/** @type {number} */ share) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)] ?? 0;
const indexes = psql(
  "select string_agg(indexname, ', ' order by indexname) from pg_indexes where tablename = 'event_entity'",
);
console.log(
  JSON.stringify({
    events: Number(psql(`select count(*) from event_entity where realm_id = '${realmId}'`)),
    rowsOnPage: rows,
    samples: SAMPLES,
    p50: Math.round(at(0.5)),
    p95: Math.round(at(0.95)),
    max: Math.round(times[times.length - 1] ?? 0),
    indexes,
  }),
);
