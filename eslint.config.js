import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
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
    },
  },
  // Layering: shared code -> pages -> app. Shared modules never reach up; a page never reaches into another page.
  {
    files: ["src/ui/**", "src/api/**", "src/auth/**", "src/environment/**", "src/i18n/**", "src/user-profile/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "(^|/)app(/|$)", message: "Shared code never imports the shell (app/)." },
            { regex: "(^|/)pages(/|$)", message: "Shared code never imports a page." },
          ],
        },
      ],
    },
  },
  {
    files: ["src/pages/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "(^|/)app(/|$)", message: "A page never imports the shell (app/): take what it needs from ui/ or api/." },
            { regex: "^\\.\\./(?!\\.\\./)", message: "A page never imports another page: move shared code to ui/ or api/." },
            { regex: "(^|/)pages/", message: "A page never imports another page: move shared code to ui/ or api/." },
          ],
        },
      ],
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
            { name: "vitest", message: "Browser tests run on Playwright: import { test, expect } from ./support/test." },
            { name: "playwright-core", message: "Browser tests run on Playwright: import from ./support/test." },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs", "tests/**/*.ts", "*.config.{ts,js}"],
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
