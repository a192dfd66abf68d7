// @ts-check
// `npm run test:containers`: the browser suite on the container back-end. Sets up the engine and the image
// (scripts/containers.mjs), runs the same e2e runner as `npm test` (Playwright) with KC_BACKEND=container, then
// removes the harness's containers and stops the engine if this run started it. Ends with the runner's closing line.
import { spawn } from "node:child_process";
import path from "node:path";
import { setUpContainers, tearDownContainers } from "./containers.mjs";
import { KeycloakError } from "./lib/keycloak-server.mjs";

const root = path.resolve(import.meta.dirname, "..");

let code = 1;
let startedHere = false;
/** @type {string[]} */
let closing = [];
try {
  const started = Date.now();
  const engine = await setUpContainers();
  const { host } = engine;
  startedHere = engine.startedHere;
  console.log(`Container set-up took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Arguments go to the runner: `npm run test:containers -- tests/e2e/shell.e2e.ts` runs one file.
  const extra = process.argv.slice(2);
  const child = spawn("node", ["scripts/test-all.mjs", "e2e", ...(extra.length ? ["--", ...extra] : [])], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      KC_BACKEND: "container",
      DOCKER_HOST: host,
      TESTCONTAINERS_RYUK_DISABLED: process.env.TESTCONTAINERS_RYUK_DISABLED ?? "true",
      // A container's first start copies the image (vfs) and re-augments Keycloak: on 2 busy cores, minutes.
      KC_START_TIMEOUT: process.env.KC_START_TIMEOUT ?? "480",
    },
  });
  // Ctrl-C or a stop from CI: let the runner stop its container, then clean up below as after any run.
  for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(signal, () => child.kill(signal));
  let output = "";
  child.stdout.on("data", (/** @type {Buffer} */ chunk) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  code = await new Promise((resolve) => child.on("close", (status) => resolve(status ?? 1)));
  closing = output.trim().split("\n").slice(-2);
} catch (error) {
  console.error(error instanceof KeycloakError ? error.message : error);
} finally {
  // An engine that was running before (e.g. from `npm run containers:setup`) keeps running.
  await tearDownContainers({ stopEngine: startedHere });
}
// Repeat the runner's summary last, so the closing line stays the count of tests.
if (closing.length) console.log(`\n${closing.join("\n").replace(/^(PASS|FAIL) e2e:/m, "$1 e2e (containers):")}`);
else console.log("\n0 passed, 1 failed");
process.exit(code);
