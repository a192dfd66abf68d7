// @ts-check
// `npm run build`: our Vite build, then keycloakify packages it (with src/theme/account) into the jar.
// See docs/packaging.md for why it is two steps.
import { spawnSync } from "node:child_process";
import { existsSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { JAR_NAME } from "./lib/keycloak-config.mjs";

const root = path.resolve(import.meta.dirname, "..");

/** @param {string} label @param {string[]} args @param {NodeJS.ProcessEnv} [env] */
function run(label, args, env = process.env) {
  const started = Date.now();
  const result = spawnSync("npx", ["--no-install", ...args], { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) {
    console.error(`${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
  return (Date.now() - started) / 1000;
}

if (spawnSync("mvn", ["-v"], { stdio: "ignore" }).status !== 0) {
  console.error("Maven (mvn) not found: keycloakify needs it to package the jar. Install it (apt-get install maven).");
  process.exit(1);
}

// Always a production bundle: Vite honours an inherited NODE_ENV, and vitest (whose e2e setup may run this build)
// sets NODE_ENV=test, which would ship React's development build.
const viteSeconds = run("vite build", ["vite", "build", "--logLevel", "warn"], {
  ...process.env,
  NODE_ENV: "production",
});
// keycloakify hands npm's cafile contents to a child process through the environment; a large CA bundle hits
// E2BIG. It only needs them for its own downloads, which this build does not make (Maven has its own trust store).
const emptyCaFile = path.join(os.tmpdir(), "keycloak-account-console-empty-ca.pem");
writeFileSync(emptyCaFile, "");
const keycloakifySeconds = run("keycloakify build", ["keycloakify", "build"], {
  ...process.env,
  npm_config_cafile: emptyCaFile,
  NPM_CONFIG_CAFILE: emptyCaFile,
});

const jar = path.join(root, "dist_keycloak", JAR_NAME);
if (!existsSync(jar)) {
  console.error(`keycloakify finished but ${path.relative(root, jar)} is missing.`);
  process.exit(1);
}
console.log(
  `Built ${path.relative(root, jar)} (${(statSync(jar).size / 1024).toFixed(0)} KiB) ` +
    `in ${(viteSeconds + keycloakifySeconds).toFixed(1)} s (vite ${viteSeconds.toFixed(1)} s, keycloakify ${keycloakifySeconds.toFixed(1)} s).`,
);
