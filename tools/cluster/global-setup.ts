import { readState, startCluster, stopCluster } from "./cluster.mjs";
import { buildJarIfStale } from "../../scripts/lib/e2e-server.mjs";

const state = globalThis as { startedCluster?: boolean };

/**
 * Rebuilds a stale jar, then brings up docker-compose.cluster.yml (the image built with that jar) unless it runs
 * already (`npm run keycloak:cluster`, which must then serve the current jar). The tests reach it through the load
 * balancer: the fixtures of tests/e2e/support read E2E_KEYCLOAK_URL.
 */
export default async function globalSetup() {
  buildJarIfStale();
  const running = readState();
  if (running) {
    console.log(`Using the running cluster at ${running.url}; it must serve the current jar.`);
    process.env.E2E_KEYCLOAK_URL = running.url;
    return;
  }
  state.startedCluster = true;
  const started = await startCluster().catch((error: unknown) => {
    stopStartedCluster();
    throw error;
  });
  process.env.E2E_KEYCLOAK_URL = started.url;
  console.log(`Cluster ready at ${started.url} in ${started.seconds} s`);
}

export function stopStartedCluster() {
  if (state.startedCluster) stopCluster();
  state.startedCluster = false;
}
