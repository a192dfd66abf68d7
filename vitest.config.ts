import react from "@vitejs/plugin-react";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,mjs}"],
    globalSetup: ["src/testing/global-setup.ts"],
    setupFiles: ["src/testing/setup.ts"],
    css: false,
    // Component tests type and click through user-event; on two busy cores (a build in the bundle-budget test beside
    // them) one can take longer than the default 5 s.
    testTimeout: 15_000,
    // Vitest leaves one core free by default, which on two cores runs the files one at a time: 160 s instead of 110 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
