import { stopStartedCluster } from "./global-setup";

/** Removes the cluster the global setup started (one that was already running keeps running). */
export default async function globalTeardown() {
  stopStartedCluster();
}
