import react from "@vitejs/plugin-react";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Component tests that `vi.mock` a module, stub a global or patch a prototype: in a module graph shared with other
 * files, the mock would miss a module another file loaded first, and the patch would reach the next file's tests.
 * `tests/unit/vitest-isolation.test.ts` keeps this list complete.
 */
export const ISOLATED_COMPONENT_TESTS = [
  "src/app/layout/Shell.test.tsx",
  "src/app/routing/contentRoutes.test.tsx",
  "src/app/start.test.tsx",
  "src/pages/account-security/linked-accounts/LinkedAccounts.test.tsx",
  "src/pages/account-security/signing-in/AppPasswords.test.tsx",
  "src/pages/content/ContentPage.test.tsx",
  "src/pages/personal-info/SectionNav.test.tsx",
  "src/ui/ErrorDialog.test.tsx",
];

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
        // One module graph and one DOM per worker, not per file: a file's imports (PatternFly, React) and its jsdom
        // cost seconds each, the components' tests a fraction of that. Files that replace a module, a global or a
        // prototype for their tests keep a graph of their own (below).
        extends: true,
        test: {
          name: "components",
          environment: "jsdom",
          include: ["src/**/*.test.tsx"],
          exclude: ISOLATED_COMPONENT_TESTS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "components-isolated", environment: "jsdom", include: ISOLATED_COMPONENT_TESTS },
      },
      {
        // Modules, scripts and docs run in Node; a module test that needs a DOM says `// @vitest-environment jsdom`.
        extends: true,
        test: { name: "modules", environment: "node", include: ["src/**/*.test.ts", "tests/unit/**/*.test.{ts,mjs}"] },
      },
    ],
  },
});
