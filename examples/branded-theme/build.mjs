// @ts-check
// Packs this folder's theme into a jar for Keycloak's providers/: `node examples/branded-theme/build.mjs` writes
// examples/branded-theme/dist/account-console-branded-example.jar (a plain zip, as for the extension example).
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { storedZip } from "../extension-theme/build.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const BRANDED_THEME_NAME = "account-console-branded-example";
export const BRANDED_JAR = path.join(here, "dist", `${BRANDED_THEME_NAME}.jar`);

/** Builds the jar (META-INF/ and theme/ of this folder) and returns its path. */
export function buildBrandedJar(outFile = BRANDED_JAR) {
  const names = ["META-INF", "theme"].flatMap((folder) =>
    fs
      .readdirSync(path.join(here, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(here, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
      .sort(),
  );
  const zip = storedZip(names.map((name) => [name, fs.readFileSync(path.join(here, name))]));
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, zip);
  return outFile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`Built ${path.relative(process.cwd(), buildBrandedJar())}\n`);
}
