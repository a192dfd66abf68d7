// @ts-check
// `npm run test:containers`: the browser suite on the container back-end: the same e2e runner as `npm test`
// (Playwright) with KC_BACKEND=container, on the Docker engine at DOCKER_HOST (or the system's), which pulls
// quay.io/keycloak/keycloak:<version> when it lacks it. Ends with the runner's closing line.
import { spawn } from "node:child_process";
import path from "node:path";
import { KeycloakError } from "./lib/keycloak-server.mjs";

const root = path.resolve(import.meta.dirname, "..");

let code = 1;
/** @type {string[]} */
let closing = [];
try {
  // Arguments go to the runner: `npm run test:containers -- tests/e2e/shell.e2e.ts` runs one file.
  const extra = process.argv.slice(2);
  const child = spawn("node", ["scripts/test-all.mjs", "e2e", ...(extra.length ? ["--", ...extra] : [])], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      KC_BACKEND: "container",
      // A container's first start re-augments Keycloak: on 2 busy cores, minutes.
      KC_START_TIMEOUT: process.env.KC_START_TIMEOUT ?? "480",
    },
  });
  // Ctrl-C or a stop from CI: let the runner stop its container.
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
}
// Repeat the runner's summary last, so the closing line stays the count of tests.
if (closing.length) console.log(`\n${closing.join("\n").replace(/^(PASS|FAIL) e2e:/m, "$1 e2e (containers):")}`);
else console.log("\n0 passed, 1 failed");
process.exit(code);
