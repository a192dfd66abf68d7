// @ts-check
// A Docker engine and the images the container back-end runs, made on this machine from Debian's packages: no
// registry is needed. Used by `npm run containers:setup`, `npm run test:containers` and `containers:stop`.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  BASE_IMAGE,
  CONTAINER_LABEL,
  RECIPE_LABEL,
  candidateHosts,
  debianMirror,
  debootstrapArguments,
  dockerdArguments,
  engineFiles,
  keycloakImageChanges,
  recipeOf,
} from "./docker-config.mjs";
import { LOCAL_IMAGE } from "./keycloak-config.mjs";
import { KeycloakError, ensureArchive } from "./keycloak-server.mjs";
import { isAlive, stopProcess } from "./processes.mjs";

/** Debian packages and the command each one brings. */
const PACKAGES = [
  { command: "dockerd", pkg: "docker.io" },
  { command: "debootstrap", pkg: "debootstrap" },
  { command: "docker-compose", pkg: "docker-compose" },
];

/** Installs what is missing of docker.io, debootstrap and docker-compose with apt-get. */
export function installMissingPackages() {
  const missing = PACKAGES.filter(({ command }) => !onPath(command)).map(({ pkg }) => pkg);
  if (missing.length === 0) return;
  const root = process.getuid?.() === 0;
  if (!root && !onPath("sudo")) {
    throw new KeycloakError(
      `Missing ${missing.join(", ")}: install them as root (apt-get install ${missing.join(" ")}).`,
    );
  }
  const apt = (/** @type {string[]} */ args) => {
    const [command, rest] = root ? ["apt-get", args] : ["sudo", ["apt-get", ...args]];
    const result = spawnSync(command, rest, {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) {
      throw new KeycloakError(
        `apt-get ${args.join(" ")} failed: install ${missing.join(" ")} by hand and run this again.`,
      );
    }
  };
  console.log(`Installing ${missing.join(", ")} from Debian ...`);
  apt(["update", "-qq"]);
  apt(["install", "-y", "-qq", "--no-install-recommends", ...missing]);
}

/** @param {string} command */
function onPath(command) {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

/**
 * Runs the docker CLI against one engine.
 * @param {string} host @param {string[]} args @param {import("node:child_process").SpawnSyncOptions} [options]
 */
export function docker(host, args, options = {}) {
  return spawnSync("docker", args, {
    encoding: "utf8",
    ...options,
    env: { ...process.env, DOCKER_HOST: host, ...options.env },
  });
}

/** @param {string} host */
function answers(host) {
  return docker(host, ["version", "--format", "{{.Server.Version}}"], { timeout: 15_000 }).status === 0;
}

/** The first engine that answers (see candidateHosts), or undefined. */
export function findEngine() {
  return candidateHosts().find(answers);
}

/**
 * An engine to use: one that answers already, or ours, started in the background and remembered by pid.
 * @returns {Promise<{ host: string, startedHere: boolean }>}
 */
export async function ensureEngine() {
  const running = findEngine();
  if (running) return { host: running, startedHere: false };
  if (process.env.DOCKER_HOST) {
    throw new KeycloakError(
      `No Docker engine answers at DOCKER_HOST=${process.env.DOCKER_HOST}: start it, or unset DOCKER_HOST to let the scripts start one.`,
    );
  }
  if (!onPath("dockerd"))
    throw new KeycloakError("dockerd not found: run npm run containers:setup (it installs docker.io).");

  const files = engineFiles();
  fs.mkdirSync(files.root, { recursive: true });
  // A socket or pid file left by an engine that died would make dockerd refuse to start.
  fs.rmSync(files.socket, { force: true });
  fs.rmSync(files.pidFile, { force: true });
  const log = fs.openSync(files.logFile, "w");
  const child = spawn("dockerd", dockerdArguments(files), { detached: true, stdio: ["ignore", log, log] });
  fs.closeSync(log);
  let exited = false;
  child.once("exit", () => (exited = true));
  fs.writeFileSync(files.startedMarker, String(child.pid));
  const host = `unix://${files.socket}`;

  const deadline = Date.now() + 60_000;
  while (!exited && Date.now() < deadline) {
    if (answers(host)) {
      child.unref();
      return { host, startedHere: true };
    }
    await sleep(500);
  }
  await stopEngine();
  throw new KeycloakError(
    `The Docker engine did not start (${engineFailure(files.logFile)}); its log is ${files.logFile}.`,
  );
}

/** The most telling line of dockerd's log. @param {string} logFile */
function engineFailure(logFile) {
  const lines = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").trim().split("\n") : [];
  const failure = lines.reverse().find((line) => /level=(fatal|error)|failed to start/i.test(line)) ?? lines[0];
  const message = failure ? (/msg="((?:[^"\\]|\\.)*)"/.exec(failure)?.[1] ?? failure) : "no output";
  return message.slice(0, 300);
}

