// @ts-check
// Starts and stops a real Keycloak: the Maven Central distribution on this machine (KC_BACKEND=local, the default), or
// the same server in a container through testcontainers (KC_BACKEND=container). The browser tests choose for
// themselves when KC_BACKEND is unset (scripts/lib/e2e-server.mjs).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import net from "node:net";
import path from "node:path";
import { stopProcess } from "./processes.mjs";
import {
  CONTAINER_LABEL,
  THEME_NAME,
  DEV_PLACES_DATABASE,
  cacheDirectory,
  compareVersions,
  containerSpecification,
  distributionArtifact,
  placesEnvironment,
  realmForVersion,
  serverArguments,
  serverEnvironment,
} from "./keycloak-config.mjs";

/** The first Keycloak release known here to start on Java 25. */
const JAVA_25_SINCE = "26.7.0";

/** An error whose message is one line that says what to do. */
export class KeycloakError extends Error {}

/**
 * @typedef {object} RunningKeycloak
 * @property {string} url            e.g. http://localhost:8080
 * @property {string} [httpsUrl]     e.g. https://localhost:8443, when started with a TLS listener
 * @property {string} managementUrl
 * @property {number | undefined} pid
 * @property {string | undefined} logFile
 * @property {() => Promise<void>} stop
 */

/**
 * @typedef {object} StartRun
 * @property {string} instance
 * @property {number} [timeoutSeconds] a hard bound on the wait (default: KC_START_TIMEOUT, else none; see
 *   waitUntilReady)
 * @property {(seconds: number, lastLogLine: string) => void} [onWaiting] told every half minute while it starts
 */

/**
 * Java 25 (Temurin) when present, else the default JDK. Returns JAVA_HOME or undefined for PATH's java. Keycloak
 * before 26.7 does not start on Java 25 (its Byte Buddy stops at Java 23): for those a JDK 17 or 21 comes first.
 * @param {string} [keycloakVersion] the server it is for; none for tools such as `jar`
 */
export function chooseJavaHome(keycloakVersion) {
  const older = keycloakVersion !== undefined && compareVersions(keycloakVersion, JAVA_25_SINCE) < 0;
  const preferred = older ? [...listJvms(/(temurin|openjdk)-21/), ...listJvms(/(temurin-|java-)17/)] : [];
  const candidates = [process.env.KC_JAVA_HOME, ...preferred, ...listJvms(/temurin-25/), process.env.JAVA_HOME];
  for (const home of candidates) {
    if (home && fs.existsSync(path.join(home, "bin", "java"))) return home;
  }
  const onPath = spawnSync("java", ["-version"], { stdio: "ignore" });
  if (onPath.error || onPath.status !== 0) {
    throw new KeycloakError(
      "Java not found: install a JDK 17 or newer (apt-get install openjdk-17-jdk-headless) or set JAVA_HOME.",
    );
  }
  return undefined;
}

/** @param {RegExp} pattern */
function listJvms(pattern) {
  const root = "/usr/lib/jvm";
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((name) => pattern.test(name))
    .map((name) => path.join(root, name));
}

/**
 * The unpacked distribution for one named instance ("demo", "test"), downloaded once into the cache.
 * @param {string} version @param {string} instance
 */
export function ensureDistribution(version, instance) {
  const archive = ensureArchive(version);
  const home = path.join(cacheDirectory(), "instances", instance, `keycloak-${version}`);
  if (!fs.existsSync(path.join(home, "bin", "kc.sh"))) {
    fs.mkdirSync(path.dirname(home), { recursive: true });
    execFileSync("tar", ["xzf", archive, "-C", path.dirname(home)]);
  }
  return home;
}

/**
 * The distribution's archive in the cache, downloaded from Maven Central the first time.
 * @param {string} version
 */
export function ensureArchive(version) {
  const archive = path.join(cacheDirectory(), "downloads", `keycloak-quarkus-dist-${version}.tar.gz`);
  if (!fs.existsSync(archive)) downloadDistribution(version, path.dirname(archive));
  return archive;
}

/** @param {string} version @param {string} directory */
function downloadDistribution(version, directory) {
  const maven = spawnSync("mvn", ["--version"], { stdio: "ignore" });
  if (maven.error || maven.status !== 0) {
    throw new KeycloakError(
      "Maven (mvn) not found: it fetches Keycloak from Maven Central; install it (apt-get install maven).",
    );
  }
  fs.mkdirSync(directory, { recursive: true });
  console.log(`Downloading Keycloak ${version} from Maven Central (once) ...`);
  const result = spawnSync(
    "mvn",
    [
      "-B",
      "-q",
      "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy",
      `-Dartifact=${distributionArtifact(version)}`,
      `-DoutputDirectory=${directory}`,
    ],
    { encoding: "utf8" },
  );
  if (result.status !== 0) {
    const reason = `${result.stdout}${result.stderr}`
      .split("\n")
      .find((line) => line.includes("ERROR"))
      ?.replace(/^\[ERROR\]\s*/, "");
    throw new KeycloakError(
      `Download of Keycloak ${version} failed (${reason ?? "mvn exited with " + result.status}): check the network to Maven Central and KC_VERSION.`,
    );
  }
}

