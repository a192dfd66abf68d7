// @ts-check
// The Keycloak of a browser-test run: the jar rebuilt when a source is newer, then one server with the demo realm and
// the example extension and brand themes, in a container when a Docker engine answers, else as a local process.
// Playwright's global setup starts it; `npm test` starts it earlier, beside the unit tests, and hands it to Playwright
// through E2E_KEYCLOAK_URL.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { buildBrandedJar } from "../../examples/branded-theme/build.mjs";
import { buildExtensionJar } from "../../examples/extension-theme/build.mjs";
import { keycloakOptions } from "./keycloak-config.mjs";
import { KeycloakError, probeContainerEngine, startKeycloak } from "./keycloak-server.mjs";
import { JAR_PATH } from "./theme-jar.mjs";

export { JAR_PATH, buildJarIfStale, jarIsStale } from "./theme-jar.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");

/**
 * The back-end of the run's Keycloak: KC_BACKEND when set (local or container); else a container when testcontainers
 * finds a Docker engine that answers, else the local process, said in one line. The choice goes into KC_BACKEND, so
 * that a test starting a server of its own (extension-options.e2e.ts) uses the same back-end.
 *
 * KC_ENGINE_FILE names a file that an engine set-up running meanwhile (`.ci/run`) writes when done: the DOCKER_HOST
 * of the engine on its first line, or an empty first line and the reason on the second. The choice waits for it.
 * @returns {Promise<"local" | "container">}
 */
export async function chooseE2eBackend() {
  const asked = process.env.KC_BACKEND;
  if (asked === "local" || asked === "container") return asked;
  if (asked)
    throw new KeycloakError(`KC_BACKEND=${asked}: use local or container, or unset it to let the tests choose.`);
  let choice = /** @type {"local" | "container"} */ ("local");
  const engine = await engineFromFile();
  if (engine && !engine.host) {
    console.log(`No Docker engine (${engine.reason}): Keycloak runs as a local process.`);
  } else {
    if (engine) process.env.DOCKER_HOST = engine.host;
    const probe = await probeContainerEngine();
    if (probe.ok) choice = "container";
    else console.log(`No Docker engine answers (${probe.reason}): Keycloak runs as a local process.`);
  }
  process.env.KC_BACKEND = choice;
  return choice;
}

/** Waits for KC_ENGINE_FILE, when set, and reads it (see chooseE2eBackend). */
async function engineFromFile() {
  const file = process.env.KC_ENGINE_FILE;
  if (!file) return undefined;
  const deadline = Date.now() + 20 * 60_000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) return { host: "", reason: `${file} was not written within 20 minutes` };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const [host = "", reason = "the engine set-up failed"] = readFileSync(file, "utf8").split("\n");
  return { host: host.trim(), reason: reason.trim() || "the engine set-up failed" };
}

/**
 * Starts the run's Keycloak on its own instance and ports, so a demo server (npm start) may keep running beside it.
 * E2E_KC_INSTANCE keeps parallel checkouts (each with its own jar and ports) out of each other's server folder.
 * @returns {Promise<import("./keycloak-server.mjs").RunningKeycloak>}
 */
export async function startE2eKeycloak() {
  const options = keycloakOptions({
    jarPath: JAR_PATH,
    // The example extension theme (examples/extension-theme), for the content-page tests, and the example brand
    // theme (examples/branded-theme), for the branding tests.
    extraJars: [buildExtensionJar(), buildBrandedJar()],
    realmFiles: [path.join(root, "tests", "fixtures", "demo-realm.json")],
    httpPort: Number(process.env.E2E_KC_PORT ?? 8181),
    managementPort: Number(process.env.E2E_KC_MANAGEMENT_PORT ?? 9181),
    // The places tests sign in from a public address, sent as the forwarded client address (places.e2e.ts); a
    // request without the header keeps its socket's address.
    proxyHeaders: true,
  });
  const backend = await chooseE2eBackend();
  const started = Date.now();
  // Beside the checks and unit tests on two busy cores, either back-end takes minutes to start.
  const server = await startKeycloak(options, { instance: process.env.E2E_KC_INSTANCE ?? "e2e" });
  const where = backend === "container" ? "in a container" : "as a local process";
  console.log(
    `Keycloak ${options.version} ready ${where} at ${server.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return server;
}
