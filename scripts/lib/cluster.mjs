// @ts-check
// The production-shaped cluster on this machine: PostgreSQL (Debian's, a throw-away data directory), two Keycloak
// nodes built once with our jar and started `--optimized`, HAProxy in front. Every process is started detached and
// remembered by its process id in the cluster's state file; stop() ends exactly those.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import {
  DATABASE,
  buildArguments,
  buildDigest,
  clusterLayout,
  haproxyConfig,
  nodeArguments,
  nodeEnvironment,
  publicUrl,
} from "./cluster-config.mjs";
import { DEFAULT_KEYCLOAK_VERSION, cacheDirectory } from "./keycloak-config.mjs";
import { KeycloakError, chooseJavaHome, ensureArchive, stopProcessGroup } from "./keycloak-server.mjs";
import { isAlive, stopProcess } from "./processes.mjs";

/**
 * @typedef {object} ClusterState
 * @property {string} url
 * @property {Record<string, number>} pids   postgres, node1, node2, haproxy
 * @property {Record<string, number>} [startedAt] when each node was started (the oldest is JGroups' coordinator)
 * @property {string} pgData
 * @property {string} directory
 */

const layout = clusterLayout();
const version = process.env.KC_VERSION || DEFAULT_KEYCLOAK_VERSION;
/** Binaries, builds and logs: reused across runs. */
export const clusterDirectory = path.join(cacheDirectory(), "cluster");
const stateFile = path.join(clusterDirectory, `state-${layout.lbPort}.json`);
const log = (/** @type {string} */ message) => console.log(`cluster: ${message}`);

/** @returns {ClusterState | undefined} */
export function readState() {
  if (!fs.existsSync(stateFile)) return undefined;
  return JSON.parse(fs.readFileSync(stateFile, "utf8"));
}

/** @param {ClusterState} state */
function writeState(state) {
  fs.writeFileSync(stateFile, JSON.stringify(state, null, 2));
}

