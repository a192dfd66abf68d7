// What start-up holds, as scripts/lib/first-screen-files.mjs reads it from Vite's manifest (for the bundle budget in
// tests/e2e/bundle-budget.e2e.ts and `npm run bench:build` alike).
import { describe, expect, it } from "vitest";
import { firstScreenFiles, GZIP_LEVEL, LANDING_PAGE } from "../../scripts/lib/first-screen-files.mjs";

/** The manifest's entry, main.js with its stylesheet main.css, and `changes`. */
const entry = (changes: { imports?: string[]; dynamicImports: string[]; assets?: string[] }) => ({
  file: "assets/main.js",
  isEntry: true,
  css: ["assets/main.css"],
  ...changes,
});

describe("what start-up holds (shared with npm run bench:build)", () => {
  it("is the entry, the app chunk it imports at once and the landing page, with their static imports", () => {
    const manifest = {
      "src/main.tsx": entry({
        imports: ["_runtime.js"],
        dynamicImports: ["_shell.js", "src/pages/Groups.tsx"],
        assets: ["assets/red-hat-text-latin-wght-normal-1.woff2", "assets/red-hat-text-latin-wght-italic-1.woff2"],
      }),
      "_runtime.js": { file: "assets/runtime.js" },
      "_shell.js": { file: "assets/shell.js", name: "shell", imports: ["_runtime.js"], css: ["assets/shell.css"] },
      [LANDING_PAGE]: { file: "assets/PersonalInfo.js", imports: ["_shell.js", "_form.js"], css: ["assets/pi.css"] },
      "_form.js": { file: "assets/form.js" },
      "src/pages/Groups.tsx": { file: "assets/Groups.js", imports: ["_shell.js"], css: ["assets/groups.css"] },
    };
    expect(firstScreenFiles(manifest)).toEqual({
      js: ["assets/main.js", "assets/runtime.js", "assets/shell.js", "assets/PersonalInfo.js", "assets/form.js"],
      css: ["assets/main.css", "assets/shell.css", "assets/pi.css"],
      appStart: ["_shell.js"],
    });
  });

  it("counts the landing page with the shell when it has no chunk of its own", () => {
    const manifest = {
      "src/main.tsx": entry({ dynamicImports: ["_shell.js"] }),
      "_shell.js": { file: "assets/shell.js", name: "shell", imports: ["src/main.tsx"], css: ["assets/shell.css"] },
    };
    expect(firstScreenFiles(manifest)).toEqual({
      js: ["assets/main.js", "assets/shell.js"],
      css: ["assets/main.css", "assets/shell.css"],
      appStart: ["_shell.js"],
    });
  });

  it("gzips at Keycloak's level for theme resources (6)", () => {
    expect(GZIP_LEVEL).toBe(6);
  });
});
