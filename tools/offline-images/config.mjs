// @ts-check
// This machine's Docker engine and images (tools/offline-images/README.md): where the engine keeps its files, how it
// is started, which images are made in place of the registry's, and from what. Pure functions only: unit-tested
// (tests/unit/offline-images.test.ts).
import { createHash } from "node:crypto";
import path from "node:path";
import { cacheDirectory } from "../../scripts/lib/keycloak-config.mjs";

/** The Debian release the base image is made of, and the Java it carries (Keycloak 26 runs on 17). */
export const BASE_SUITE = "bookworm";
export const BASE_PACKAGES = ["openjdk-17-jre-headless"];
/** The base image built here: Debian with a Java runtime, made by debootstrap (no registry needed). */
export const BASE_IMAGE = `keycloak-account-console/jre:${BASE_SUITE}-17`;
/**
 * The images docker-compose.cluster.yml names besides Keycloak's, made here from the base with Debian's packages of
 * the same major version (bookworm has PostgreSQL 15 and HAProxy 2.6).
 */
export const POSTGRES_IMAGE = "postgres:15";
export const HAPROXY_IMAGE = "haproxy:2.6";

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
 * The Keycloak image, named as the official one (quay.io/keycloak/keycloak:<version>): the base with the distribution
 * copied to /opt/keycloak (one layer: `docker create`, `docker cp`, `docker commit`; a Dockerfile would commit one
 * container per instruction, each a full copy under vfs), laid out like the official image, so the same command,
 * mounts, compose files and deploy/keycloak/Dockerfile work with either. These are the commit's changes; the last
 * labels the image with a digest of the others, so a changed recipe builds anew.
 * @param {string} version
 */
export function keycloakImageChanges(version) {
  return withRecipe([
    `LABEL org.keycloak.version=${version}`,
    // Tells Keycloak it runs in a container: start-dev then listens on all addresses, not only localhost.
    "ENV KC_RUN_IN_CONTAINER=true",
    "WORKDIR /opt/keycloak",
    'ENTRYPOINT ["/opt/keycloak/bin/kc.sh"]',
    "CMD []",
  ]);
}

/**
 * The PostgreSQL image: Debian's server, and an entry point (postgres-entrypoint.sh) that reads the official image's
 * POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB. `entrypoint` is that script's text (part of the recipe).
 * @param {string} entrypoint
 */
export function postgresImage(entrypoint) {
  const major = POSTGRES_IMAGE.split(":")[1];
  return {
    name: POSTGRES_IMAGE,
    packages: [`postgresql-${major}`],
    changes: withRecipe(
      [
        `ENV PATH=/usr/lib/postgresql/${major}/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`,
        "ENV PGDATA=/var/lib/postgresql/data",
        'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]',
        'CMD ["postgres"]',
      ],
      entrypoint,
    ),
  };
}

/** The HAProxy image: Debian's, reading the official image's configuration path. */
export function haproxyImage() {
  return {
    name: HAPROXY_IMAGE,
    packages: ["haproxy"],
    changes: withRecipe([
      "ENTRYPOINT []",
      // -W -db: master-worker in the foreground, as the official image runs it.
      'CMD ["haproxy", "-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]',
    ]),
  };
}

/**
 * The shell command that installs Debian packages inside a container of the base image (run with the host's network
 * and apt configuration); no service is started and apt's lists are left out of the image.
 * @param {string[]} packages
 */
export function installCommand(packages) {
  return [
    "set -e",
    // Debian's way to keep maintainer scripts from starting the services they install.
    "printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d",
    "apt-get update -qq",
    `DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages.join(" ")}`,
    "rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb /usr/sbin/policy-rc.d",
  ].join("\n");
}

export const RECIPE_LABEL = "keycloak-account-console.recipe";

/** The changes, and last a label with their digest (and of any file the image carries). @param {string[]} changes @param {string} [extra] */
function withRecipe(changes, extra = "") {
  const digest = createHash("sha256").update(changes.join("\n")).update(extra).digest("hex").slice(0, 16);
  return [...changes, `LABEL ${RECIPE_LABEL}=${digest}`];
}

/** The recipe digest that an image built with these changes carries. @param {string[]} changes */
export function recipeOf(changes) {
  return changes.at(-1)?.split("=")[1];
}
