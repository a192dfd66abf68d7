import type { RunningKeycloak } from "../../scripts/lib/keycloak-server.mjs";
import { buildJarIfStale, startE2eKeycloak } from "../../scripts/lib/e2e-server.mjs";

export { JAR_PATH } from "../../scripts/lib/e2e-server.mjs";

// Global setup and teardown run in the runner's process; the server handle waits here between the two.
const state = globalThis as { e2eKeycloak?: RunningKeycloak };

/**
 * Rebuilds the jar when a source is newer, then starts one Keycloak for the whole run and hands its address to the
 * workers through E2E_KEYCLOAK_URL (they inherit the runner's environment).
 */
export default async function globalSetup() {
  buildJarIfStale();

  // A server that is already up: `npm test` starts it beside the unit tests; for quick iteration, `npm run
  // keycloak:start`. Either must serve the current jar.
  const reuse = process.env.E2E_KEYCLOAK_URL;
  if (reuse) {
    console.log(`Using the running Keycloak at ${reuse} (E2E_KEYCLOAK_URL); it must serve the current jar.`);
    return;
  }

  const server = await startE2eKeycloak();
  state.e2eKeycloak = server;
  process.env.E2E_KEYCLOAK_URL = server.url;
  // Stopped after the run: the files' realms need not be deleted one by one (see realmLifecycle).
  process.env.E2E_KEYCLOAK_DISPOSABLE = "1";
}

export async function stopKeycloak() {
  await state.e2eKeycloak?.stop();
  state.e2eKeycloak = undefined;
}
