// @ts-check
// `node scripts/keycloak.mjs start|stop [instance]`: a Keycloak you can leave running (with the built jar and the
// demo realm), e.g. to point browser tests at with E2E_KEYCLOAK_URL. KC_PORT / KC_MANAGEMENT_PORT move it.
// `node scripts/keycloak.mjs download [version ...]`: fetches distributions into the cache (and their stock message
// bundles, which the unit tests read) ahead of the tests; by default the default and the oldest supported version.
// It needs no npm package, so .ci/run starts it before `npm ci`.
import path from "node:path";
import {
  DEFAULT_KEYCLOAK_VERSION,
  JAR_NAME,
  OLDEST_SUPPORTED_VERSION,
  keycloakOptions,
} from "./lib/keycloak-config.mjs";
import { KeycloakError, startKeycloak, stopInstance } from "./lib/keycloak-server.mjs";
import { ensureStockMessages } from "./lib/message-bundles.mjs";

const [command = "start", instance = "demo", ...more] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, "..");

try {
  if (command === "stop") {
    console.log(
      (await stopInstance(instance)) ? `Stopped Keycloak (${instance}).` : `No Keycloak (${instance}) running.`,
    );
  } else if (command === "start") {
    const jar = path.join(root, "dist_keycloak", JAR_NAME);
    const server = await startKeycloak(
      keycloakOptions({
        jarPath: jar,
        realmFiles: [path.join(root, "tests", "fixtures", "demo-realm.json")],
        // As the browser tests' own server (scripts/lib/e2e-server.mjs), which this one may stand in for.
        proxyHeaders: true,
      }),
      { instance },
    );
    console.log(`Keycloak is ready at ${server.url} (pid ${server.pid}); stop it with: npm run keycloak:stop`);
  } else if (command === "download") {
    const versions =
      process.argv.length > 3 ? [instance, ...more] : [DEFAULT_KEYCLOAK_VERSION, OLDEST_SUPPORTED_VERSION];
    for (const version of versions) ensureStockMessages(version);
    console.log(`Keycloak ${versions.join(", ")}: in the cache.`);
  } else {
    throw new KeycloakError(`Unknown command '${command}': use start, stop or download.`);
  }
} catch (error) {
  console.error(error instanceof KeycloakError ? error.message : error);
  process.exit(1);
}
