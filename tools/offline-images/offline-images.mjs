// @ts-check
// `node tools/offline-images/offline-images.mjs setup|stop|host`: a Docker engine and the registry's images, made
// on a machine that reaches no image registry (README.md beside this file). A machine with a registry skips this.
//   setup  installs docker.io / debootstrap / docker-compose when missing, starts an engine if none answers, builds
//          quay.io/keycloak/keycloak:<KC_VERSION>, postgres and haproxy once; prints the DOCKER_HOST to use.
//          `setup --keycloak-only`: the Keycloak image alone (the container back-end of the e2e suite needs no more).
//   host   prints the address of the engine that answers (for `export DOCKER_HOST=...`), or fails.
//   stop   removes the containers the test harness labelled and stops the engine if these scripts started it.
import { keycloakOptions } from "../../scripts/lib/keycloak-config.mjs";
import { KeycloakError } from "../../scripts/lib/keycloak-server.mjs";
import {
  docker,
  engineProcesses,
  ensureEngine,
  findEngine,
  installMissingPackages,
  removeLabelledContainers,
  stopEngine,
} from "./engine.mjs";
import { ensureImages } from "./images.mjs";

/**
 * The engine and the images, ready (with `cluster` false, the Keycloak image alone).
 * @param {{ cluster?: boolean }} [options]
 * @returns {Promise<{ host: string, startedHere: boolean, images: string[] }>}
 */
export async function setUpOfflineImages({ cluster = true } = {}) {
  const begun = Date.now();
  installMissingPackages();
  const engine = await ensureEngine();
  const took = ((Date.now() - begun) / 1000).toFixed(1);
  console.log(`Docker engine at ${engine.host}${engine.startedHere ? " (started now)" : ""} (${took} s)`);
  const started = Date.now();
  const { images, built } = ensureImages(engine.host, keycloakOptions().version, { cluster });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Images ${images.join(", ")}: ${built.length ? `built ${built.join(", ")}` : "cached"} (${seconds} s)`);
  return { ...engine, images };
}

/** Removes labelled containers, then stops the engine if our scripts started it. */
export async function tearDownOfflineImages() {
  const host = findEngine();
  if (host) {
    const removed = removeLabelledContainers(host);
    if (removed) console.log(`Removed ${removed} container(s) left by the harness.`);
    const left = docker(host, ["ps", "-a", "--format", "{{.Names}} ({{.Image}}, {{.Status}})"])
      .stdout?.toString()
      .trim();
    console.log(
      left ? `Containers on the engine: ${left.split("\n").join("; ")}` : "No containers left on the engine.",
    );
  }
  if (await stopEngine()) {
    const left = engineProcesses();
    console.log(
      left.length
        ? `Stopped the Docker engine these scripts started, but processes of it still run: ${left.join(", ")}`
        : "Stopped the Docker engine these scripts started; none of its processes is left.",
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command = "setup"] = process.argv.slice(2);
  try {
    if (command === "setup") {
      const { host, startedHere } = await setUpOfflineImages({ cluster: !process.argv.includes("--keycloak-only") });
      console.log(`Ready. For docker, docker-compose and the npm scripts: export DOCKER_HOST=${host}`);
      if (startedHere) console.log("Stop the engine with: npm run offline-images:stop");
    } else if (command === "host") {
      const host = findEngine();
      if (!host) throw new KeycloakError("No Docker engine answers: run npm run offline-images:setup.");
      console.log(host);
    } else if (command === "stop") {
      await tearDownOfflineImages();
    } else {
      throw new KeycloakError(`Unknown command '${command}': use setup, host or stop.`);
    }
  } catch (error) {
    console.error(error instanceof KeycloakError ? error.message : error);
    process.exit(1);
  }
}