/** Installs a Debian package when its command is missing. @param {string} command @param {string} pkg */
function ensurePackage(command, pkg) {
  if (findCommand(command)) return;
  if (process.getuid?.() !== 0) {
    throw new KeycloakError(`${command} not found: install it (sudo apt-get install ${pkg}).`);
  }
  log(`installing ${pkg} from Debian ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore", env });
  const result = spawnSync("apt-get", ["install", "-y", "-qq", pkg], { encoding: "utf8", env });
  if (result.status !== 0 || !findCommand(command)) {
    throw new KeycloakError(`apt-get install ${pkg} failed: ${result.stderr.trim().split("\n").pop()}`);
  }
}

/** @param {string} command */
function findCommand(command) {
  if (command === "initdb") {
    const root = "/usr/lib/postgresql";
    if (!fs.existsSync(root)) return undefined;
    const versions = fs
      .readdirSync(root)
      .filter((name) => fs.existsSync(path.join(root, name, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    return versions[0] ? path.join(root, versions[0], "bin") : undefined;
  }
  for (const directory of ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"]) {
    if (fs.existsSync(path.join(directory, command))) return path.join(directory, command);
  }
  return undefined;
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. @param {string[]} command */
function asPostgres(command) {
  if (process.getuid?.() !== 0) return command;
  return ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--", ...command];
}

/** @param {number} port */
function portFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** @param {() => Promise<boolean>} check @param {number} seconds @param {string} what @param {() => boolean} [died] */
async function waitFor(check, seconds, what, died = () => false) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (died()) throw new KeycloakError(`${what}: the process exited.`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new KeycloakError(`${what}: not ready within ${seconds} s.`);
}

/** Starts a detached process, output to a log; returns its pid. @param {string[]} command @param {string} logFile @param {NodeJS.ProcessEnv} [env] */
function startDetached(command, logFile, env = process.env) {
  const out = fs.openSync(logFile, "w");
  const [file, ...args] = command;
  const child = spawn(/** @type {string} */ (file), args, { detached: true, stdio: ["ignore", out, out], env });
  fs.closeSync(out);
  child.unref();
  if (child.pid === undefined) throw new KeycloakError(`Could not start ${file}.`);
  return child.pid;
}

// PostgreSQL --------------------------------------------------------------------------------------------------

async function startPostgres() {
  ensurePackage("initdb", "postgresql");
  const bin = /** @type {string} */ (findCommand("initdb"));
  if (!(await portFree(layout.postgresPort))) {
    throw new KeycloakError(`Port ${layout.postgresPort} is in use: stop the cluster (npm run keycloak:cluster stop).`);
  }
  // Outside the cache (root's home is closed to the postgres user), wiped at every start and at stop.
  const pgData = path.join(os.tmpdir(), `keycloak-account-console-cluster-${layout.lbPort}`, "pgdata");
  fs.rmSync(path.dirname(pgData), { recursive: true, force: true });
  fs.mkdirSync(pgData, { recursive: true, mode: 0o700 });
  if (process.getuid?.() === 0) execFileSync("chown", ["-R", "postgres:postgres", path.dirname(pgData)]);
  const [initdbFile = "", ...initdbArgs] = asPostgres([
    path.join(bin, "initdb"),
    ...["-D", pgData, "-U", DATABASE.user, "--auth=trust", "-E", "UTF8"],
  ]);
  const initdb = spawnSync(initdbFile, initdbArgs, { encoding: "utf8" });
  if (initdb.status !== 0) throw new KeycloakError(`initdb failed: ${initdb.stderr.trim()}`);
  const logFile = path.join(clusterDirectory, "postgres.log");
  const pid = startDetached(
    asPostgres([
      path.join(bin, "postgres"),
      "-D",
      pgData,
      "-p",
      String(layout.postgresPort),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      `unix_socket_directories=${pgData}`,
      "-c",
      "max_connections=200",
    ]),
    logFile,
  );
  await waitFor(
    async () =>
      spawnSync(path.join(bin, "pg_isready"), ["-h", "127.0.0.1", "-p", String(layout.postgresPort)]).status === 0,
    60,
    `PostgreSQL (log ${logFile})`,
    () => !isAlive(pid),
  );
  const created = spawnSync(
    path.join(bin, "createdb"),
    ["-h", "127.0.0.1", "-p", String(layout.postgresPort), "-U", DATABASE.user, DATABASE.name],
    { encoding: "utf8" },
  );
  if (created.status !== 0) throw new KeycloakError(`createdb failed: ${created.stderr.trim()}`);
  return { pid, pgData };
}

// Keycloak ----------------------------------------------------------------------------------------------------

/**
 * sha256 of a jar's entries (name, size, CRC-32), not of its bytes: a rebuild of the same sources changes only dates,
 * and should not cost a `kc.sh build`.
 * @param {string} file
 */
export function jarDigest(file) {
  const listing = spawnSync("unzip", ["-v", file], { encoding: "utf8" });
  const entries =
    listing.status === 0
      ? listing.stdout
          .split("\n")
          .map((line) => line.trim().split(/\s+/))
          .filter((columns) => columns.length >= 8 && /^[0-9a-f]{8}$/.test(columns[6] ?? ""))
          // Maven's pom.properties carries the build's date.
          .filter((columns) => !(columns[7] ?? "").startsWith("META-INF/maven/"))
          .map((columns) => `${columns[0]} ${columns[6]} ${columns.slice(7).join(" ")}`)
      : [];
  const hash = createHash("sha256");
  return (entries.length ? hash.update(entries.join("\n")) : hash.update(fs.readFileSync(file))).digest("hex");
}

/**
 * The two nodes' distributions, built once per (version, jar, options): `kc.sh build` on the first, then a copy.
 * @param {string} jarPath @param {string | undefined} javaHome
 */
export function ensureBuiltNodes(jarPath, javaHome) {
  const digest = buildDigest({ version, jarDigest: jarDigest(jarPath) });
  const root = path.join(clusterDirectory, `keycloak-${version}-${digest}`);
  const homes = layout.nodes.map((node) => path.join(root, node.name, `keycloak-${version}`));
  const stamp = path.join(root, "built");
  if (fs.existsSync(stamp) && homes.every((home) => fs.existsSync(path.join(home, "bin", "kc.sh")))) {
    return { homes, built: false, seconds: 0 };
  }
  const started = Date.now();
  // Builds of other jars or versions are of no further use.
  for (const entry of fs.existsSync(clusterDirectory) ? fs.readdirSync(clusterDirectory) : []) {
    if (entry.startsWith("keycloak-")) fs.rmSync(path.join(clusterDirectory, entry), { recursive: true, force: true });
  }
  const first = /** @type {string} */ (homes[0]);
  fs.mkdirSync(path.dirname(first), { recursive: true });
  execFileSync("tar", ["xzf", ensureArchive(version), "-C", path.dirname(first)]);
  fs.copyFileSync(jarPath, path.join(first, "providers", path.basename(jarPath)));
  log(`building Keycloak ${version} for PostgreSQL with the theme jar (once per jar) ...`);
  const build = spawnSync(path.join(first, "bin", "kc.sh"), buildArguments(), {
    encoding: "utf8",
    env: { ...process.env, ...javaEnvironment(javaHome) },
  });
  if (build.status !== 0) {
    throw new KeycloakError(
      `kc.sh build failed:\n${`${build.stdout}${build.stderr}`.trim().split("\n").slice(-10).join("\n")}`,
    );
  }
  for (const home of homes.slice(1)) {
    fs.mkdirSync(path.dirname(home), { recursive: true });
    execFileSync("cp", ["-a", first, path.dirname(home)]);
  }
  fs.writeFileSync(stamp, new Date().toISOString());
  return { homes, built: true, seconds: (Date.now() - started) / 1000 };
}

/** @param {string | undefined} javaHome */
function javaEnvironment(javaHome) {
  return javaHome ? { JAVA_HOME: javaHome, JAVA: path.join(javaHome, "bin", "java") } : {};
}

/**
 * Starts one node (detached, its own process group) and waits until it is ready.
 * @param {number} index 0 or 1 @param {{ home: string, realmFiles?: string[], timeoutSeconds?: number }} options
 */
export async function startNode(index, { home, realmFiles = [], timeoutSeconds = 300 }) {
  const node = /** @type {import("./cluster-config.mjs").ClusterNode} */ (layout.nodes[index]);
  for (const port of [node.httpPort, node.managementPort, node.clusterPort]) {
    if (!(await portFree(port))) throw new KeycloakError(`Port ${port} (${node.name}) is in use.`);
  }
  fs.rmSync(path.join(home, "data"), { recursive: true, force: true });
  const imports = path.join(home, "data", "import");
  fs.mkdirSync(imports, { recursive: true });
  for (const file of realmFiles) fs.copyFileSync(file, path.join(imports, path.basename(file)));
  const args = [...nodeArguments(layout, node), ...(realmFiles.length ? ["--import-realm"] : [])];
  const logFile = path.join(clusterDirectory, `${node.name}.log`);
  const pid = startDetached([path.join(home, "bin", "kc.sh"), ...args], logFile, {
    ...process.env,
    ...nodeEnvironment({
      adminUser: process.env.KC_ADMIN_USER || "admin",
      adminPassword: process.env.KC_ADMIN_PASSWORD || "admin",
    }),
    ...javaEnvironment(chooseJavaHome()),
  });
  try {
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${node.managementPort}/health/ready`)).ok,
      timeoutSeconds,
      `Keycloak ${node.name}`,
      () => !isAlive(pid),
    );
  } catch (error) {
    await stopProcessGroup(pid, path.join(clusterDirectory, `${node.name}.pid`));
    const tail = fs.readFileSync(logFile, "utf8").trim().split("\n").slice(-15).join("\n");
    throw new KeycloakError(`${/** @type {Error} */ (error).message} Log ${logFile} ends with:\n${tail}`);
  }
  return pid;
}