/**
 * Stops the engine our scripts started (and only that one): SIGTERM to its pid, SIGKILL after 60 s.
 * @returns {Promise<boolean>} whether there was one
 */
export async function stopEngine() {
  const files = engineFiles();
  if (!fs.existsSync(files.startedMarker)) return false;
  const pid = Number(fs.readFileSync(files.startedMarker, "utf8"));
  if (Number.isInteger(pid) && pid > 0) await stopProcess(pid, { graceSeconds: 60 });
  fs.rmSync(files.startedMarker, { force: true });
  return true;
}

/** Live processes whose command line names our engine's folder (dockerd, containerd, shims). */
export function engineProcesses() {
  const root = engineFiles().root;
  return fs.readdirSync("/proc").filter((entry) => {
    if (!/^\d+$/.test(entry) || !isAlive(Number(entry))) return false;
    try {
      return fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(root);
    } catch {
      return false; // ended meanwhile
    }
  });
}

/** Removes the containers the harness labelled (what a crashed run left behind). @param {string} host */
export function removeLabelledContainers(host) {
  const ids = docker(host, ["ps", "-aq", "--filter", `label=${CONTAINER_LABEL}`])
    .stdout?.toString()
    .trim();
  if (ids) docker(host, ["rm", "-f", "-v", ...ids.split(/\s+/)]);
  return ids ? ids.split(/\s+/).length : 0;
}

/** @param {string} host @param {string} image */
function imageExists(host, image) {
  return docker(host, ["image", "inspect", image], { stdio: "ignore" }).status === 0;
}

/**
 * Builds the base image (debootstrap + docker import) and the Keycloak image for `version` when missing.
 * Images of other Keycloak versions are removed: vfs stores every layer as a full copy.
 * @param {string} host @param {string} version
 * @returns {{ image: string, builtBase: boolean, builtKeycloak: boolean }}
 */
export function ensureImages(host, version) {
  const image = `${LOCAL_IMAGE}:${version}`;
  const builtBase = !imageExists(host, BASE_IMAGE);
  if (builtBase) buildBaseImage(host);
  const changes = keycloakImageChanges(version);
  const builtKeycloak = builtBase || imageLabel(host, image, RECIPE_LABEL) !== recipeOf(changes);
  if (builtKeycloak) {
    const previous = imageId(host, image);
    buildKeycloakImage(host, version, image, changes);
    // The image this tag named before (an older recipe) would stay behind untagged, holding a full layer copy.
    if (previous && previous !== imageId(host, image)) docker(host, ["image", "rm", previous]);
    const others = docker(host, ["image", "ls", LOCAL_IMAGE, "--format", "{{.Repository}}:{{.Tag}}"])
      .stdout?.toString()
      .split("\n")
      .filter((name) => name && name !== image);
    if (others?.length) docker(host, ["image", "rm", ...others]);
  }
  return { image, builtBase, builtKeycloak };
}

