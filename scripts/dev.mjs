// @ts-check
// `npm run dev`: the demo realm on a Keycloak in start-dev whose account console loads the app from Vite's dev
// server: hot updates with React Refresh, type errors in the terminal and over the page. Sign-in, the Account API and
// translations are the real Keycloak's. Ctrl-C stops both servers.
//
// Keycloak 26.7 puts `devServerUrl` into the account template's model in start-dev only, from the environment
// variable KC_ACCOUNT_VITE_URL (ViteManifest.ACCOUNT_VITE_URL in its sources); index.ftl then loads the dev server's
// modules instead of the built ones. The theme is not a jar here but a folder of the server's themes/ that links to
// src/theme/account (template, properties, messages) and public/ (content.json, logo, the page's small scripts):
// there is nothing to build before a start, and start-dev caches no theme file, so an edit there shows at the next
// reload.
//
// Ports: KC_PORT / KC_MANAGEMENT_PORT for Keycloak (8080 / 9000), DEV_PORT for Vite (5173). The server folder is the
// cache's instance "dev" (DEV_KC_INSTANCE names another); its first start unpacks Keycloak and builds it once.
import fs from "node:fs";
import path from "node:path";
import { createServer } from "vite";
import { THEME_NAME, keycloakOptions } from "./lib/keycloak-config.mjs";
import { KeycloakError, ensureDistribution, startKeycloak } from "./lib/keycloak-server.mjs";

const root = path.resolve(import.meta.dirname, "..");
/** Its own server folder, so `npm start` (instance "demo") and the browser tests ("e2e") may run beside it. */
const INSTANCE = process.env.DEV_KC_INSTANCE || "dev";
/** The variable Keycloak reads the account console's dev server from (checked in 26.7.4's AccountConsole). */
export const ACCOUNT_VITE_URL = "KC_ACCOUNT_VITE_URL";

/**
 * The theme's files as Keycloak's folder theme provider sees them: `<home>/themes/<theme>/account/`, each entry a
 * link into the work tree. `entry-links.ftl`, written by the build, is absent: index.ftl skips it under the dev
 * server. A directory link for `resources/`, not a link per file: Keycloak refuses a resource whose real path leaves
 * the resources folder.
 * @param {string} home the Keycloak distribution
 */
export function linkThemeFolder(home) {
  const theme = path.join(home, "themes", THEME_NAME);
  fs.rmSync(theme, { recursive: true, force: true });
  const account = path.join(theme, "account");
  fs.mkdirSync(account, { recursive: true });
  const source = path.join(root, "src", "theme", "account");
  for (const name of ["index.ftl", "theme.properties", "messages"]) {
    fs.symlinkSync(path.join(source, name), path.join(account, name));
  }
  fs.symlinkSync(path.join(root, "public"), path.join(account, "resources"));
  return account;
}

/** @param {string | undefined} value @param {number} fallback */
function port(value, fallback) {
  const number = value ? Number(value) : fallback;
  if (!Number.isInteger(number) || number <= 0 || number > 65535) throw new KeycloakError(`Invalid port '${value}'.`);
  return number;
}

async function main() {
  if (process.env.KC_BACKEND === "container") {
    throw new KeycloakError("npm run dev runs the distribution only (the theme is a folder of this machine).");
  }
  const started = Date.now();
  const options = keycloakOptions({ realmFiles: [path.join(root, "tests", "fixtures", "demo-realm.json")] });
  const keycloakUrl = `http://localhost:${options.httpPort}`;
  const devUrl = `http://localhost:${port(process.env.DEV_PORT, 5173)}`;

  // The page is Keycloak's, on another origin: the dev server names itself in the URLs it writes (stylesheets' fonts
  // and images), answers module requests from Keycloak's origin (CORS), and its client opens the update socket to it.
  const vite = await createServer({
    root,
    clearScreen: false,
    server: {
      port: Number(new URL(devUrl).port),
      strictPort: true,
      origin: devUrl,
      cors: { origin: [keycloakUrl, keycloakUrl.replace("localhost", "127.0.0.1")] },
    },
  });
  await vite.listen();

  let server;
  try {
    const account = linkThemeFolder(ensureDistribution(options.version, INSTANCE));
    console.log(`Theme folder ${account} links to src/theme/account and public/.`);
    console.log("Starting Keycloak in start-dev (the demo realm is imported at each start)...");
    process.env[ACCOUNT_VITE_URL] = devUrl;
    server = await startKeycloak(options, { instance: INSTANCE });
  } catch (error) {
    await vite.close();
    throw error;
  }

  console.log(
    [
      "",
      `Ready in ${((Date.now() - started) / 1000).toFixed(0)} s: Keycloak at ${server.url}, the app from ${devUrl}.`,
      `  Account console: ${server.url}/realms/demo/account/  (alice / alice)`,
      `  Admin console:   ${server.url}/admin/  (admin / admin)`,
      `  Server log:      ${server.logFile}`,
      "Components and stylesheets update in place; theme files (template, messages, content.json) at the next reload.",
      "Press Ctrl-C to stop both servers.",
    ].join("\n"),
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping Keycloak and the dev server...");
    await Promise.all([server.stop(), vite.close()]);
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error) => {
    console.error(error instanceof KeycloakError ? error.message : error);
    process.exit(1);
  });
}
