// @ts-check
// The production shape of docker-compose.cluster.yml, driven through the compose CLI: up (building the optimized
// image with the current jar), down, and one node stopped, killed or started again (the cluster tests). Uses the
// Docker engine at DOCKER_HOST, or the system's; `docker compose` where it exists, else Debian's `docker-compose`.
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { JAR_NAME } from "../../scripts/lib/keycloak-config.mjs";
import { KeycloakError } from "../../scripts/lib/keycloak-server.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
export const COMPOSE_FILE = path.join(root, "docker-compose.cluster.yml");
/** One project name, so the scripts, the tests and a hand-typed `docker compose -p` find the same containers. */
export const PROJECT = process.env.CLUSTER_PROJECT || "keycloak-account-console-cluster";
/** The Keycloak services of the compose file, in start order (node1 creates the schema). */
export const NODES = ["node1", "node2"];

/** @type {string[] | undefined} */
let composeCommand;

/** `docker compose` (the plugin) or the standalone `docker-compose`, whichever answers. */
function composeExecutable() {
  if (composeCommand) return composeCommand;
  const plugin = spawnSync("docker", ["compose", "version"], { stdio: "ignore" }).status === 0;
  if (plugin) composeCommand = ["docker", "compose"];
  else if (spawnSync("docker-compose", ["version"], { stdio: "ignore" }).status === 0)
    composeCommand = ["docker-compose"];
  else throw new KeycloakError("Neither `docker compose` nor `docker-compose` found: install Docker Compose.");
  return composeCommand;
}

/**
 * Runs the compose CLI on the cluster's file and project.
 * @param {string[]} args @param {{ quiet?: boolean }} [options] quiet: capture the output instead of showing it
 */
export function compose(args, { quiet = true } = {}) {
  const [command = "docker", ...rest] = composeExecutable();
  const result = spawnSync(command, [...rest, "-f", COMPOSE_FILE, "-p", PROJECT, ...args], {
    cwd: root,
    encoding: "utf8",
    stdio: quiet ? "pipe" : "inherit",
    env: composeEnvironment(),
  });
  if (result.error) throw new KeycloakError(`${command} ${args[0]}: ${result.error.message}`);
  return { ok: result.status === 0, stdout: `${result.stdout ?? ""}`.trim(), stderr: `${result.stderr ?? ""}`.trim() };
}

/** @param {string[]} args @param {string} what */
function mustCompose(args, what) {
  const result = compose(args);
  if (!result.ok) throw new KeycloakError(`${what} failed: ${result.stderr.split("\n").slice(-3).join(" / ")}`);
  return result.stdout;
}

/**
 * The standalone docker-compose gives the engine 60 s per request by default; creating a container of a large image
 * can take longer on a busy machine (some storage drivers copy the whole image).
 */
function composeEnvironment() {
  return { ...process.env, COMPOSE_HTTP_TIMEOUT: process.env.COMPOSE_HTTP_TIMEOUT ?? "900" };
}

/**
 * The same without blocking: for what the tests do while a page records its requests.
 * @param {string[]} args @param {string} what
 */
async function composeInBackground(args, what) {
  const [command = "docker", ...rest] = composeExecutable();
  try {
    await promisify(execFile)(command, [...rest, "-f", COMPOSE_FILE, "-p", PROJECT, ...args], {
      cwd: root,
      env: composeEnvironment(),
    });
  } catch (error) {
    const stderr = String(/** @type {{ stderr?: string }} */ (error).stderr ?? error).trim();
    throw new KeycloakError(`${what} failed: ${stderr.split("\n").slice(-3).join(" / ")}`);
  }
}

/** The address a service's container port is published at on this machine, or undefined when it is not running. */
function published(/** @type {string} */ service, /** @type {number} */ port) {
  const result = compose(["port", service, String(port)]);
  const address = result.ok ? result.stdout.split("\n")[0] : "";
  if (!address || address.endsWith(":0")) return undefined;
  return `http://${address.replace(/^(0\.0\.0\.0|127\.0\.0\.1):/, "localhost:")}`;
}

/** The load balancer's URL when the cluster runs, else undefined (`npm run load` reads `url`). */
export function readState() {
  const url = published("haproxy", 8080);
  return url ? { url } : undefined;
}

/** A node's own address (its HTTP port, published on loopback for checks against one node). @param {number} index */
export function nodeUrl(index) {
  const url = published(/** @type {string} */ (NODES[index]), 8080);
  if (!url) throw new KeycloakError(`${NODES[index]} is not running.`);
  return url;
}