/** @param {number} port */
export function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", () =>
      reject(
        new KeycloakError(
          `Port ${port} is in use: stop what listens there (npm run keycloak:stop) or choose others with KC_PORT / KC_MANAGEMENT_PORT.`,
        ),
      ),
    );
    server.listen(port, () => server.close(() => resolve(undefined)));
  });
}

/**
 * Starts Keycloak with the back-end KC_BACKEND asks for (default: the distribution).
 * @param {import("./keycloak-config.mjs").KeycloakOptions} options
 * @param {StartRun} run
 * @returns {Promise<RunningKeycloak>}
 */
export function startKeycloak(options, run) {
  // The development database is a devDependency: a checkout without it starts without places, as a server without
  // the option does. A file named on purpose is handed on: the extension's log line says what is wrong with it.
  if (options.placesDatabase === DEV_PLACES_DATABASE && !fs.existsSync(DEV_PLACES_DATABASE)) {
    options = { ...options, placesDatabase: undefined };
  }
  return process.env.KC_BACKEND === "container" ? startContainer(options, run) : startDistribution(options, run);
}

/**
 * @param {import("./keycloak-config.mjs").KeycloakOptions} options
 * @param {StartRun} run
 * @returns {Promise<RunningKeycloak>}
 */
export async function startDistribution(
  options,
  { instance, timeoutSeconds = startTimeoutFromEnvironment(), onWaiting },
) {
  const javaHome = chooseJavaHome(options.version);
  await assertPortFree(options.httpPort);
  await assertPortFree(options.managementPort);
  if (options.https) await assertPortFree(options.https.port);
  const home = ensureDistribution(options.version, instance);

  const providers = path.join(home, "providers");
  for (const file of fs.readdirSync(providers)) {
    if (file.endsWith(".jar")) fs.rmSync(path.join(providers, file));
  }
  if (options.jarPath) fs.copyFileSync(options.jarPath, path.join(providers, `${THEME_NAME}.jar`));
  for (const file of options.extraJars ?? []) fs.copyFileSync(file, path.join(providers, path.basename(file)));

  const imports = path.join(home, "data", "import");
  fs.rmSync(imports, { recursive: true, force: true });
  fs.mkdirSync(imports, { recursive: true });
  for (const file of options.realmFiles) {
    const realm = realmForVersion(JSON.parse(fs.readFileSync(file, "utf8")), options.version);
    fs.writeFileSync(path.join(imports, path.basename(file)), JSON.stringify(realm, null, 2));
  }

  const logFile = path.join(home, "..", "keycloak.log");
  const log = fs.openSync(logFile, "w");
  const child = spawn(path.join(home, "bin", "kc.sh"), serverArguments(options), {
    detached: true, // its own process group, so stop() ends kc.sh and the JVM together
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      ...serverEnvironment(options),
      ...placesEnvironment(options.placesDatabase, options.placesAttribution),
      ...options.environment,
      ...(javaHome ? { JAVA_HOME: javaHome, JAVA: path.join(javaHome, "bin", "java") } : {}),
    },
  });
  fs.closeSync(log);
  const pidFile = path.join(home, "..", "keycloak.pid");
  fs.writeFileSync(pidFile, String(child.pid));

  let exited = false;
  child.once("exit", () => (exited = true));
  const stop = () => stopProcessGroup(child.pid, pidFile);

  const url = `http://localhost:${options.httpPort}`;
  const httpsUrl = options.https ? `https://localhost:${options.https.port}` : undefined;
  // The management interface inherits the TLS listener: then it answers over HTTPS, with that certificate.
  const managementUrl = `${options.https ? "https" : "http"}://localhost:${options.managementPort}`;
  const ca = options.https ? fs.readFileSync(options.https.certificateFile) : undefined;
  try {
    await waitUntilReady(`${managementUrl}/health/ready`, {
      timeoutSeconds,
      onWaiting,
      ca,
      hasExited: () => exited,
      logSize: () => fs.statSync(logFile).size,
      lastLogLine: () => lastLines(logFile, 1)[0] ?? "",
    });
  } catch (error) {
    await stop();
    const tail = lastLines(logFile, 15).join("\n");
    throw new KeycloakError(`${/** @type {Error} */ (error).message} Log ${logFile} ends with:\n${tail}`);
  }
  // The server outlives this process (`npm run keycloak:start`); whoever wants it gone calls stop().
  child.unref();
  return { url, httpsUrl, managementUrl, pid: child.pid, logFile, stop };
}

