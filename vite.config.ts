import { mkdirSync } from "node:fs";
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { keycloakify } from "keycloakify/vite-plugin";
import { defineConfig, type PluginOption, type UserConfig } from "vite";
import { checker } from "vite-plugin-checker";
import { APP_START, entryLinksTemplate, SHELL_CHUNK } from "./scripts/lib/entry-links.mjs";
import { LANDING_PAGE } from "./scripts/lib/first-screen-files.mjs";
import { purgeStylesheets } from "./scripts/lib/purge-css.mjs";
import { THEME_NAME } from "./scripts/lib/keycloak-config.mjs";

const distDirectory = path.resolve(import.meta.dirname, "dist");
const themeSourceDirectory = path.resolve(import.meta.dirname, "src", "theme", "account");

// keycloakify runs this config twice during `keycloakify build`: once to read its options, once to run
// postBuild. Only then is its plugin wanted; in plain `vite build`/`vite dev` it would generate
// kc.gen.tsx and dev resources we do not use (see docs/packaging.md).
const underKeycloakify =
  process.env.KEYCLOAKIFY_RESOLVE_VITE_CONFIG !== undefined ||
  process.env.KEYCLOAKIFY_RUN_POST_BUILD_SCRIPT !== undefined;

function keycloakifyPackaging(): PluginOption {
  // keycloakify generates no theme type here, so it never creates the resources folder that it then
  // enters to run postBuild; create it first (see docs/packaging.md).
  const postBuild = process.env.KEYCLOAKIFY_RUN_POST_BUILD_SCRIPT;
  if (postBuild !== undefined) {
    mkdirSync((JSON.parse(postBuild) as { resourcesDirPath: string }).resourcesDirPath, { recursive: true });
  }

  return keycloakify({
    themeName: THEME_NAME,
    // keycloakify generates no account theme of its own: ours is the template in src/theme/account plus our
    // Vite build, placed by postBuild where Keycloak's AccountConsole reads resources/.vite/manifest.json.
    accountThemeImplementation: "none",
    // One jar, for Keycloak 26.0 to 26.7: no jar for 22 to 25, which the console does not support (docs/versions.md).
    keycloakVersionTargets: { "22-to-25": false, "all-other-versions": true },
    postBuild: async () => {
      const account = path.join(process.cwd(), "theme", THEME_NAME, "account");
      await cp(themeSourceDirectory, account, { recursive: true });
      await cp(distDirectory, path.join(account, "resources"), { recursive: true });
      const manifest = JSON.parse(await readFile(path.join(distDirectory, ".vite", "manifest.json"), "utf8"));
      await writeFile(path.join(account, "entry-links.ftl"), entryLinksTemplate(manifest));
    },
  });
}

/** The dev server's first module for the page (index.ftl loads it when Keycloak hands it `devServerUrl`). */
const DEV_CLIENT = "/@account-console/dev-client";

/**
 * `npm run dev` only (scripts/dev.mjs): what Keycloak's page needs from the dev server before the app, as a module
 * rather than an inline script in the template. React Refresh's global hook must be in place before any component
 * module runs; the type checker's client shows its errors over the page.
 */
function devClient(): PluginOption {
  const resolved = "\0account-console-dev-client";
  return {
    name: "account-console:dev-client",
    apply: "serve",
    resolveId: (source) => (source === DEV_CLIENT ? resolved : undefined),
    load: (id) =>
      id === resolved
        ? [
            'import { injectIntoGlobalHook } from "/@react-refresh";',
            'import "/@vite-plugin-checker-runtime-entry";',
            "injectIntoGlobalHook(window);",
            "window.$RefreshReg$ = () => {};",
            "window.$RefreshSig$ = () => (type) => type;",
            "window.__vite_plugin_react_preamble_installed__ = true;",
          ].join("\n")
        : undefined,
  };
}

/**
 * The build's stylesheets without PatternFly's rules that no built script or the page's template names
 * (scripts/lib/purge-css.mjs; docs/performance.md).
 */
function purgeCss(): PluginOption {
  return {
    name: "account-console:purge-css",
    apply: "build",
    enforce: "post",
    async generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const scripts = files.flatMap((file) => (file.type === "chunk" ? [file.code] : []));
      const stylesheets = files.flatMap((file) =>
        file.type === "asset" && file.fileName.endsWith(".css") ? [file] : [],
      );
      const text = (source: string | Uint8Array) =>
        typeof source === "string" ? source : new TextDecoder().decode(source);
      const purged = await purgeStylesheets(
        stylesheets.map((file) => text(file.source)),
        scripts,
      );
      stylesheets.forEach((file, index) => (file.source = purged[index]!));
    },
  };
}

const input = "src/main.tsx";

/**
 * react-i18next imports `use-sync-external-store/shim`, a stand-in for React before 18 (CommonJS, with its interop
 * wrapper), which on React 19 only hands over React's own hook. It gets React's hook directly.
 */
const resolve = {
  alias: [
    {
      find: /^use-sync-external-store\/shim(\/index\.js)?$/,
      replacement: path.resolve(import.meta.dirname, "src", "lib", "reactStore.ts"),
    },
  ],
};

/** The landing page's loader, which the route table imports apart from the page (src/app/routing/pages.ts). */
const LANDING_LOADER = "src/pages/personal-info/loader.ts";
/**
 * The first screen's own modules: the app, which the entry imports once sign-in has started, and the landing page with
 * its loader.
 */
const isFirstScreenRoot = (id: string) =>
  [APP_START, LANDING_PAGE, LANDING_LOADER].some((root) => id.endsWith(`/${root}`));

export default defineConfig(({ command }): UserConfig => {
  return {
    // Relative, like the stock console: Keycloak serves assets under a versioned resource URL.
    base: "./",
    plugins: [
      react(),
      purgeCss(),
      ...(underKeycloakify ? [keycloakifyPackaging()] : []),
      // Type errors in the terminal and over the page, while developing only (the build's checks are npm test's).
      ...(command === "serve" ? [devClient(), checker({ typescript: true })] : []),
    ],
    // The dev server (scripts/dev.mjs sets its port and origin). There is no index.html to start from: Vite is told
    // the entry, so it finds every dependency up front (a dependency found later reloads the page) and transforms the
    // first screen's modules before the browser asks.
    optimizeDeps: { entries: [input] },
    resolve,
    server: { warmup: { clientFiles: [input, APP_START] } },
    build: {
      // Relative: keycloakify derives dist_keycloak from it.
      outDir: "dist",
      manifest: true,
      target: "es2022",
      chunkSizeWarningLimit: 700,
      // No index.html: Keycloak renders the page (index.ftl) and reads the entry from the manifest.
      rolldownOptions: {
        input,
        output: {
          // The first screen at /account/ in three scripts and one stylesheet: the entry, rolldown's runtime and the
          // shell (the app and the landing page with everything they import). Left to automatic splitting, the shell
          // would be a dozen shared chunks, most with a stylesheet of their own. A console opened on another page
          // loads personal info's code with the shell, which it would load on the first visit there anyway.
          codeSplitting: {
            groups: [
              // What the entry imports statically, which runs first and must not wait for the shell: captured first,
              // so that the shell cannot take it, and then folded by rolldown into the entry's own chunk.
              { name: "start-up", tags: ["$initial"], priority: 1 },
              // The roots and every module they import (as far as tree-shaking kept the import).
              { name: (id) => (isFirstScreenRoot(id) ? SHELL_CHUNK : null), debugName: SHELL_CHUNK },
            ],
          },
        },
      },
    },
  };
});
