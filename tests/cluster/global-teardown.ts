import { stopStartedCluster } from "./global-setup";

/** Stops the cluster the global setup started (one that was already running keeps running). */
export default async function globalTeardown() {
  await stopStartedCluster();
}
