// @ts-check
// `npm start`: build the theme jar if a source changed, start Keycloak with the demo realm on our theme, print where
// to go. A slow start on a busy machine is waited for while the server's log moves. Ctrl-C stops the server.
import path from "node:path";
import { keycloakOptions } from "./lib/keycloak-config.mjs";
import { offerAppPasswords, SignedInAdmin } from "./lib/keycloak-admin.mjs";
import { KeycloakError, startKeycloak } from "./lib/keycloak-server.mjs";
import { startMailCatcher } from "./lib/mail-catcher.mjs";
import { JAR_PATH, buildJarIfStale, jarIsStale } from "./lib/theme-jar.mjs";

/** Where the demo's mails go, and the page that shows them (README, "Sign-in alerts"). */
const MAIL_SMTP_PORT = Number(process.env.MAIL_CATCHER_SMTP_PORT || 1025);
const MAIL_PAGE_PORT = Number(process.env.MAIL_CATCHER_PORT || 8025);

const root = path.resolve(import.meta.dirname, "..");

if (process.env.SKIP_BUILD !== "1") {
  if (!jarIsStale()) console.log("The theme jar is newer than every source: not built again.");
  try {
    buildJarIfStale();
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exit(1);
  }
}

let server;
/** @type {Awaited<ReturnType<typeof startMailCatcher>> | undefined} */
let mailCatcher;
try {
  mailCatcher = await startMailCatcher({ smtpPort: MAIL_SMTP_PORT, webPort: MAIL_PAGE_PORT });
  console.log("Starting Keycloak (the first start unpacks the distribution and takes longer)...");
  const started = Date.now();
  server = await startKeycloak(
    keycloakOptions({
      jarPath: JAR_PATH,
      realmFiles: [path.join(root, "tests", "fixtures", "demo-realm.json")],
    }),
    {
      instance: "demo",
      onWaiting: (seconds, line) => console.log(`  still starting (${seconds} s); its log: ${line.slice(0, 160)}`),
    },
  );
  await showcaseDemoRealm(server.url);
  console.log(
    [
      "",
      `Keycloak is ready (${((Date.now() - started) / 1000).toFixed(0)} s).`,
      `  Account console: ${server.url}/realms/demo/account/`,
      "  Sign in as:      alice / alice",
      `  Admin console:   ${server.url}/admin/  (admin / admin)`,
      `  Mails sent:      http://localhost:${MAIL_PAGE_PORT}/  (sign-in alerts; SMTP on port ${MAIL_SMTP_PORT})`,
      `  Server log:      ${server.logFile}`,
      "Press Ctrl-C to stop the server.",
    ].join("\n"),
  );
} catch (error) {
  console.error(error instanceof KeycloakError ? error.message : error);
  await mailCatcher?.close();
  process.exit(1);
}

const stop = async () => {
  console.log("\nStopping Keycloak...");
  await server.stop();
  await mailCatcher?.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// Stay alive until a signal arrives.
setInterval(() => {}, 1 << 30);

/**
 * What the demo shows beyond the test realm's settings (tests/fixtures/demo-realm.json is also the browser tests'
 * realm): it saves user events, so Account activity lists rows, it sends sign-in alerts to the local mail catcher, and
 * its client `mail-server` signs in with app passwords only (docs/extension.md, "App passwords").
 * Set through the Admin API at each start, so a demo realm kept from an earlier run gets them too.
 * @param {string} url
 */
async function showcaseDemoRealm(url) {
  const admin = new SignedInAdmin(url, { username: "admin", password: "admin" });
  await admin.realms.update(
    { realm: "demo" },
    {
      eventsEnabled: true,
      eventsListeners: ["jboss-logging", "account-console-sign-in-alerts"],
      smtpServer: { host: "127.0.0.1", port: String(MAIL_SMTP_PORT), from: "keycloak@demo.example" },
    },
  );
  await offerAppPasswords(admin, "demo", { clientId: "mail-server" });
  await offerLastingAccess(admin, "demo", DEMO_APP);
}

/** The demo's application that can hold lasting access (README, "Lasting access"). */
const DEMO_APP = "demo-notes";

/**
 * Lets alice grant lasting access: she gets Keycloak's `offline_access` role, and the public client `demo-notes`
 * takes her password grant (a stand-in for an application; the README's curl line plays it) with the realm's
 * `offline_access` scope.
 * @param {SignedInAdmin} admin @param {string} realm @param {string} clientId
 */
async function offerLastingAccess(admin, realm, clientId) {
  const [alice] = await admin.users.find({ realm, username: "alice", exact: true });
  const role = await admin.roles.findOneByName({ realm, name: "offline_access" });
  if (alice?.id && role?.id && role.name) {
    await admin.users.addRealmRoleMappings({ realm, id: alice.id, roles: [{ id: role.id, name: role.name }] });
  }
  const [client] = await admin.clients.find({ realm, clientId });
  if (!client) {
    await admin.clients.create({
      realm,
      clientId,
      name: "Notes (demo)",
      publicClient: true,
      standardFlowEnabled: false,
      directAccessGrantsEnabled: true,
      optionalClientScopes: ["offline_access"],
    });
  }
}