/** The container id of a service, or undefined. @param {string} service */
function containerOf(service) {
  return compose(["ps", "-q", service]).stdout.split("\n")[0] || undefined;
}

/** `docker inspect` of a service's container: running, health, when it started. @param {string} service */
function inspect(service) {
  const id = containerOf(service);
  if (!id) return undefined;
  const format =
    "{{.State.Running}} {{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}} {{.State.StartedAt}}";
  const result = spawnSync("docker", ["inspect", "--format", format, id], { encoding: "utf8" });
  if (result.status !== 0) return undefined;
  const [running, health, startedAt] = result.stdout.trim().split(" ");
  return { running: running === "true", health, startedAt: Date.parse(startedAt ?? "") };
}

/** @param {() => Promise<boolean> | boolean} check @param {number} seconds @param {string} what */
async function waitFor(check, seconds, what) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await Promise.resolve(check()).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new KeycloakError(`${what}: not within ${seconds} s.`);
}

/** Until the load balancer reports this many nodes up (its status page, CSV). */
export async function waitForBalancer(expectedUp = NODES.length, seconds = 120) {
  const stats = published("haproxy", 8404);
  if (!stats) throw new KeycloakError("The load balancer is not running.");
  await waitFor(
    async () => {
      const csv = await (await fetch(`${stats}/;csv`)).text();
      const up = csv.split("\n").filter((line) => /^keycloak,node\d+,/.test(line) && line.includes(",UP,")).length;
      return up >= expectedUp;
    },
    seconds,
    `HAProxy with ${expectedUp} node(s) up`,
  );
}

/**
 * Builds the optimized image with the current jar and starts PostgreSQL, both nodes (one after the other, each
 * until its health check passes) and HAProxy, then waits until HAProxy has both nodes up.
 * @param {{ timeoutSeconds?: number }} [options]
 * @returns {Promise<{ url: string, seconds: number }>}
 */
export async function startCluster({ timeoutSeconds = 1200 } = {}) {
  if (!fs.existsSync(path.join(root, "dist_keycloak", JAR_NAME))) {
    throw new KeycloakError(`No theme jar at dist_keycloak/${JAR_NAME}: run npm run build first.`);
  }
  const started = Date.now();
  // Shown as it happens: the image build and the first start take minutes.
  if (!compose(["up", "-d", "--build"], { quiet: false }).ok) {
    throw new KeycloakError(
      `docker compose up failed (see above); stop what started with: npm run keycloak:cluster -- down`,
    );
  }
  await waitForBalancer(NODES.length, timeoutSeconds);
  const url = /** @type {string} */ (readState()?.url);
  return { url, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

/** Stops and removes the cluster's containers, network and database volume. */
export function stopCluster() {
  mustCompose(["down", "--volumes", "--timeout", "30"], "docker compose down");
}

/**
 * Takes one node out: SIGTERM (graceful: readiness down, requests drained, then exit) or SIGKILL (a crash).
 * @param {number} index @param {"SIGTERM" | "SIGKILL"} [signal]
 */
export async function stopNode(index, signal = "SIGTERM") {
  const service = /** @type {string} */ (NODES[index]);
  if (signal === "SIGKILL") await composeInBackground(["kill", "-s", "SIGKILL", service], `Killing ${service}`);
  else await composeInBackground(["stop", "--timeout", "30", service], `Stopping ${service}`);
}

/** Starts a stopped node again and waits until its health check passes. @param {number} index */
export async function startNode(index, timeoutSeconds = 600) {
  const service = /** @type {string} */ (NODES[index]);
  await composeInBackground(["start", service], `Starting ${service}`);
  await waitFor(() => inspect(service)?.health === "healthy", timeoutSeconds, `${service} healthy`);
}

/** Both nodes running and in the load balancer (a test that failed half-way may have left one stopped). */
export async function bothNodesUp() {
  for (const index of NODES.keys()) {
    if (!nodeRunning(index)) await startNode(index);
  }
  await waitForBalancer(NODES.length);
}

/** Whether a node's container runs. @param {number} index */
export function nodeRunning(index) {
  return inspect(/** @type {string} */ (NODES[index]))?.running === true;
}

/** The index of the running node started first: JGroups' coordinator, the oldest member of the view. */
export function oldestNode() {
  const running = NODES.map((service, index) => ({ index, state: inspect(service) }))
    .filter((node) => node.state?.running)
    .sort((a, b) => (a.state?.startedAt ?? 0) - (b.state?.startedAt ?? 0));
  if (!running[0]) throw new KeycloakError("No node running.");
  return running[0].index;
}
