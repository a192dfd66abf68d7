// @ts-check
// What a benchmark result was measured on (`npm run bench`, tools/bench/load.mjs): the commit and whether the tree
// was dirty, the theme jar's sha256, the Keycloak version and mode, the machine's load. And the check that a server
// serves the current jar: every file of our theme the console's page links must be byte for byte the jar's.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
import { THEME_NAME } from "../../../scripts/lib/keycloak-config.mjs";

/** An error whose message says what to do; the bench prints it and exits. */
export class BenchRefusal extends Error {}

/**
 * Runs a measuring script's `main`: a refusal (BenchRefusal: a stale jar, a server in the wrong mode) is said on one
 * line, prefixed with `label`, and exits 1; any other error is thrown.
 * @param {string} label @param {() => Promise<void>} main
 */
export async function runUnlessRefused(label, main) {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof BenchRefusal)) throw error;
    console.error(`${label}: refused: ${error.message}`);
    process.exitCode = 1;
  }
}

/** @param {Uint8Array} content */
export const sha256 = (content) => createHash("sha256").update(content).digest("hex");

/**
 * The files of a zip (a jar) by name. Only what a jar written by Maven or keycloakify needs: stored and deflated
 * entries, no zip64, no encryption.
 * @param {Buffer} zip
 * @returns {Map<string, Buffer>}
 */
export function unzip(zip) {
  const END = 0x06054b50;
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== END) end--;
  if (end < 0) throw new Error("Not a zip file: no end of central directory.");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  /** @type {Map<string, Buffer>} */
  const files = new Map();
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error("Broken zip central directory.");
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith("/")) continue;
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) files.set(name, Buffer.from(data));
    else if (method === 8) files.set(name, inflateRawSync(data));
    else throw new Error(`Zip entry ${name}: compression method ${method} is not supported.`);
  }
  return files;
}

/** Where the account theme's resources sit in the jar. */
const RESOURCES = `theme/${THEME_NAME}/account/resources/`;

/**
 * The jar as the bench needs it: its sha256, its build time, and the sha256 of each of the account theme's resources
 * (by path under resources/).
 * @param {string} jarPath
 */
export function readJar(jarPath) {
  const content = readFileSync(jarPath);
  /** @type {Map<string, string>} */
  const resources = new Map();
  for (const [name, data] of unzip(content)) {
    if (name.startsWith(RESOURCES)) resources.set(name.slice(RESOURCES.length), sha256(data));
  }
  const manifest = resources.has(".vite/manifest.json");
  if (!manifest) throw new BenchRefusal(`${jarPath} has no ${RESOURCES}.vite/manifest.json: run npm run build.`);
  return { sha256: sha256(content), builtAt: statSync(jarPath).mtime.toISOString(), resources };
}

/**
 * GET without the transparent decompression of fetch: the status, headers and the body as sent. An `https:` address
 * goes over TLS, trusting `ca` when given (the bench's own certificate) besides Node's usual authorities.
 * @param {string} url @param {Record<string, string>} [headers] @param {Buffer} [ca]
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: Buffer }>}
 */
