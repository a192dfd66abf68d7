// @ts-check
// The theme jar that `npm run build` writes, and whether it must be built again: `npm start`, the browser tests and
// the tools build it only when one of its sources is newer than it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { JAR_NAME } from "./keycloak-config.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
export const JAR_PATH = path.join(root, "dist_keycloak", JAR_NAME);

/** Newest modification time under the inputs of the jar. @param {string[]} entries */
function newestSource(entries) {
  let newest = 0;
  for (const entry of entries.map((name) => path.join(root, name))) {
    if (!existsSync(entry)) continue;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const child of readdirSync(entry, { recursive: true, withFileTypes: true })) {
        if (child.isFile()) newest = Math.max(newest, statSync(path.join(child.parentPath, child.name)).mtimeMs);
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  }
  return newest;
}

/** Whether a source of the jar is newer than the jar (or there is none). */
export function jarIsStale() {
  return (
    !existsSync(JAR_PATH) ||
    statSync(JAR_PATH).mtimeMs <
      newestSource([
        "src",
        "public",
        "vite.config.ts",
        "package.json",
        "package-lock.json",
        "scripts/build-theme.mjs",
        // The server extension, which the build adds to the same jar.
        "extension/src/main",
        "extension/pom.xml",
      ])
  );
}

/** Builds the theme jar unless it is newer than every source. */
export function buildJarIfStale() {
  if (!jarIsStale()) return;
  const build = spawnSync(process.execPath, ["scripts/build-theme.mjs"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error("Building the theme jar failed; see the output above.");
}
