import { defineConfig } from "vitest/config";

// Browser tests against a real Keycloak serving the built theme jar (see tests/e2e/global-setup.ts).
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
