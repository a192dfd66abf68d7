// @ts-check
// The bench's Keycloak: the current jar copied aside, a server started in the bench's mode (or one given by URL),
// and the realms it compares.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { JAR_NAME } from "../keycloak-config.mjs";
import { keycloakOptions } from "../keycloak-config.mjs";
import { startKeycloak } from "../keycloak-server.mjs";
import { BenchRefusal, readJar } from "../bench-provenance.mjs";
import { PRODUCTION_THEME, USER, USER_EMAIL } from "./config.mjs";

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
