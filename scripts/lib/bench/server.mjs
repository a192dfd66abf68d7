// @ts-check
// The bench's Keycloak: the current jar copied aside, a server started in the bench's mode (or one given by URL),
// and the realms it compares.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { JAR_NAME } from "../keycloak-config.mjs";
import { keycloakOptions } from "../keycloak-config.mjs";
import { startKeycloak } from "../keycloak-server.mjs";
import { AdminClient } from "../admin-client.mjs";
import { BenchRefusal, checkServedBuild, readJar } from "../bench-provenance.mjs";
import { THEME_NAME } from "../keycloak-config.mjs";
import { CONSOLES, PRODUCTION_THEME, USER, USER_EMAIL } from "./config.mjs";

/**
 * The jar of the current build, copied aside first: a build that rewrites dist_keycloak during the bench changes
 * neither what the server was started with nor the sha256 recorded for it.
 * @param {string} root
 */
export function currentJar(root) {
  const jarPath = path.join(root, "dist_keycloak", JAR_NAME);
  if (!existsSync(jarPath)) throw new BenchRefusal("No theme jar in dist_keycloak: run npm run build first.");
  const aside = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-jar-")), JAR_NAME);
  copyFileSync(jarPath, aside);
  return {
    path: aside,
    ...readJar(aside),
    remove: () => rmSync(path.dirname(aside), { recursive: true, force: true }),
  };
}

/**
 * The server to measure on: BENCH_KEYCLOAK_URL's, or instance `bench` started with the jar in the bench's mode.
 * @param {ReturnType<typeof currentJar>} jar
 * @param {{ mode: string, keycloakUrl?: string, port: number }} settings
 */
export async function benchKeycloak(jar, settings) {
  if (settings.keycloakUrl) return { url: settings.keycloakUrl, startedByBench: false, stop() {} };
  for (const [name, [production, dev]] of Object.entries(PRODUCTION_THEME)) {
    process.env[name] = settings.mode === "production" ? production : dev;
  }
  const server = await startKeycloak(
    keycloakOptions({ jarPath: jar.path, httpPort: settings.port, managementPort: settings.port + 1000 }),
    { instance: "bench" },
  );
  return { url: server.url, startedByBench: true, stop: () => server.stop() };
}

/** A realm on the given account theme with the bench's user. @param {import("../admin-client.mjs").AdminClient} admin @param {string} realm @param {string} accountTheme */
export async function seedRealm(admin, realm, accountTheme) {
  await admin.replaceRealm({ realm, enabled: true, accountTheme });
  await admin.createUser(realm, { ...USER, email: USER_EMAIL });
}

/**
 * Both consoles' realms with the bench's user, and the check that the server serves this jar in the mode asked
 * for; refuses otherwise. Returns the admin client and what the check found.
 * @param {string} url @param {ReturnType<typeof currentJar>} jar
 * @param {{ mode: string, expectedMode: string }} settings
 */
export async function seedConsoles(url, jar, settings) {
  const admin = await AdminClient.signIn(url);
  await seedRealm(admin, CONSOLES.ours, THEME_NAME);
  await seedRealm(admin, CONSOLES.stock, "keycloak.v3");
  const served = await checkServedBuild(url, CONSOLES.ours, jar);
  if (served.mode !== settings.expectedMode) {
    throw new BenchRefusal(
      `The server at ${url} runs in ${served.mode} mode (theme files: ${JSON.stringify(served.resourceHeaders)}), not ${settings.expectedMode}: ` +
        (settings.mode === "production"
          ? "start it with --spi-theme--cache-themes=true --spi-theme--cache-templates=true --spi-theme--static-max-age=2592000 (or kc.sh start), or leave BENCH_KEYCLOAK_URL unset."
          : "use BENCH_MODE=production, or a start-dev server without the theme cache."),
    );
  }
  return { admin, served };
}