/**
 * KC_START_TIMEOUT in seconds when set: a hard bound on the wait. Unset, a start is given up only when Keycloak's
 * process ends or its log stops moving (KC_START_SILENCE), so that a busy machine's slow start is waited for.
 * @returns {number | undefined}
 */
export function startTimeoutFromEnvironment() {
  const seconds = Number(process.env.KC_START_TIMEOUT);
  return seconds > 0 ? seconds : undefined;
}

/** Seconds without a new line in Keycloak's log after which a start counts as stuck. */
const SILENCE_SECONDS = Number(process.env.KC_START_SILENCE) > 0 ? Number(process.env.KC_START_SILENCE) : 300;
/** How often a caller that wants it hears what the server is doing. */
const PROGRESS_SECONDS = 30;

/**
 * Waits until `readyUrl` answers 200. Gives up when the server's process has ended, when its log has been silent for
 * SILENCE_SECONDS, or after `timeoutSeconds` if that is set. Every PROGRESS_SECONDS `onWaiting` hears the seconds waited
 * and the log's latest line.
 * @param {string} readyUrl
 * @param {object} how
 * @param {number} [how.timeoutSeconds]
 * @param {() => boolean} how.hasExited
 * @param {() => number} how.logSize grows while the server writes to its log
 * @param {() => string} how.lastLogLine
 * @param {(seconds: number, lastLogLine: string) => void} [how.onWaiting]
 * @param {Buffer} [how.ca] the certificate an HTTPS `readyUrl` must present
 * @param {number} [how.silenceSeconds]
 * @param {number} [how.pollMilliseconds]
 */
export async function waitUntilReady(
  readyUrl,
  {
    timeoutSeconds,
    hasExited,
    logSize,
    lastLogLine,
    onWaiting,
    ca,
    silenceSeconds = SILENCE_SECONDS,
    pollMilliseconds = 1000,
  },
) {
  const started = Date.now();
  let lastSize = -1;
  let movedAt = started;
  let toldAt = started;
  for (;;) {
    if (hasExited()) throw new KeycloakError("Keycloak exited during start-up.");
    try {
      if ((ca ? await statusOverTls(readyUrl, ca) : (await fetch(readyUrl)).status) === 200) return;
    } catch {
      // not listening yet
    }
    const now = Date.now();
    const size = logSize();
    if (size !== lastSize) {
      lastSize = size;
      movedAt = now;
    }
    if (timeoutSeconds !== undefined && now - started > timeoutSeconds * 1000) {
      throw new KeycloakError(`Keycloak was not ready within ${timeoutSeconds}s (KC_START_TIMEOUT).`);
    }
    if (now - movedAt > silenceSeconds * 1000) {
      throw new KeycloakError(
        `Keycloak was not ready and its log has been silent for ${silenceSeconds}s (KC_START_SILENCE moves that).`,
      );
    }
    if (onWaiting && now - toldAt >= PROGRESS_SECONDS * 1000) {
      toldAt = now;
      onWaiting(Math.round((now - started) / 1000), lastLogLine());
    }
    await new Promise((resolve) => setTimeout(resolve, pollMilliseconds));
  }
}

/** The last `count` non-empty lines of a text file (its last 16 KiB are enough for Keycloak's log lines). */
function lastLines(/** @type {string} */ file, /** @type {number} */ count) {
  const handle = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(handle).size;
    const length = Math.min(size, 16_384);
    const buffer = Buffer.alloc(length);
    fs.readSync(handle, buffer, 0, length, size - length);
    return buffer
      .toString("utf8")
      .split("\n")
      .map((line) => line.trimEnd())
      .filter(Boolean)
      .slice(-count);
  } finally {
    fs.closeSync(handle);
  }
}

/**
 * The HTTP status of a GET over TLS, trusting only `ca` (fetch cannot be given a certificate to trust).
 * @param {string} url @param {Buffer} ca
 * @returns {Promise<number>}
 */
function statusOverTls(url, ca) {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { ca }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", reject);
  });
}

/** Ends the process group started for Keycloak: SIGTERM, then SIGKILL after a grace period. */
export async function stopProcessGroup(/** @type {number | undefined} */ pid, /** @type {string} */ pidFile) {
  if (pid !== undefined) await stopProcess(pid, { group: true });
  fs.rmSync(pidFile, { force: true });
}

/** Stops the instance whose pid file is in the cache (for `npm run keycloak:stop`). @param {string} instance */
export async function stopInstance(instance) {
  const pidFile = path.join(cacheDirectory(), "instances", instance, "keycloak.pid");
  if (!fs.existsSync(pidFile)) return false;
  await stopProcessGroup(Number(fs.readFileSync(pidFile, "utf8")), pidFile);
  return true;
}

