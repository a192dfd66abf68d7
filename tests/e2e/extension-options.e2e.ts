import { JAR_PATH } from "../../scripts/lib/e2e-server.mjs";
import { keycloakOptions } from "../../scripts/lib/keycloak-config.mjs";
import { startKeycloak } from "../../scripts/lib/keycloak-server.mjs";
import { expect, test } from "./support/test";

// The extension's feature options (docs/extension.md, "Turning features off") fail closed: a value that is not true or
// false, or a misspelt option name, turns features off and says so in the server's log. Options are read once at
// start, so this file starts a Keycloak of its own with such options (on the run's port + 2, beside the run's server).

/** The legacy spelling of an option of the extension as an environment variable: every supported release reads it. */
const option = (name: string) =>
  `KC_SPI_REALM_RESTAPI_EXTENSION_ACCOUNT_CONSOLE_EXTENSION_${name.toUpperCase().replaceAll("-", "_")}`;
/** The newer spelling (`__` between the parts), which 26.0 ignores; newer releases list only these names. */
const newerOption = (name: string) =>
  `KC_SPI_REALM_RESTAPI_EXTENSION__ACCOUNT_CONSOLE_EXTENSION__${name.toUpperCase().replaceAll("-", "_")}`;

test("a feature option that is not true or false, or a misspelt option name, turns features off @core @own-server", async () => {
  // A server start of its own: minutes on a busy machine.
  test.setTimeout(720_000);
  const port = Number(process.env.E2E_KC_PORT ?? 8181) + 2;
  const server = await startKeycloak(
    keycloakOptions({
      jarPath: JAR_PATH,
      httpPort: port,
      managementPort: Number(process.env.E2E_KC_MANAGEMENT_PORT ?? 9181) + 2,
      environment: {
        // "off" reads as false in Keycloak's own conversion: it was silently ignored before (the feature stayed on).
        [option("account-activity-enabled")]: "off",
        // A typo of default-second-factor-enabled: it was silently ignored before. Keycloak lists the names of a
        // provider's options in one spelling, the older on 26.0, the newer on 26.7: the typo is made in both.
        [option("default-second-factr-enabled")]: "false",
        [newerOption("default-second-factr-enabled")]: "false",
      },
    }),
    { instance: `${process.env.E2E_KC_INSTANCE ?? "e2e"}-options`, timeoutSeconds: 600 },
  );
  try {
    // The master realm has account management on; a feature that is off answers 404 before any token is asked for,
    // where a feature that is on answers 401 to a request without one.
    const base = `${server.url}/realms/master/account-console-extension`;
    const events = await fetch(`${base}/events`);
    expect(events.status).toBe(404);
    expect(await events.json()).toMatchObject({ error: "not_found" });
    const makeDefault = await fetch(`${base}/credentials/some-id/default`, { method: "POST" });
    expect(makeDefault.status).toBe(404);
    // The rest of the extension is untouched: the probe still asks for a token, the texts answer.
    expect((await fetch(base)).status).toBe(401);
    expect((await fetch(`${base}/messages/en`)).status).toBe(200);

    // The error lines themselves are checked by FeaturesTest (JUnit): in dev mode Keycloak rewrites its console
    // output during start-up, and the log file kept here loses the lines written before the rewrite.
  } finally {
    await server.stop();
  }
});
