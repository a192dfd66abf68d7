import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import { readdirSync } from "node:fs";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist", "dist_keycloak", "coverage", "node_modules", "public", ".tmp"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              message:
                "Import routing from src/lib/routing/: it re-exports react-router with the console's links and page switch.",
            },
            {
              name: "react-router/dom",
              message: "Import RouterProvider from src/lib/routing/.",
            },
            {
              name: "wouter",
              message: "The console's routing is react-router, through src/lib/routing/.",
            },
          ],
          patterns: [
            { group: ["**/lib/router"], message: "src/lib/router.tsx is gone: import from src/lib/routing/." },
          ],
        },
      ],
    },
  },
  // Only the routing layer talks to react-router.
  { files: ["src/lib/routing/**"], rules: { "no-restricted-imports": "off" } },
  // Layering. Each folder of src/ may import only the folders below it in LAYERS (and itself); a page never imports
  // another page; product code never imports the test fakes; and no import cycle, at any depth.
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // The cycle rule reads the imported files too: it needs to know how to parse TypeScript.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // Tests of every folder use the test helpers: here only the order below testing/.
      "import-x/no-restricted-paths": ["error", { zones: layerZones({ testsImportTesting: true }) }],
    },
  },
  // Product code (not tests, not the test helpers themselves) never imports the test fakes.
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}", "src/testing/**"],
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: layerZones() }],
    },
  },
  // Browser tests run on Playwright's runner with our fixtures (docs/testing.md, "Writing a browser test").
  {
    files: ["tests/e2e/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "vitest",
              message: "Browser tests run on Playwright: import { test, expect } from ./support/test.",
            },
            { name: "playwright-core", message: "Browser tests run on Playwright: import from ./support/test." },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs", "tools/**/*.{mjs,ts}", "tests/**/*.ts", "*.config.{ts,js}"],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.property.name='only']", message: "No .only in committed tests." },
      ],
    },
  },
);

/**
 * The folders of src/, bottom first: a folder imports only those before it. lib/ imports nothing of ours; app/ is the
 * shell and may import every page; testing/ (fakes and render helpers, for tests only) sits on top, since it renders
 * the app's providers and pages.
 */
function layerZones({ testsImportTesting = false } = {}) {
  const LAYERS = ["lib", "environment", "auth", "api", "menu", "i18n", "ui", "user-profile", "pages", "app", "testing"];
  const zones = LAYERS.flatMap((layer, index) =>
    LAYERS.slice(index + 1)
      .filter((above) => !(testsImportTesting && above === "testing"))
      .map((above) => ({
        target: `./src/${layer}`,
        from: `./src/${above}`,
        message:
          above === "testing"
            ? "Product code never imports src/testing/ (fakes and render helpers, for tests only)."
            : `${layer}/ is below ${above}/ (eslint.config.js, LAYERS): move what both need down, or invert the call.`,
      })),
  );
  const pages = readdirSync(new URL("./src/pages", import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  for (const page of pages) {
    zones.push({
      target: `./src/pages/${page}`,
      from: "./src/pages",
      except: [`./${page}`, "./page.tsx"],
      message: "A page never imports another page: move what both need to ui/ or api/ (pages/page.tsx is shared).",
    });
  }
  return zones;
}
