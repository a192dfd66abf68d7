// @ts-check
// `npm run build`: our Vite build, then keycloakify packages it (with src/theme/account) into the jar, and the
// server extension (extension/, compiled by Maven meanwhile) is added to that jar, so that it is one file.
// See docs/packaging.md for why it is two steps, and docs/extension.md for the extension.
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { JAR_NAME, THEME_NAME } from "./lib/keycloak-config.mjs";
import { chooseJavaHome } from "./lib/keycloak-server.mjs";

const root = path.resolve(import.meta.dirname, "..");

/** @param {string} label @param {string[]} args @param {NodeJS.ProcessEnv} [env] */
function run(label, args, env = process.env) {
  const started = Date.now();
  const result = spawnSync("npx", ["--no-install", ...args], { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) {
    console.error(`${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
  return (Date.now() - started) / 1000;
}

if (spawnSync("mvn", ["-v"], { stdio: "ignore" }).status !== 0) {
  console.error(
    "Maven (mvn) not found: keycloakify needs it to package the jar, and it compiles the server extension. Install it (apt-get install maven).",
  );
  process.exit(1);
}

const extension = path.join(root, "extension");
const extensionClasses = path.join(extension, "target", "classes");
// The extension's jar (its classes with the libraries it carries, renamed into its own package: extension/pom.xml),
// unpacked: what goes into the theme jar.
const extensionContents = path.join(extension, "target", "jar-contents");
/**
 * JVM options for a short Maven run: the quick compiler tier only and the serial collector. Maven's run is over before
 * the optimising compiler would pay off; on this 2-core machine this halves its time (25 s to 9 s under load).
 */
const QUICK_JVM = [process.env.MAVEN_OPTS, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"].filter(Boolean).join(" ");
const extensionBuild = compileExtension();

// Always a production bundle: Vite honours an inherited NODE_ENV, and vitest (whose e2e setup may run this build)
// sets NODE_ENV=test, which would ship React's development build.
const viteSeconds = run("vite build", ["vite", "build", "--logLevel", "warn"], {
  ...process.env,
  NODE_ENV: "production",
});
// keycloakify hands npm's cafile contents to a child process through the environment; a large CA bundle hits
// E2BIG. It only needs them for its own downloads, which this build does not make (Maven has its own trust store).
const emptyCaFile = path.join(os.tmpdir(), "keycloak-account-console-empty-ca.pem");
writeFileSync(emptyCaFile, "");
const keycloakifySeconds = run("keycloakify build", ["keycloakify", "build"], {
  ...process.env,
  npm_config_cafile: emptyCaFile,
  NPM_CONFIG_CAFILE: emptyCaFile,
});

const jar = path.join(root, "dist_keycloak", JAR_NAME);
if (!existsSync(jar)) {
  console.error(`keycloakify finished but ${path.relative(root, jar)} is missing.`);
  process.exit(1);
}

const { compiled, output } = await extensionBuild;
if (!compiled) {
  console.error(`Compiling the server extension (extension/) failed:\n${output}`);
  process.exit(1);
}
// The extension's classes and its META-INF/services entry go into the theme jar: one file to install.
const javaHome = chooseJavaHome();
const jarTool = javaHome ? path.join(javaHome, "bin", "jar") : "jar";
const update = spawnSync(jarTool, ["uf", jar, "-C", extensionContents, "."], { cwd: root, encoding: "utf8" });
if (update.status !== 0) {
  console.error(`Adding the extension to the jar failed (exit ${update.status ?? update.signal}):\n${update.stderr}`);
  process.exit(1);
}
addEmailThemeType();

console.log(
  `Built ${path.relative(root, jar)} (${(statSync(jar).size / 1024).toFixed(0)} KiB) ` +
    `in ${(viteSeconds + keycloakifySeconds).toFixed(1)} s (vite ${viteSeconds.toFixed(1)} s, keycloakify ${keycloakifySeconds.toFixed(1)} s; ` +
    `extension ${compiled === "fresh" ? "up to date" : "compiled beside them"}).`,
);

/**
 * The extension's resources brought an email theme (theme/<name>/email: the sign-in alert's templates and texts), but
 * Keycloak finds a theme type only through META-INF/keycloak-themes.json, which keycloakify wrote for the account type
 * alone. The jar's list gets "email" beside "account" for our theme.
 */
function addEmailThemeType() {
  const work = mkdtempSync(path.join(os.tmpdir(), "account-console-themes-"));
  const entry = "META-INF/keycloak-themes.json";
  try {
    const extract = spawnSync(jarTool, ["xf", jar, entry], { cwd: work, encoding: "utf8" });
    const file = path.join(work, entry);
    if (extract.status !== 0 || !existsSync(file)) {
      console.error(`Reading ${entry} from the jar failed:\n${extract.stderr}`);
      process.exit(1);
    }
    /** @type {{ themes: { name: string, types: string[] }[] }} */
    const list = JSON.parse(readFileSync(file, "utf8"));
    const ours = list.themes.find((theme) => theme.name === THEME_NAME);
    if (!ours) {
      console.error(`${entry} does not list the theme ${THEME_NAME}.`);
      process.exit(1);
    }
    if (!ours.types.includes("email")) ours.types.push("email");
    writeFileSync(file, JSON.stringify(list, null, 2) + "\n");
    const write = spawnSync(jarTool, ["uf", jar, "-C", work, entry], { cwd: root, encoding: "utf8" });
    if (write.status !== 0) {
      console.error(`Writing ${entry} into the jar failed:\n${write.stderr}`);
      process.exit(1);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Compiles extension/ with Maven (quiet, batch mode; dependencies cached in ~/.m2, so a second build needs no
 * network), running beside the Vite and keycloakify steps. Skipped when the compiled classes are newer than every
 * source. The unit tests of the extension run in `npm test`, not here.
 * @returns {Promise<{ compiled: false | "fresh" | "built", output: string }>}
 */
function compileExtension() {
  // Written after each successful compile: Maven leaves unchanged classes and resources with their old times.
  const stamp = path.join(extension, "target", "compiled.stamp");
  const sources = [path.join(extension, "src", "main"), path.join(extension, "pom.xml")];
  if (existsSync(stamp) && existsSync(extensionContents) && statSync(stamp).mtimeMs >= newest(sources)) {
    return Promise.resolve({ compiled: "fresh", output: "" });
  }
  // From scratch: a class whose source was deleted must not linger and end up in the jar.
  rmSync(extensionClasses, { recursive: true, force: true });
  rmSync(extensionContents, { recursive: true, force: true });
  return new Promise((resolve) => {
    const args = ["-q", "-B", "-f", path.join(extension, "pom.xml"), "package", "-Dmaven.test.skip=true"];
    const child = spawn("mvn", args, {
      cwd: root,
      env: { ...process.env, MAVEN_OPTS: QUICK_JVM },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      const unpackError = code === 0 ? unpackExtension() : undefined;
      const built = code === 0 && unpackError === undefined;
      if (built) writeFileSync(stamp, new Date().toISOString() + "\n");
      resolve({ compiled: built ? "built" : false, output: unpackError ? `${output}\n${unpackError}` : output });
    });
  });
}

/**
 * The extension's jar, unpacked without its manifest (the theme jar keeps its own).
 * @returns {string | undefined} what went wrong, if anything
 */
function unpackExtension() {
  const built = readdirSync(path.join(extension, "target")).find((name) =>
    /^account-console-extension-.*\.jar$/.test(name),
  );
  if (!built) return "Maven finished, but extension/target holds no account-console-extension jar.";
  mkdirSync(extensionContents, { recursive: true });
  const javaHome = chooseJavaHome();
  const jarTool = javaHome ? path.join(javaHome, "bin", "jar") : "jar";
  const result = spawnSync(jarTool, ["xf", path.join(extension, "target", built)], {
    cwd: extensionContents,
    encoding: "utf8",
  });
  if (result.status !== 0) return `Unpacking ${built} failed:\n${result.stderr}`;
  rmSync(path.join(extensionContents, "META-INF", "MANIFEST.MF"), { force: true });
  return undefined;
}

/** Newest modification time of the files under the given files and folders. @param {string[]} entries */
function newest(entries) {
  let time = 0;
  for (const entry of entries) {
    if (!existsSync(entry)) continue;
    const stat = statSync(entry);
    if (!stat.isDirectory()) time = Math.max(time, stat.mtimeMs);
    else
      for (const child of readdirSync(entry, { recursive: true, withFileTypes: true }))
        if (child.isFile()) time = Math.max(time, statSync(path.join(child.parentPath, child.name)).mtimeMs);
  }
  return time;
}
