// @ts-check
// `node tools/bench/places-sessions.mjs <keycloak url>`: Device activity's server time for a user with BENCH_SESSIONS
// (1,000) sessions, each from another public address (docs/extension.md, "Sign-in places"): Keycloak's devices list
// (the page's data before places) and the extension's places of the same sessions, which the page asks for beside
// it. Prints p50, p95 and max of each over BENCH_SAMPLES (50) requests. The Keycloak must take the client address
// from X-Forwarded-For (`--proxy-headers=xforwarded`, as `node scripts/keycloak.mjs start` does) and have a places
// database, the theme jar, and admin/admin in its master realm.
import { SignedInAdmin } from "../../scripts/lib/keycloak-admin.mjs";
import { median } from "../statistics.mjs";

const [baseUrl] = process.argv.slice(2);
if (!baseUrl) {
  console.error("Usage: node tools/bench/places-sessions.mjs <keycloak url>");
  process.exit(2);
}
const REALM = "bench-places";
const USER = { username: "many", password: "many-pw" };
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);

const admin = new SignedInAdmin(baseUrl, { username: "admin", password: "admin" });
if (await admin.realms.findOne({ realm: REALM })) await admin.realms.del({ realm: REALM });
await admin.realms.create({
  realm: REALM,
  enabled: true,
  // Sign-ins from public addresses over plain HTTP, and a cheap hash: the bench makes a thousand sign-ins.
  sslRequired: "none",
  passwordPolicy: "hashAlgorithm(pbkdf2-sha256) and hashIterations(1)",
  ssoSessionMaxLifespan: 36000,
  accessTokenLifespan: 3600,
});
const [consoleClient] = await admin.clients.find({ realm: REALM, clientId: "account-console" });
await admin.clients.update(
  { realm: REALM, id: consoleClient?.id ?? "" },
  { ...consoleClient, directAccessGrantsEnabled: true },
);
const { id: userId } = await admin.users.create({
  realm: REALM,
  username: USER.username,
  enabled: true,
  email: "many@example.org",
  emailVerified: true,
  firstName: "Many",
  lastName: "Sessions",
  credentials: [{ type: "password", value: USER.password, temporary: false }],
});
const [account] = await admin.clients.find({ realm: REALM, clientId: "account" });
const roles = await admin.clients.listRoles({ realm: REALM, id: account?.id ?? "" });
await admin.users.addClientRoleMappings({
  realm: REALM,
  id: userId,
  clientUniqueId: account?.id ?? "",
  roles: /** @type {{ id: string, name: string }[]} */ (roles.filter((role) => role.name === "manage-account")),
});

/** One sign-in (a session of its own), forwarded for `address`. @param {string} address */
async function signIn(address) {
  const response = await fetch(`${baseUrl}/realms/${REALM}/protocol/openid-connect/token`, {
    method: "POST",
    headers: { "x-forwarded-for": address },
    body: new URLSearchParams({
      grant_type: "password",
      client_id: "account-console",
      username: USER.username,
      password: USER.password,
      scope: "openid",
    }),
  });
  if (!response.ok) throw new Error(`A sign-in answered ${response.status}: ${await response.text()}`);
  return /** @type {{ access_token: string }} */ (await response.json()).access_token;
}

console.log(`Signing in ${SESSIONS} times from as many public addresses ...`);
let token = "";
for (let i = 0; i < SESSIONS; i += 10) {
  const tokens = await Promise.all(
    Array.from({ length: Math.min(10, SESSIONS - i) }, (_, j) => {
      const n = i + j;
      return signIn(`81.${2 + (n >> 8)}.${n & 255}.${1 + (n % 250)}`);
    }),
  );
  token = tokens[0] ?? token;
}

/** @param {string} url */
async function timed(url) {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: "application/json" } });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const body = await response.json();
  return { ms: performance.now() - started, body };
}
const devicesUrl = `${baseUrl}/realms/${REALM}/account/sessions/devices`;
const placesUrl = `${baseUrl}/realms/${REALM}/account-console-extension/places/sessions`;
const devices = /** @type {{ sessions: unknown[] }[]} */ ((await timed(devicesUrl)).body);
const places = /** @type {{ sessions: Record<string, unknown> }} */ ((await timed(placesUrl)).body);
console.log(
  `sessions: ${devices.reduce((sum, device) => sum + device.sessions.length, 0)} listed by Keycloak, ` +
    `${Object.keys(places.sessions).length} with a place`,
);
/** @type {[string, string][]} */
const measured = [
  ["devices (Keycloak)", devicesUrl],
  ["places (extension)", placesUrl],
];
for (const [name, url] of measured) {
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < 3; i++) await timed(url);
  for (let i = 0; i < SAMPLES; i++) times.push((await timed(url)).ms);
  times.sort((a, b) => a - b);
  const p95 = times[Math.floor(times.length * 0.95)] ?? NaN;
  console.log(
    `${name}: p50 ${median(times).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${(times.at(-1) ?? NaN).toFixed(1)} ms`,
  );
}
await admin.realms.del({ realm: REALM });
