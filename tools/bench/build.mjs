// @ts-check
// `npm run bench:build [-- --cold]`: jar build time and bundle sizes, printed as figures (no pass/fail). Start-up is
// what the bundle budget counts (scripts/lib/first-screen-files.mjs), gzipped at Keycloak's level.
//   --cold  also times a build with keycloakify's Maven cache moved aside (what a fresh clone pays once).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { firstScreenFiles, gzipSize, GZIP_LEVEL } from "../../scripts/lib/first-screen-files.mjs";
import { JAR_NAME } from "../../scripts/lib/keycloak-config.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const mavenCache = path.join(root, "node_modules", ".cache", "keycloakify");

function timedBuild() {
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(root, "scripts", "build-theme.mjs")], {
    cwd: root,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error("The build failed.");
  }
  return (Date.now() - started) / 1000;
}

/** @param {number} bytes */
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const rows = /** @type {[string, string][]} */ ([]);

if (process.argv.includes("--cold") && existsSync(mavenCache)) {
  const aside = `${mavenCache}.bench-aside`;
  renameSync(mavenCache, aside);
  try {
    rows.push(["jar build, empty Maven cache", `${timedBuild().toFixed(1)} s`]);
    rmSync(aside, { recursive: true, force: true });
  } catch (error) {
    rmSync(mavenCache, { recursive: true, force: true });
    renameSync(aside, mavenCache);
    throw error;
  }
}
const warm = [timedBuild(), timedBuild()];
rows.push(["jar build, cached (best of 2)", `${Math.min(...warm).toFixed(1)} s`]);

const assets = path.join(root, "dist", "assets");
const manifest = JSON.parse(readFileSync(path.join(root, "dist", ".vite", "manifest.json"), "utf8"));

/** @param {string} file */
const sizes = (file) => {
  const content = readFileSync(path.join(root, "dist", file));
  return { raw: content.length, gzip: gzipSize(content) };
};
/** @param {string} label @param {string[]} files */
const sized = (label, files) => {
  const total = files
    .map(sizes)
    .reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 });
  rows.push([label, `${kib(total.raw)} (${kib(total.gzip)} gzip, level ${GZIP_LEVEL})`]);
};

// Start-up as the bundle budget (tests/e2e/bundle-budget.e2e.ts) counts it: scripts/lib/first-screen-files.mjs.
const startup = firstScreenFiles(manifest);
sized(`start-up scripts (${startup.js.length} files)`, startup.js);
sized(`start-up stylesheets (${startup.css.length} files)`, startup.css);
const scripts = readdirSync(assets).filter((file) => file.endsWith(".js"));
sized(
  `all scripts (${scripts.length} files)`,
  scripts.map((file) => `assets/${file}`),
);
const all = readdirSync(assets);
rows.push(["all assets", kib(all.reduce((sum, file) => sum + statSync(path.join(assets, file)).size, 0))]);
rows.push(["theme jar", kib(statSync(path.join(root, "dist_keycloak", JAR_NAME)).size)]);

const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