/**
 * Whether testcontainers finds a Docker engine that answers (DOCKER_HOST, else the system's), within `timeoutSeconds`.
 * @param {number} [timeoutSeconds]
 * @returns {Promise<{ ok: true } | { ok: false, reason: string }>}
 */
export async function probeContainerEngine(timeoutSeconds = 20) {
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= "true";
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  try {
    const { getContainerRuntimeClient } = await import("testcontainers");
    const client = await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutSeconds} s`)), timeoutSeconds * 1000);
      }),
    ]);
    // The client is made once per process; the engine may have gone since: ask it now.
    await /** @type {import("testcontainers").ContainerRuntimeClient} */ (client).container.list();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: firstLine(error) ?? "no answer" };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The same server in a container, through testcontainers, on the Docker engine at DOCKER_HOST (or the system's), with
 * the host's network: Keycloak listens on this machine's ports as the local process does, and 127.0.0.1 in the
 * container is this machine (where the browser tests' mail catchers listen). The providers and realm files are copied
 * in before the start, and `start-dev` builds the server with them, as on the local process: Keycloak refuses
 * `kc.sh build` for dev mode, and a prebuilt production server (`start --optimized`) would be another server than the
 * one the tests are written for. Ryuk, testcontainers' reaper, is off unless asked for: the harness cleans up itself,
 * stopping the container and first removing any it left behind under the same label.
 * @param {import("./keycloak-config.mjs").KeycloakOptions} options
 * @param {StartRun} run
 * @returns {Promise<RunningKeycloak>}
 */
export async function startContainer(options, { instance, timeoutSeconds = startTimeoutFromEnvironment(), onWaiting }) {
  const spec = containerSpecification(options);
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= "true";
  // Loaded only here: testcontainers is needed only when a Docker engine is used.
  const { GenericContainer, getContainerRuntimeClient } = await import("testcontainers");
  let client;
  try {
    client = await getContainerRuntimeClient();
  } catch (error) {
    throw new KeycloakError(`No Docker engine reachable (${firstLine(error)}): start one, or set DOCKER_HOST to it.`);
  }
  for (const leftover of await client.container.list()) {
    if (leftover.Labels[CONTAINER_LABEL] === instance) {
      await client.container.remove(client.container.getById(leftover.Id), { removeVolumes: true });
    }
  }
  await assertPortFree(options.httpPort);
  await assertPortFree(options.managementPort);
  const command = serverArguments({
    httpPort: options.httpPort,
    managementPort: options.managementPort,
    features: options.features,
    proxyHeaders: options.proxyHeaders,
  });
  let container;
  try {
    // No published ports: on the host's network the default wait (for published ports) returns at once, and the
    // readiness below is the local process's.
    container = await new GenericContainer(spec.image)
      .withNetworkMode("host")
      .withCommand(command)
      .withEnvironment(spec.environment)
      .withCopyFilesToContainer(spec.files)
      .withLabels({ [CONTAINER_LABEL]: instance })
      .start();
  } catch (error) {
    throw new KeycloakError(`Keycloak's container did not start (${firstLine(error)}).`);
  }
  const started = container;
  const stop = async () => void (await started.stop({ timeout: 30_000, remove: true, removeVolumes: true }));
  let exited = false;
  /** @type {string[]} */
  const tail = [];
  let logged = 0;
  const logs = await started.logs();
  logs.on("data", (/** @type {Buffer | string} */ chunk) => {
    logged += chunk.length;
    tail.push(...String(chunk).trimEnd().split("\n"));
    tail.splice(0, Math.max(0, tail.length - 15));
  });
  logs.on("end", () => (exited = true));
  logs.on("error", () => (exited = true));
  const url = `http://localhost:${options.httpPort}`;
  const managementUrl = `http://localhost:${options.managementPort}`;
  try {
    await waitUntilReady(`${managementUrl}/health/ready`, {
      timeoutSeconds,
      onWaiting,
      hasExited: () => exited,
      logSize: () => logged,
      lastLogLine: () => tail.at(-1) ?? "",
    });
  } catch (error) {
    await stop().catch(() => {});
    throw new KeycloakError(
      `${/** @type {Error} */ (error).message} Its container's log ends with:\n${tail.join("\n")}`,
    );
  } finally {
    // Followed only during the start: an open stream would keep this process alive.
    logs.destroy();
  }
  return { url, managementUrl, pid: undefined, logFile: undefined, stop };
}

/** @param {unknown} error */
function firstLine(error) {
  return String(error instanceof Error ? error.message : error).split("\n")[0];
}
