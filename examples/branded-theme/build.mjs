// @ts-check
// Packs this folder's theme into a jar for Keycloak's providers/: `node examples/branded-theme/build.mjs` writes
// examples/branded-theme/dist/account-console-branded-example.jar (a plain zip, as for the extension example).
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { writeThemeJar } from "../extension-theme/build.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const BRANDED_THEME_NAME = "account-console-branded-example";
export const BRANDED_JAR = path.join(here, "dist", `${BRANDED_THEME_NAME}.jar`);

/** Builds the jar (META-INF/ and theme/ of this folder) and returns its path. */
export function buildBrandedJar(outFile = BRANDED_JAR) {
  return writeThemeJar(here, outFile);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`Built ${path.relative(process.cwd(), buildBrandedJar())}\n`);
}
