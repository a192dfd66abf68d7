import { defineConfig } from "@playwright/test";
import base from "../../playwright.config";

// Browser tests against the production shape of docker-compose.cluster.yml (`npm run test:cluster`,
// docs/production.md): two optimized Keycloak nodes on PostgreSQL behind HAProxy, on the Docker engine at DOCKER_HOST.
// Kept apart from the e2e suite (its own folder, config and file suffix): the cluster takes minutes to start and the tests
// stop nodes.
export default defineConfig({
  ...base,
  testDir: ".",
  testMatch: "*.cluster.ts",
  globalSetup: "./global-setup.ts",
  globalTeardown: "./global-teardown.ts",
  // One worker: the tests share one cluster and some of them stop a node.
  workers: 1,
  // The crash test starts two nodes (one taken out by the test before, then the crashed one): each start of a
  // container takes minutes on a busy shared machine.
  timeout: 900_000,
  outputDir: "../../test-results/cluster",
});
