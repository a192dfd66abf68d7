import path from "node:path";
import type { RunningKeycloak } from "../../scripts/lib/keycloak-server.mjs";
import { buildJarIfStale, startE2eKeycloak } from "../../scripts/lib/e2e-server.mjs";
import { a11yRecipe, A11Y_REALMS } from "./a11y/realm";
import { KeycloakAdmin } from "./support/admin";
import { prepareRealms } from "./support/realms";

export { JAR_PATH } from "../../scripts/lib/e2e-server.mjs";

// Global setup and teardown run in the runner's process; the server handle and the realms being made wait here
// between the two.
const state = globalThis as { e2eKeycloak?: RunningKeycloak; e2eRealmsMade?: Promise<unknown> };

/**
 * Rebuilds the jar when a source is newer, then starts one Keycloak for the whole run and hands its address to the
 * workers through E2E_KEYCLOAK_URL (they inherit the runner's environment). Then starts making, side by side, the
 * realms that take long to make (`preparedRealms`), and returns without waiting for them.
 */
export default async function globalSetup() {
  buildJarIfStale();

  // A server that is already up: `npm test` starts it beside the unit tests; for quick iteration, `npm run
  // keycloak:start`. Either must serve the current jar.
  const reuse = process.env.E2E_KEYCLOAK_URL;
  if (reuse) {
    console.log(`Using the running Keycloak at ${reuse} (E2E_KEYCLOAK_URL); it must serve the current jar.`);
  } else {
    const server = await startE2eKeycloak();
    state.e2eKeycloak = server;
    process.env.E2E_KEYCLOAK_URL = server.url;
    // The server's log, for the tests that check what it never holds (a secret); none for a container.
    if (server.logFile) process.env.E2E_KEYCLOAK_LOG = server.logFile;
    // Stopped after the run: the files' realms need not be deleted one by one (see realmLifecycle).
    process.env.E2E_KEYCLOAK_DISPOSABLE = "1";
  }

  // Not awaited: the workers start beside them, and one that needs a realm still being made waits for it.
  const realms = preparedRealms();
  if (Object.keys(realms).length === 0) return;
  const started = Date.now();
  state.e2eRealmsMade = prepareRealms(new KeycloakAdmin(process.env.E2E_KEYCLOAK_URL!), realms).then((made) =>
    console.log(
      `Made ${made.length} realms ahead in ${((Date.now() - started) / 1000).toFixed(1)} s: ${made.join(", ")}`,
    ),
  );
}

/**
 * The realms made ahead, beside the first tests: the accessibility files' copies, each furnished through many requests,
 * for the files this run includes. A file still names its realm in `realms`; the first worker that does takes it.
 */
function preparedRealms() {
  return Object.fromEntries(
    Object.entries(A11Y_REALMS)
      .filter(([, file]) => runIncludes(path.resolve(file)))
      .map(([realm]) => [realm, a11yRecipe(realm)]),
  );
}

/** Options of `playwright test` that take the next argument as their value. */
const VALUED = new Set(["-c", "--config", "-j", "--workers", "--project", "--reporter", "--output", "--timeout"]);

/**
 * Whether this run may include `file`: the command line names no files, or names one that matches it (Playwright
 * reads each as a regular expression over the path). With a title filter (--grep) nothing is made ahead: it may
 * leave every test of the file out, and the worker makes what a file needs anyway.
 */
function runIncludes(file: string): boolean {
  const args = process.argv.slice(process.argv.indexOf("test") + 1);
  if (args.some((arg) => arg === "-g" || arg.startsWith("--grep") || arg === "--last-failed")) return false;
  const filters = args.filter((arg, index) => !arg.startsWith("-") && !VALUED.has(args[index - 1] ?? ""));
  const matches = (filter: string) => {
    try {
      return new RegExp(filter).test(file);
    } catch {
      return file.includes(filter);
    }
  };
  return filters.length === 0 || filters.some(matches);
}

export async function stopKeycloak() {
  await state.e2eRealmsMade;
  await state.e2eKeycloak?.stop();
  state.e2eKeycloak = undefined;
}
