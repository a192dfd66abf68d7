import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { JAR_NAME, keycloakOptions } from "../../scripts/lib/keycloak-config.mjs";
import { startKeycloak, type RunningKeycloak } from "../../scripts/lib/keycloak-server.mjs";
import { buildExtensionJar } from "../../examples/extension-theme/build.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
export const JAR_PATH = path.join(root, "dist_keycloak", JAR_NAME);

/** Newest modification time under the inputs of the jar. */
function newestSource(entries: string[]): number {
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

// Global setup and teardown run in the runner's process; the server handle waits here between the two.
const state = globalThis as { e2eKeycloak?: RunningKeycloak };

/**
 * Rebuilds the jar when a source is newer, then starts one Keycloak for the whole run and hands its address to the
 * workers through E2E_KEYCLOAK_URL (they inherit the runner's environment).
 */
export default async function globalSetup() {
  const stale =
    !existsSync(JAR_PATH) ||
    statSync(JAR_PATH).mtimeMs < newestSource(["src", "public", "vite.config.ts", "package.json", "package-lock.json"]);
  if (stale) {
    const build = spawnSync("node", ["scripts/build-theme.mjs"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error("Building the theme jar failed; see the output above.");
  }

  // For quick iteration: reuse a server that is already up (e.g. `npm run keycloak:start`), started with this jar.
  const reuse = process.env.E2E_KEYCLOAK_URL;
  if (reuse) {
    console.log(`Using the running Keycloak at ${reuse} (E2E_KEYCLOAK_URL); it must serve the current jar.`);
    return;
  }

  // Its own instance and ports, so a demo server (npm start) may keep running beside the tests.
  const options = keycloakOptions({
    jarPath: JAR_PATH,
    // The example extension theme (examples/extension-theme), for the content-page tests.
    extraJars: [buildExtensionJar()],
    realmFiles: [path.join(root, "tests", "fixtures", "demo-realm.json")],
    httpPort: Number(process.env.E2E_KC_PORT ?? 8181),
    managementPort: Number(process.env.E2E_KC_MANAGEMENT_PORT ?? 9181),
  });
  const started = Date.now();
  // E2E_KC_INSTANCE keeps parallel checkouts (each with its own jar and ports) out of each other's server folder.
  const server = await startKeycloak(options, { instance: process.env.E2E_KC_INSTANCE ?? "e2e" });
  state.e2eKeycloak = server;
  console.log(`Keycloak ${options.version} ready at ${server.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.env.E2E_KEYCLOAK_URL = server.url;
}

export async function stopKeycloak() {
  await state.e2eKeycloak?.stop();
  state.e2eKeycloak = undefined;
}
