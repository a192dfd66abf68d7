import { stopKeycloak } from "./global-setup";
import { forgetPreparedRealms } from "./support/realms";

/** Stops the Keycloak the global setup started (a reused E2E_KEYCLOAK_URL server keeps running). */
export default async function globalTeardown() {
  forgetPreparedRealms();
  await stopKeycloak();
}
