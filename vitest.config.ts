import react from "@vitejs/plugin-react";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    globalSetup: ["src/testing/global-setup.ts"],
    setupFiles: ["src/testing/setup.ts"],
    css: false,
    // Component tests type and click through user-event; on two busy cores (a build or a Keycloak beside
    // them) one can take longer than the default 5 s.
    testTimeout: 15_000,
    // Vitest leaves one core free by default, which on two cores runs the files one at a time: 160 s instead of 110 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A DOM (jsdom) costs seconds per file to set up: only the tests that draw or read a page get one.
    projects: [
      {
        extends: true,
        test: { name: "components", environment: "jsdom", include: ["src/**/*.test.tsx"] },
      },
      {
        // Modules, scripts and docs run in Node; a module test that needs a DOM says `// @vitest-environment jsdom`.
        extends: true,
        test: { name: "modules", environment: "node", include: ["src/**/*.test.ts", "tests/unit/**/*.test.{ts,mjs}"] },
      },
    ],
  },
});
