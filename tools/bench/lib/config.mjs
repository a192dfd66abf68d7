// @ts-check
// What the bench (`npm run bench`, tools/bench/load.mjs) runs with: its user and realms, the phone profile, the
// two modes, and the environment variables that choose them.

export const USER = { username: "bench", password: "bench-password", firstName: "Bench", lastName: "User" };
export const USER_EMAIL = `${USER.username}@example.org`;
export const CONSOLES = /** @type {const} */ ({ ours: "bench-ours", stock: "bench-stock" });
/** @typedef {keyof typeof CONSOLES} Console */

/** The phone profile: CPU x4, 150 ms latency, 1.6 Mbit/s down. */
export const PHONE = { cpu: 4, latency: 150, down: (1.6 * 1024 * 1024) / 8, up: (750 * 1024) / 8 };

/** BENCH_MODE's values, and the mode the server's answer must show for each. */
export const MODES = /** @type {const} */ ({ dev: "dev", production: "production-cache" });

/**
 * What `kc.sh start` has and start-dev turns off (Keycloak's dev profile): the theme cache, with which Keycloak gzips
 * theme resources, and the max-age it sends with them (30 days; start-dev sends `no-cache`). [production, dev].
 */
export const PRODUCTION_THEME = {
  KC_SPI_THEME__CACHE_THEMES: ["true", "false"],
  KC_SPI_THEME__CACHE_TEMPLATES: ["true", "false"],
  KC_SPI_THEME__STATIC_MAX_AGE: ["2592000", "-1"],
};

/**
 * The protocols a run measures both consoles over, each a leg of the run. In production mode the bench's own server
 * serves HTTPS (Keycloak's TLS listener: HTTP/2 for browsers) and plain HTTP (HTTP/1.1) at once; each leg is what
 * Resource Timing's `nextHopProtocol` must show for it.
 */
export const LEGS = /** @type {const} */ ({ https: "h2", http: "http/1.1" });
/** @typedef {keyof typeof LEGS} LegName */

/**
 * The legs of a run, in order: HTTPS then HTTP/1.1 for the bench's own server in production mode, else the one
 * protocol of the server it measures (dev mode: plain HTTP, as always; BENCH_KEYCLOAK_URL: that address's).
 * @param {{ mode: string, keycloakUrl?: string }} settings
 * @returns {LegName[]}
 */
export function legsOf({ mode, keycloakUrl }) {
  if (keycloakUrl) return [keycloakUrl.startsWith("https:") ? "https" : "http"];
  return mode === "production" ? ["https", "http"] : ["http"];
}

/**
 * The order of a part of the run: `rounds` rounds, each with one step per leg, and in each step both consoles in
 * `order`. The order of the legs and that of the consoles turn round every round, so on every leg each console runs
 * first in half the rounds, and neither leg always runs first while the machine's load drifts.
 * @template L
 * @param {number} rounds @param {L[]} legs
 * @returns {{ leg: L, order: Console[], round: number }[]}
 */
export function alternation(rounds, legs) {
  return Array.from({ length: rounds }, (_, round) => {
    /** @type {Console[]} */
    const order = round % 2 ? ["stock", "ours"] : ["ours", "stock"];
    return (round % 2 ? [...legs].reverse() : legs).map((leg) => ({ leg, order, round }));
  }).flat();
}

/** How long after the form shows a cold load still counts (the status frame, the extension's probe). */
export const AFTER_FORM_MS = 1500;

/** The bench's settings from the environment; exits with a message for a mode it does not know. */
export function benchSettings(env = process.env) {
  const mode = env.BENCH_MODE ?? "dev";
  if (!(mode in MODES)) {
    console.error(`bench: BENCH_MODE=${mode} is not a mode: use dev or production.`);
    process.exit(2);
  }
  const settings = {
    mode: /** @type {keyof typeof MODES} */ (mode),
    expectedMode: MODES[/** @type {keyof typeof MODES} */ (mode)],
    runs: Number(env.BENCH_RUNS ?? 7),
    scale: env.BENCH_SCALE !== "0",
    keycloakUrl: env.BENCH_KEYCLOAK_URL?.replace(/\/$/, ""),
    instance: env.BENCH_KC_INSTANCE || "bench",
    port: Number(env.BENCH_KC_PORT ?? 8581),
    httpsPort: Number(env.BENCH_KC_HTTPS_PORT ?? 8543),
  };
  return { ...settings, legs: legsOf(settings) };
}

// One median for every measuring script (tools/statistics.mjs); the bench's modules import it from here.
export { median } from "../../statistics.mjs";
