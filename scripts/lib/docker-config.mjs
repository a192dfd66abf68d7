// @ts-check
// What the Docker side of the project looks like: where our own engine keeps its files, how it is started, which
// images we build and from what. Pure functions only: unit-tested (tests/unit/docker-config.test.ts).
import { createHash } from "node:crypto";
import path from "node:path";
import { cacheDirectory } from "./keycloak-config.mjs";

/** The Debian release the base image is made of, and the Java it carries (Keycloak 26 runs on 17). */
export const BASE_SUITE = "bookworm";
export const BASE_PACKAGES = ["openjdk-17-jre-headless"];
/** The base image built here: Debian with a Java runtime, made by debootstrap (no registry needed). */
export const BASE_IMAGE = `keycloak-account-console/jre:${BASE_SUITE}-17`;
/** Label on every container the harness starts, so it can find and remove what a crashed run left behind. */
export const CONTAINER_LABEL = "keycloak-account-console.instance";

/**
 * Where an engine started by our scripts keeps everything (outside the work tree, beside the Keycloak cache).
 * Socket paths are limited to 107 bytes, so the folder stays short.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function engineFiles(env = process.env) {
  const root = path.join(cacheDirectory(env), "docker");
  return {
    root,
    dataRoot: path.join(root, "data"),
    execRoot: path.join(root, "exec"),
    socket: path.join(root, "docker.sock"),
    pidFile: path.join(root, "dockerd.pid"),
    logFile: path.join(root, "dockerd.log"),
    /** Present while an engine we started runs: holds its pid, so only that engine is ever stopped by us. */
    startedMarker: path.join(root, "started-by-scripts.pid"),
    buildRoot: path.join(root, "build"),
  };
}

/** @param {ReturnType<typeof engineFiles>} files */
export function dockerdArguments(files) {
  return [
    // vfs needs no kernel support (overlay inside a container often fails); it copies whole layers, so keep few.
    "--storage-driver=vfs",
    // The machine's firewall is not ours to change; published ports go through docker-proxy instead.
    "--iptables=false",
    `--data-root=${files.dataRoot}`,
    `--exec-root=${files.execRoot}`,
    `--host=unix://${files.socket}`,
    `--pidfile=${files.pidFile}`,
  ];
}

/**
 * The engines worth asking, in order: DOCKER_HOST when set, else the system's socket, then ours.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function candidateHosts(env = process.env) {
  if (env.DOCKER_HOST) return [env.DOCKER_HOST];
  return ["unix:///var/run/docker.sock", `unix://${engineFiles(env).socket}`];
}

/**
 * The Debian mirror apt uses for the main archive, from the files of /etc/apt/sources.list(.d): one-line `deb URI
 * suite ...` entries and deb822 `.sources` stanzas. Security and non-Debian repositories are skipped.
 * @param {{ name: string, text: string }[]} files
 * @returns {string | undefined}
 */
export function debianMirror(files) {
  for (const { name, text } of files) {
    const entries = name.endsWith(".sources") ? deb822Entries(text) : oneLineEntries(text);
    for (const entry of entries) {
      const isArchive = entry.suites.some((suite) => /^[a-z]+(-updates)?$/.test(suite) && !suite.includes("security"));
      if (entry.types.includes("deb") && isArchive && /\/debian\/?$/.test(entry.uri)) {
        return entry.uri.replace(/\/$/, "");
      }
    }
  }
  return undefined;
}

/** @param {string} text */
function oneLineEntries(text) {
  return text
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean)
    .map((line) => line.replace(/\[[^\]]*\]\s*/, "").split(/\s+/))
    .map(([type, uri = "", suite = ""]) => ({ types: [type], uri, suites: [suite] }));
}

/** @param {string} text */
function deb822Entries(text) {
  return text.split(/\n\s*\n/).flatMap((stanza) => {
    /** @type {Record<string, string>} */
    const fields = {};
    for (const line of stanza.split("\n")) {
      const [, name, value] = /^([A-Za-z-]+):\s*(.*)$/.exec(line) ?? [];
      if (name && value !== undefined) fields[name.toLowerCase()] = value.trim();
    }
    if (fields.enabled === "no" || !fields.uris) return [];
    const types = (fields.types ?? "").split(/\s+/);
    const suites = (fields.suites ?? "").split(/\s+/);
    return fields.uris.split(/\s+/).map((uri) => ({ types, uri, suites }));
  });
}

/** Arguments of debootstrap for the base image's root file system. @param {string} target @param {string} mirror */
export function debootstrapArguments(target, mirror) {
  return ["--variant=minbase", `--include=${BASE_PACKAGES.join(",")}`, BASE_SUITE, target, mirror];
}

/**
 * The Keycloak image: the base with the distribution copied to /opt/keycloak (one layer: `docker create`, `docker
 * cp`, `docker commit`; a Dockerfile would commit one container per instruction, each a full copy under vfs), laid
 * out like the official image, so the same command, mounts and compose file work with either. These are the
 * commit's changes; the last labels the image with a digest of the others, so a changed recipe builds anew.
 * @param {string} version
 */
export function keycloakImageChanges(version) {
  const changes = [
    `LABEL org.keycloak.version=${version}`,
    // Tells Keycloak it runs in a container: start-dev then listens on all addresses, not only localhost.
    "ENV KC_RUN_IN_CONTAINER=true",
    "WORKDIR /opt/keycloak",
    'ENTRYPOINT ["/opt/keycloak/bin/kc.sh"]',
    "CMD []",
  ];
  return [...changes, `LABEL ${RECIPE_LABEL}=${recipeDigest(changes)}`];
}

export const RECIPE_LABEL = "keycloak-account-console.recipe";

/** @param {string[]} changes */
function recipeDigest(changes) {
  return createHash("sha256").update(changes.join("\n")).digest("hex").slice(0, 16);
}

/** The recipe digest that an image built with these changes carries. @param {string[]} changes */
export function recipeOf(changes) {
  return changes.at(-1)?.split("=")[1];
}
