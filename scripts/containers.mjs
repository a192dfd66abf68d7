// @ts-check
// `node scripts/containers.mjs setup|stop`: a Docker engine and the Keycloak image for the container back-end.
//   setup  installs docker.io / debootstrap / docker-compose when missing, starts an engine if none answers,
//          builds the base and Keycloak images once per KC_VERSION; prints the DOCKER_HOST to use.
//   stop   removes the containers the harness labelled and stops the engine if these scripts started it.
import { keycloakOptions } from "./lib/keycloak-config.mjs";
import { KeycloakError } from "./lib/keycloak-server.mjs";
import {
  docker,
  engineProcesses,
  ensureEngine,
  ensureImages,
  findEngine,
  installMissingPackages,
  removeLabelledContainers,
  stopEngine,
} from "./lib/docker-engine.mjs";

/**
 * Everything the container back-end needs, ready.
 * @returns {Promise<{ host: string, startedHere: boolean, image: string }>}
 */
export async function setUpContainers() {
  installMissingPackages();
  const engine = await ensureEngine();
  console.log(`Docker engine at ${engine.host}${engine.startedHere ? " (started now)" : ""}`);
  const { version } = keycloakOptions();
  const started = Date.now();
  const { image, builtBase, builtKeycloak } = ensureImages(engine.host, version);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const what = builtBase ? "built base and Keycloak images" : builtKeycloak ? "built the Keycloak image" : "cached";
  console.log(`Image ${image}: ${what} (${seconds} s)`);
  return { ...engine, image };
}

/**
 * Removes labelled containers, then stops the engine if our scripts started it (`stopEngine: false` keeps it).
 * @param {{ stopEngine?: boolean }} [options]
 */
export async function tearDownContainers({ stopEngine: stop = true } = {}) {
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
  if (stop && (await stopEngine())) {
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
      const { host, startedHere } = await setUpContainers();
      console.log(`Ready. For docker and docker-compose: export DOCKER_HOST=${host}`);
      if (startedHere) console.log("Stop the engine with: npm run containers:stop");
    } else if (command === "stop") {
      await tearDownContainers();
    } else {
      throw new KeycloakError(`Unknown command '${command}': use setup or stop.`);
    }
  } catch (error) {
    console.error(error instanceof KeycloakError ? error.message : error);
    process.exit(1);
  }
}
