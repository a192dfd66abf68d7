// @ts-check
// The bench's Keycloak: the current jar copied aside, a server started in the bench's mode (or one given by URL),
// its address per leg (protocol), and the realms it compares.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { JAR_NAME, keycloakOptions, serverArguments } from "../../../scripts/lib/keycloak-config.mjs";
import { startKeycloak } from "../../../scripts/lib/keycloak-server.mjs";
import { createUser, replaceRealm, SignedInAdmin } from "../../../scripts/lib/keycloak-admin.mjs";
import { BenchRefusal, checkServedBuild, readJar } from "./provenance.mjs";
import { THEME_NAME } from "../../../scripts/lib/keycloak-config.mjs";
import { makeCertificate } from "./certificate.mjs";
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
 * The server to measure on: BENCH_KEYCLOAK_URL's, or one started with the jar in the bench's mode (instance
 * BENCH_KC_INSTANCE, default `bench`). Dev mode: `start-dev` on plain HTTP, as always. Production mode: the production
 * shape, `kc.sh start` (see serverArguments) with Keycloak's own HTTPS listener on BENCH_KC_HTTPS_PORT, serving a
 * certificate made for this run, beside plain HTTP on BENCH_KC_PORT. Returns the address for scripts (`url`, plain
 * HTTP when there is one), the address of each leg, and the certificate (its files go with `stop()`).
 * @param {ReturnType<typeof currentJar>} jar
 * @param {ReturnType<typeof import("./config.mjs").benchSettings>} settings
 */
export async function benchKeycloak(jar, settings) {
  if (settings.keycloakUrl) {
    const url = settings.keycloakUrl;
    return { url, legs: legUrls(settings.legs, { url }), startedByBench: false, command: "unknown", stop() {} };
  }
  const production = settings.mode === "production";
  if (production && process.env.KC_BACKEND === "container") {
    throw new BenchRefusal(
      "The production shape needs Keycloak's own TLS listener, which the container back-end does not set up: unset KC_BACKEND.",
    );
  }
  for (const [name, [productionValue, dev]] of Object.entries(PRODUCTION_THEME)) {
    process.env[name] = production ? productionValue : dev;
  }
  const certificate = settings.legs.includes("https") ? makeCertificate() : undefined;
  try {
    const options = keycloakOptions({
      jarPath: jar.path,
      httpPort: settings.port,
      managementPort: settings.port + 1000,
      production,
      ...(certificate && {
        https: { port: settings.httpsPort, certificateFile: certificate.certificateFile, keyFile: certificate.keyFile },
      }),
    });
    // `kc.sh start` first builds the server for these options (Quarkus augmentation: minutes on a loaded machine).
    const timeoutSeconds = Number(process.env.KC_START_TIMEOUT ?? (production ? 600 : 240));
    const server = await startKeycloak(options, { instance: settings.instance, timeoutSeconds });
    return {
      url: server.url,
      legs: legUrls(settings.legs, server),
      certificate,
      startedByBench: true,
      command: serverArguments(options)[0],
      stop: async () => {
        await server.stop();
        certificate?.remove();
      },
    };
  } catch (error) {
    certificate?.remove();
    throw error;
  }
}

/**
 * The base address of each leg.
 * @param {import("./config.mjs").LegName[]} legs @param {{ url: string, httpsUrl?: string }} server
 * @returns {{ name: import("./config.mjs").LegName, url: string }[]}
 */
function legUrls(legs, server) {
  return legs.map((name) => ({ name, url: name === "https" ? (server.httpsUrl ?? server.url) : server.url }));
}

/** A realm on the given account theme with the bench's user. @param {SignedInAdmin} admin @param {string} realm @param {string} accountTheme */
export async function seedRealm(admin, realm, accountTheme) {
  await replaceRealm(admin, { realm, enabled: true, accountTheme });
  await createUser(admin, realm, { ...USER, email: USER_EMAIL });
}

/**
 * Both consoles' realms with the bench's user (through `url`), and the check that the server serves this jar in the
 * mode asked for at every leg's address (an HTTPS one trusting `ca`, the bench's certificate); refuses otherwise.
 * Returns the admin client and what the check found, for the first leg and for each.
 * @param {string} url @param {ReturnType<typeof currentJar>} jar
 * @param {{ mode: string, expectedMode: string }} settings
 * @param {{ name: string, url: string }[]} [legs] @param {Buffer} [ca]
 */
export async function seedConsoles(url, jar, settings, legs = [{ name: "http", url }], ca) {
  const admin = new SignedInAdmin(url);
  await seedRealm(admin, CONSOLES.ours, THEME_NAME);
  await seedRealm(admin, CONSOLES.stock, "keycloak.v3");
  /** @type {Record<string, Awaited<ReturnType<typeof checkServedBuild>>>} */
  const byLeg = {};
  for (const leg of legs) {
    const served = await checkServedBuild(leg.url, CONSOLES.ours, jar, ca);
    if (served.mode !== settings.expectedMode) {
      throw new BenchRefusal(
        `The server at ${leg.url} runs in ${served.mode} mode (theme files: ${JSON.stringify(served.resourceHeaders)}), not ${settings.expectedMode}: ` +
          (settings.mode === "production"
            ? "start it with --spi-theme--cache-themes=true --spi-theme--cache-templates=true --spi-theme--static-max-age=2592000 (or kc.sh start), or leave BENCH_KEYCLOAK_URL unset."
            : "use BENCH_MODE=production, or a start-dev server without the theme cache."),
      );
    }
    byLeg[leg.name] = served;
  }
  const served = /** @type {Awaited<ReturnType<typeof checkServedBuild>>} */ (Object.values(byLeg)[0]);
  return { admin, served, byLeg };
}
