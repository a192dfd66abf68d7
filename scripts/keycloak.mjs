// @ts-check
// `node scripts/keycloak.mjs start|stop [instance]`: a Keycloak you can leave running (with the built jar and the
// demo realm), e.g. to point browser tests at with E2E_KEYCLOAK_URL. KC_PORT / KC_MANAGEMENT_PORT move it.
import path from "node:path";
import { JAR_NAME, keycloakOptions } from "./lib/keycloak-config.mjs";
import { KeycloakError, startKeycloak, stopInstance } from "./lib/keycloak-server.mjs";

const [command = "start", instance = "demo"] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, "..");

try {
  if (command === "stop") {
    console.log(
      (await stopInstance(instance)) ? `Stopped Keycloak (${instance}).` : `No Keycloak (${instance}) running.`,
    );
  } else if (command === "start") {
    const jar = path.join(root, "dist_keycloak", JAR_NAME);
    const server = await startKeycloak(
      keycloakOptions({ jarPath: jar, realmFiles: [path.join(root, "tests", "fixtures", "demo-realm.json")] }),
      { instance },
    );
    console.log(`Keycloak is ready at ${server.url} (pid ${server.pid}); stop it with: npm run keycloak:stop`);
  } else {
    throw new KeycloakError(`Unknown command '${command}': use start or stop.`);
  }
} catch (error) {
  console.error(error instanceof KeycloakError ? error.message : error);
  process.exit(1);
}
