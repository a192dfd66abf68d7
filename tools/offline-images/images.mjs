// @ts-check
// The images docker-compose.yml, docker-compose.cluster.yml and the container back-end name, made on this machine
// under the registry's names (tools/offline-images/README.md): a Debian base with Java by debootstrap, then
// quay.io/keycloak/keycloak:<version> (the distribution copied in), postgres and haproxy (Debian's packages).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { OFFICIAL_IMAGE } from "../../scripts/lib/keycloak-config.mjs";
import { KeycloakError, ensureArchive } from "../../scripts/lib/keycloak-server.mjs";
import {
  BASE_IMAGE,
  RECIPE_LABEL,
  debianMirror,
  debootstrapArguments,
  engineFiles,
  haproxyImage,
  installCommand,
  keycloakImageChanges,
  postgresImage,
  recipeOf,
} from "./config.mjs";
import { docker } from "./engine.mjs";

/** @param {string} host @param {string} image */
function imageExists(host, image) {
  return docker(host, ["image", "inspect", image], { stdio: "ignore" }).status === 0;
}

/**
 * Builds what is missing or of an older recipe: the base image (debootstrap + docker import), the Keycloak image for
 * `version`, and, for the cluster, the PostgreSQL and HAProxy images. Keycloak images of other versions are removed:
 * vfs stores every layer as a full copy.
 * @param {string} host @param {string} version @param {{ cluster?: boolean }} [options]
 * @returns {{ images: string[], built: string[] }}
 */
export function ensureImages(host, version, { cluster = true } = {}) {
  /** @type {string[]} */
  const built = [];
  if (!imageExists(host, BASE_IMAGE)) {
    timed(BASE_IMAGE, () => buildBaseImage(host));
    built.push(BASE_IMAGE);
  }
  const keycloak = `${OFFICIAL_IMAGE}:${version}`;
  const changes = keycloakImageChanges(version);
  if (built.length || imageLabel(host, keycloak, RECIPE_LABEL) !== recipeOf(changes)) {
    timed(keycloak, () => replacing(host, keycloak, () => buildKeycloakImage(host, version, keycloak, changes)));
    built.push(keycloak);
    const others = docker(host, ["image", "ls", OFFICIAL_IMAGE, "--format", "{{.Repository}}:{{.Tag}}"])
      .stdout?.toString()
      .split("\n")
      .filter((name) => name && name !== keycloak);
    if (others?.length) docker(host, ["image", "rm", ...others]);
  }
  if (!cluster) return { images: [keycloak], built };
  const entrypoint = fs.readFileSync(path.join(import.meta.dirname, "postgres-entrypoint.sh"), "utf8");
  for (const image of [postgresImage(entrypoint), haproxyImage()]) {
    if (built.includes(BASE_IMAGE) || imageLabel(host, image.name, RECIPE_LABEL) !== recipeOf(image.changes)) {
      timed(image.name, () => replacing(host, image.name, () => buildPackageImage(host, image)));
      built.push(image.name);
    }
  }
  return { images: [keycloak, postgresImage(entrypoint).name, haproxyImage().name], built };
}

/** Runs `build` and says how long it took. @param {string} name @param {() => void} build */
function timed(name, build) {
  const started = Date.now();
  build();
  console.log(`Built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Builds an image anew under its name, then removes the image the name had before: it would stay behind untagged,
 * holding a full layer copy.
 * @param {string} host @param {string} name @param {() => void} build
 */
function replacing(host, name, build) {
  const previous = imageId(host, name);
  build();
  if (previous && previous !== imageId(host, name)) docker(host, ["image", "rm", previous]);
}

/**
 * An image of Debian packages: a container of the base installs them with the machine's network and a copy of its apt
 * set-up (mounted, so not part of the image; a copy, as maintainer scripts write there), then is committed with the
 * image's changes.
 * @param {string} host @param {{ name: string, packages: string[], changes: string[] }} image
 */
function buildPackageImage(host, image) {
  console.log(`Building ${image.name} (${image.packages.join(", ")} from Debian) ...`);
  const container = `offline-image-build-${process.pid}`;
  fs.mkdirSync(engineFiles().buildRoot, { recursive: true });
  const aptCopy = fs.mkdtempSync(path.join(engineFiles().buildRoot, "apt-"));
  fs.cpSync("/etc/apt", aptCopy, { recursive: true });
  try {
    const install = docker(
      host,
      ["run", "--name", container, "--network", "host", "-v", `${aptCopy}:/etc/apt`, BASE_IMAGE].concat([
        "bash",
        "-c",
        installCommand(image.packages),
      ]),
    );
    if (install.status !== 0) {
      const tail = `${install.stdout}${install.stderr}`.trim().split("\n").slice(-3).join(" / ");
      throw new KeycloakError(`Installing ${image.packages.join(", ")} for ${image.name} failed: ${tail}`);
    }
    if (image.name.startsWith("postgres:")) {
      const copied = docker(host, [
        "cp",
        path.join(import.meta.dirname, "postgres-entrypoint.sh"),
        `${container}:/usr/local/bin/docker-entrypoint.sh`,
      ]);
      if (copied.status !== 0)
        throw new KeycloakError(`docker cp for ${image.name} failed: ${`${copied.stderr}`.trim()}`);
    }
    const committed = docker(host, [
      "commit",
      ...image.changes.flatMap((change) => ["--change", change]),
      container,
      image.name,
    ]);
    if (committed.status !== 0)
      throw new KeycloakError(`docker commit for ${image.name} failed: ${`${committed.stderr}`.trim()}`);
  } finally {
    docker(host, ["rm", "-f", container]);
    fs.rmSync(aptCopy, { recursive: true, force: true });
  }
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