/**
 * Stops one node by its process id: SIGTERM (graceful: readiness down, requests drained) or SIGKILL (a crash).
 * @param {number} index @param {"SIGTERM" | "SIGKILL"} [signal]
 */
export async function stopNode(index, signal = "SIGTERM") {
  const state = readState();
  const name = /** @type {import("./cluster-config.mjs").ClusterNode} */ (layout.nodes[index]).name;
  const pid = state?.pids[name];
  if (!state || pid === undefined) return false;
  if (signal === "SIGKILL") {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
    while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
  } else {
    await stopProcessGroup(pid, path.join(clusterDirectory, `${name}.pid`));
  }
  delete state.pids[name];
  writeState(state);
  return true;
}

/** The index of the running node started first: JGroups' coordinator, the oldest member of the view. */
export function oldestNode() {
  const state = readState();
  const running = layout.nodes
    .map((node, index) => ({ index, at: state?.startedAt?.[node.name] ?? 0, up: state?.pids[node.name] !== undefined }))
    .filter((node) => node.up)
    .sort((a, b) => a.at - b.at);
  if (!running[0]) throw new KeycloakError("No node running.");
  return running[0].index;
}

/** Starts a stopped node again (same build) and records it. @param {number} index */
export async function restartNode(index) {
  const state = readState();
  if (!state) throw new KeycloakError("No cluster running.");
  const node = /** @type {import("./cluster-config.mjs").ClusterNode} */ (layout.nodes[index]);
  const home = path.join(state.directory, node.name, `keycloak-${version}`);
  const startedAt = Date.now();
  const pid = await startNode(index, { home });
  state.pids[node.name] = pid;
  state.startedAt = { ...state.startedAt, [node.name]: startedAt };
  writeState(state);
  return pid;
}

// HAProxy -----------------------------------------------------------------------------------------------------

