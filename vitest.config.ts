import react from "@vitejs/plugin-react";
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
  },
});