/** @param {string} host */
function buildBaseImage(host) {
  const mirror = aptMirror();
  const target = path.join(engineFiles().buildRoot, "rootfs");
  removeRootFileSystem(target);
  fs.mkdirSync(target, { recursive: true });
  console.log(`Building ${BASE_IMAGE} (debootstrap from ${mirror}) ...`);
  try {
    const bootstrap = spawnSync("debootstrap", debootstrapArguments(target, mirror), { encoding: "utf8" });
    if (bootstrap.status !== 0) {
      const tail = `${bootstrap.stdout}${bootstrap.stderr}`.trim().split("\n").slice(-3).join(" / ");
      throw new KeycloakError(`debootstrap failed (${tail}): check that ${mirror} is reachable.`);
    }
    // Leave out the packages debootstrap downloaded; the image only needs the installed system.
    const archives = path.join(target, "var", "cache", "apt", "archives");
    for (const name of fs.readdirSync(archives)) if (name.endsWith(".deb")) fs.rmSync(path.join(archives, name));
    const imported = spawnSync(
      "bash",
      [
        "-c",
        'set -o pipefail; tar -C "$1" -c . | docker import --change \'CMD ["bash"]\' - "$2"',
        "import",
        target,
        BASE_IMAGE,
      ],
      { encoding: "utf8", env: { ...process.env, DOCKER_HOST: host } },
    );
    if (imported.status !== 0)
      throw new KeycloakError(`docker import failed: ${imported.stderr.trim().split("\n").pop()}`);
  } finally {
    removeRootFileSystem(target);
  }
}

/** Removes a debootstrap target, first unmounting what a failed run may have left mounted in it (proc, sys). @param {string} target */
function removeRootFileSystem(target) {
  const mounts = fs
    .readFileSync("/proc/mounts", "utf8")
    .split("\n")
    .map((line) => line.split(" ")[1] ?? "")
    .filter((point) => point.startsWith(`${target}/`))
    .sort((a, b) => b.length - a.length);
  for (const point of mounts) spawnSync("umount", ["-l", point]);
  fs.rmSync(target, { recursive: true, force: true });
}

/** @param {string} host @param {string} image */
function imageId(host, image) {
  const inspected = docker(host, ["image", "inspect", "--format", "{{.Id}}", image]);
  return inspected.status === 0 ? inspected.stdout.toString().trim() : undefined;
}

/** A label of a local image, or undefined when there is no such image. @param {string} host @param {string} image @param {string} label */
function imageLabel(host, image, label) {
  const inspected = docker(host, ["image", "inspect", "--format", `{{index .Config.Labels "${label}"}}`, image]);
  return inspected.status === 0 ? inspected.stdout.toString().trim() : undefined;
}

/** @param {string} host @param {string} version @param {string} image @param {string[]} changes */
function buildKeycloakImage(host, version, image, changes) {
  const archive = ensureArchive(version);
  const context = path.join(engineFiles().buildRoot, `keycloak-${version}`);
  fs.rmSync(context, { recursive: true, force: true });
  fs.mkdirSync(context, { recursive: true });
  console.log(`Building ${image} ...`);
  let container = "";
  const must = (/** @type {string} */ what, /** @type {string[]} */ args) => {
    const result = docker(host, args);
    if (result.status !== 0) {
      throw new KeycloakError(`${what} for ${image} failed: ${`${result.stderr}`.trim().split("\n").pop()}`);
    }
    return `${result.stdout}`.trim();
  };
  try {
    execFileSync("tar", ["xzf", archive, "-C", context]);
    container = must("docker create", ["create", BASE_IMAGE]);
    must("docker cp", ["cp", path.join(context, `keycloak-${version}`), `${container}:/opt/keycloak`]);
    must("docker commit", ["commit", ...changes.flatMap((change) => ["--change", change]), container, image]);
  } finally {
    if (container) docker(host, ["rm", "-f", container]);
    fs.rmSync(context, { recursive: true, force: true });
  }
}

/** The Debian mirror apt uses, from /etc/apt/sources.list and sources.list.d. */
function aptMirror() {
  const files = ["/etc/apt/sources.list"];
  const directory = "/etc/apt/sources.list.d";
  if (fs.existsSync(directory)) {
    for (const name of fs.readdirSync(directory).sort()) {
      if (name.endsWith(".list") || name.endsWith(".sources")) files.push(path.join(directory, name));
    }
  }
  const mirror = debianMirror(
    files.filter((file) => fs.existsSync(file)).map((file) => ({ name: file, text: fs.readFileSync(file, "utf8") })),
  );
  if (!mirror) {
    throw new KeycloakError(
      "No Debian mirror found in /etc/apt/sources.list(.d): debootstrap needs one for the base image.",
    );
  }
  return mirror;
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