async function startHaproxy() {
  ensurePackage("haproxy", "haproxy");
  for (const port of [layout.lbPort, layout.statsPort]) {
    if (!(await portFree(port))) throw new KeycloakError(`Port ${port} (load balancer) is in use.`);
  }
  const config = path.join(clusterDirectory, `haproxy-${layout.lbPort}.cfg`);
  fs.writeFileSync(config, haproxyConfig(layout));
  const check = spawnSync(/** @type {string} */ (findCommand("haproxy")), ["-c", "-q", "-f", config], {
    encoding: "utf8",
  });
  if (check.status !== 0) throw new KeycloakError(`HAProxy rejects ${config}: ${check.stderr.trim()}`);
  // -db: stay in the foreground (no daemon, no master process), so the pid we keep is HAProxy's.
  return startDetached(
    [/** @type {string} */ (findCommand("haproxy")), "-db", "-f", config],
    path.join(clusterDirectory, "haproxy.log"),
  );
}

/** Writes the load balancer's configuration anew and restarts it (the nodes keep running). */
export async function restartBalancer() {
  const state = readState();
  if (!state) throw new KeycloakError("No cluster running.");
  if (state.pids.haproxy !== undefined) await stopProcess(state.pids.haproxy);
  state.pids.haproxy = await startHaproxy();
  writeState(state);
  await waitForBalancer(Object.keys(state.pids).filter((name) => name.startsWith("node")).length);
}

/** Until the load balancer reports both nodes up (its status page, CSV). */
export async function waitForBalancer(expectedUp = layout.nodes.length, seconds = 60) {
  await waitFor(
    async () => {
      const csv = await (await fetch(`http://127.0.0.1:${layout.statsPort}/;csv`)).text();
      const up = csv.split("\n").filter((line) => /^keycloak,node\d+,/.test(line) && line.includes(",UP,")).length;
      return up >= expectedUp;
    },
    seconds,
    `HAProxy with ${expectedUp} node(s) up`,
  );
}

// The whole cluster -------------------------------------------------------------------------------------------

/**
 * Starts PostgreSQL, both nodes and HAProxy; returns the load balancer's address and the timings.
 * @param {{ jarPath: string, realmFiles?: string[] }} options
 */
export async function startCluster({ jarPath, realmFiles = [] }) {
  if (readState())
    throw new KeycloakError("The cluster is already running: stop it first (npm run keycloak:cluster stop).");
  if (!fs.existsSync(jarPath)) throw new KeycloakError(`No theme jar at ${jarPath}: run npm run build first.`);
  fs.mkdirSync(clusterDirectory, { recursive: true });
  const started = Date.now();
  const timings = /** @type {Record<string, number>} */ ({});
  const lap = (/** @type {string} */ name, /** @type {number} */ since) =>
    (timings[name] = Math.round((Date.now() - since) / 100) / 10);

  const javaHome = chooseJavaHome();
  let since = Date.now();
  const { homes, built } = ensureBuiltNodes(jarPath, javaHome);
  lap(built ? "build" : "build (cached)", since);

  /** @type {ClusterState} */
  const state = { url: publicUrl(layout), pids: {}, pgData: "", directory: path.dirname(path.dirname(homes[0] ?? "")) };
  try {
    since = Date.now();
    const postgres = await startPostgres();
    state.pids.postgres = postgres.pid;
    state.pgData = postgres.pgData;
    writeState(state);
    lap("postgres", since);

    // The first node creates the schema and imports the realms; the second joins it.
    for (const [index, home] of homes.entries()) {
      since = Date.now();
      const name = /** @type {string} */ (layout.nodes[index]?.name);
      state.startedAt = { ...state.startedAt, [name]: Date.now() };
      state.pids[name] = await startNode(index, { home, realmFiles: index === 0 ? realmFiles : [] });
      writeState(state);
      lap(name, since);
    }

    since = Date.now();
    state.pids.haproxy = await startHaproxy();
    writeState(state);
    await waitForBalancer();
    lap("haproxy", since);
  } catch (error) {
    await stopCluster();
    throw error;
  }
  timings.total = Math.round((Date.now() - started) / 100) / 10;
  return { url: state.url, pids: state.pids, timings, layout };
}

/** Stops, by process id, what the state file lists: HAProxy, the nodes, then PostgreSQL (fast shutdown). */
export async function stopCluster() {
  const state = readState();
  if (!state) return false;
  const { haproxy, postgres, ...nodes } = state.pids;
  if (haproxy !== undefined) await stopProcess(haproxy);
  await Promise.all(
    Object.entries(nodes).map(([name, pid]) => stopProcessGroup(pid, path.join(clusterDirectory, `${name}.pid`))),
  );
  // SIGINT is PostgreSQL's fast shutdown: sessions end, the data is written, the server exits.
  if (postgres !== undefined) await stopProcess(postgres, { signal: "SIGINT" });
  if (state.pgData) fs.rmSync(path.dirname(state.pgData), { recursive: true, force: true });
  fs.rmSync(stateFile, { force: true });
  return true;
}
