import path from "node:path";
import { publicUrl, clusterLayout } from "../../scripts/lib/cluster-config.mjs";
import { readState, startCluster, stopCluster } from "../../scripts/lib/cluster.mjs";
import e2eGlobalSetup, { JAR_PATH } from "../e2e/global-setup";

const root = path.resolve(import.meta.dirname, "..", "..");
const state = globalThis as { startedCluster?: boolean };

/**
 * Rebuilds a stale jar (the e2e global setup does only that when E2E_KEYCLOAK_URL is set), then starts the cluster
 * unless one is running (`npm run keycloak:cluster start`, which must serve the current jar). The tests reach it
 * through the load balancer: the fixtures of tests/e2e/support read E2E_KEYCLOAK_URL.
 */
export default async function globalSetup() {
  const url = publicUrl(clusterLayout());
  process.env.E2E_KEYCLOAK_URL = url;
  await e2eGlobalSetup();
  if (readState()) {
    console.log(`Using the running cluster at ${url}; it must serve the current jar.`);
    return;
  }
  const started = await startCluster({
    jarPath: JAR_PATH,
    realmFiles: [path.join(root, "tests", "fixtures", "demo-realm.json")],
  });
  state.startedCluster = true;
  console.log(`Cluster ready at ${started.url}: ${JSON.stringify(started.timings)} (seconds)`);
}

export async function stopStartedCluster() {
  if (state.startedCluster) await stopCluster();
  state.startedCluster = false;
}
