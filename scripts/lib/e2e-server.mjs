// @ts-check
// The Keycloak of a browser-test run: the jar rebuilt when a source is newer, then one server with the demo realm and
// the example extension and brand themes. Playwright's global setup starts it; `npm test` starts it earlier, beside
// the unit tests, and hands it to Playwright through E2E_KEYCLOAK_URL.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { buildBrandedJar } from "../../examples/branded-theme/build.mjs";
import { buildExtensionJar } from "../../examples/extension-theme/build.mjs";
import { JAR_NAME, keycloakOptions } from "./keycloak-config.mjs";
import { startKeycloak } from "./keycloak-server.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
export const JAR_PATH = path.join(root, "dist_keycloak", JAR_NAME);

/** Newest modification time under the inputs of the jar. @param {string[]} entries */
function newestSource(entries) {
  let newest = 0;
  for (const entry of entries.map((name) => path.join(root, name))) {
    if (!existsSync(entry)) continue;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const child of readdirSync(entry, { recursive: true, withFileTypes: true })) {
        if (child.isFile()) newest = Math.max(newest, statSync(path.join(child.parentPath, child.name)).mtimeMs);
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  }
  return newest;
}

/** Whether a source of the jar is newer than the jar (or there is none). */
export function jarIsStale() {
  return (
    !existsSync(JAR_PATH) ||
    statSync(JAR_PATH).mtimeMs <
      newestSource([
        "src",
        "public",
        "vite.config.ts",
        "package.json",
        "package-lock.json",
        // The server extension, which the build adds to the same jar.
        "extension/src/main",
        "extension/pom.xml",
      ])
  );
}

/** Builds the theme jar unless it is newer than every source. */
export function buildJarIfStale() {
  if (!jarIsStale()) return;
  const build = spawnSync("node", ["scripts/build-theme.mjs"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error("Building the theme jar failed; see the output above.");
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
  });
  const started = Date.now();
  const server = await startKeycloak(options, { instance: process.env.E2E_KC_INSTANCE ?? "e2e" });
  console.log(`Keycloak ${options.version} ready at ${server.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return server;
}