export function get(url, headers = {}, ca) {
  return new Promise((resolve, reject) => {
    const options = url.startsWith("https:") ? { headers, ...(ca && { ca }) } : { headers };
    const request = (url.startsWith("https:") ? https : http).get(url, options, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/**
 * Checks that the server serves this jar: loads the console's page for `realm` (signed out, so only the page) and
 * compares every file of our theme it links with the jar's. Also tells the mode from what Keycloak does with a
 * stylesheet: in production (theme cache on, static max-age set) it gzips theme resources and lets browsers keep them
 * for `max-age`; start-dev sends them raw with `no-cache`. Anything else (gzip with `no-cache`: the theme cache on,
 * the max-age left at start-dev's) is named by what it does.
 * @param {string} baseUrl @param {string} realm @param {ReturnType<typeof readJar>} jar
 * @param {Buffer} [ca] the certificate an `https:` server presents, when no authority Node knows signed it
 * @returns {Promise<{ checked: string[], mode: string, resourceHeaders: Record<string, string> }>}
 */
export async function checkServedBuild(baseUrl, realm, jar, ca) {
  const pageUrl = `${baseUrl}/realms/${realm}/account/`;
  const page = await get(pageUrl, {}, ca);
  if (page.status !== 200) throw new BenchRefusal(`${pageUrl} answered HTTP ${page.status}.`);
  const marker = `/account/${THEME_NAME}/`;
  const linked = [...page.body.toString("utf8").matchAll(/(?:href|src)="([^"]+)"/g)]
    .map((match) => /** @type {string} */ (match[1]))
    .filter((url) => url.includes(marker));
  const assets = linked.filter((url) => url.includes(`${marker}assets/`));
  if (assets.length === 0) {
    throw new BenchRefusal(
      `${pageUrl} links no file of ${THEME_NAME}'s build: the server does not serve this theme's jar.`,
    );
  }
  /** @type {string[]} */
  const checked = [];
  /** @type {Record<string, string>} */
  let resourceHeaders = {};
  let gzipped = false;
  for (const url of linked) {
    const absolute = new URL(url, pageUrl).href;
    const file = absolute.slice(absolute.indexOf(marker) + marker.length);
    const expected = jar.resources.get(file);
    const served = await get(absolute, { "accept-encoding": "identity" }, ca);
    if (!expected || served.status !== 200 || sha256(served.body) !== expected) {
      throw new BenchRefusal(
        `The server at ${baseUrl} does not serve the current build: ${file} ${
          expected ? `differs from the jar's (HTTP ${served.status})` : "is not in dist_keycloak's jar"
        }. Restart it with the jar npm run build wrote, or leave BENCH_KEYCLOAK_URL unset.`,
      );
    }
    checked.push(file);
    if (file.endsWith(".css") && !gzipped) {
      const compressed = await get(absolute, { "accept-encoding": "gzip" }, ca);
      gzipped = compressed.headers["content-encoding"] === "gzip";
      resourceHeaders = {
        "content-encoding": String(compressed.headers["content-encoding"] ?? ""),
        "cache-control": String(compressed.headers["cache-control"] ?? ""),
      };
    }
  }
  const cached = /max-age=[1-9]/.test(resourceHeaders["cache-control"] ?? "");
  const mode =
    gzipped && cached ? "production-cache" : !gzipped && !cached ? "dev" : `gzip ${gzipped}, cached ${cached}`;
  return { checked, mode, resourceHeaders };
}

/** The Keycloak version, from the Admin API's server info. @param {import("@keycloak/keycloak-admin-client").default} admin */
export async function keycloakVersion(admin) {
  try {
    return (await admin.serverInfo.find()).systemInfo?.version ?? "unknown";
  } catch (error) {
    return `unknown (server info: ${error instanceof Error ? error.message : error})`;
  }
}

/** The commit and the tree's state. @param {string} root */
export function gitState(root) {
  const git = (/** @type {string[]} */ ...args) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trimEnd();
  try {
    // Each line is two status letters, a space and the path: no trimming at the start.
    const changed = git("status", "--porcelain", "--untracked-files=no")
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3));
    return { commit: git("rev-parse", "HEAD"), dirty: changed.length > 0, changed };
  } catch (error) {
    return { commit: "unknown", dirty: true, changed: [`git failed: ${String(error).split("\n")[0]}`] };
  }
}

/**
 * Sources changed after the jar was built (the jar then may not be the tree's build). Only a note in the result:
 * others edit the tree while a bench runs; the served files are checked against the jar itself.
 * @param {string} root @param {string} builtAt
 */
export function sourcesNewerThan(root, builtAt) {
  const limit = new Date(builtAt).getTime();
  /** @type {string[]} */
  const newer = [];
  /** @param {string} directory */
  const walk = (directory) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (statSync(full).mtimeMs > limit) newer.push(path.relative(root, full));
    }
  };
  walk(path.join(root, "src"));
  for (const file of ["vite.config.ts", "package-lock.json"]) {
    if (statSync(path.join(root, file)).mtimeMs > limit) newer.push(file);
  }
  return newer;
}

/** The machine: cores and load averages (1, 5, 15 minutes). */
export function machineLoad() {
  const [one = 0, five = 0, fifteen = 0] = os.loadavg().map((value) => Math.round(value * 100) / 100);
  return { cpus: os.availableParallelism(), load1: one, load5: five, load15: fifteen };
}
