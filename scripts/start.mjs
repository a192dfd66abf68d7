// @ts-check
// `npm start`: build the theme jar, start Keycloak with the demo realm on our theme, print where to go.
// Ctrl-C stops the server.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { JAR_NAME, keycloakOptions } from "./lib/keycloak-config.mjs";
import { KeycloakError, startKeycloak } from "./lib/keycloak-server.mjs";

const root = path.resolve(import.meta.dirname, "..");

if (process.env.SKIP_BUILD !== "1") {
  const build = spawnSync(process.execPath, [path.join(root, "scripts", "build-theme.mjs")], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let server;
try {
  console.log("Starting Keycloak (the first start unpacks the distribution and takes longer)...");
  const started = Date.now();
  server = await startKeycloak(
    keycloakOptions({
      jarPath: path.join(root, "dist_keycloak", JAR_NAME),
      realmFiles: [path.join(root, "tests", "fixtures", "demo-realm.json")],
    }),
    { instance: "demo" },
  );
  console.log(
    [
      "",
      `Keycloak is ready (${((Date.now() - started) / 1000).toFixed(0)} s).`,
      `  Account console: ${server.url}/realms/demo/account/`,
      "  Sign in as:      alice / alice",
      `  Admin console:   ${server.url}/admin/  (admin / admin)`,
      `  Server log:      ${server.logFile}`,
      "Press Ctrl-C to stop the server.",
    ].join("\n"),
  );
} catch (error) {
  console.error(error instanceof KeycloakError ? error.message : error);
  process.exit(1);
}

const stop = async () => {
  console.log("\nStopping Keycloak...");
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// Stay alive until a signal arrives.
setInterval(() => {}, 1 << 30);
