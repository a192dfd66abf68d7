// @ts-check
// A Docker engine on this machine (tools/offline-images/README.md): Debian's docker.io, debootstrap and
// docker-compose installed when missing, dockerd started with its files under the cache when none answers.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { CONTAINER_LABEL } from "../../scripts/lib/keycloak-config.mjs";
import { KeycloakError } from "../../scripts/lib/keycloak-server.mjs";
import { isAlive, stopProcess } from "../../scripts/lib/processes.mjs";
import { candidateHosts, dockerdArguments, engineFiles } from "./config.mjs";

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
    throw new KeycloakError("dockerd not found: install docker.io (npm run offline-images:setup does).");

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

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
