// @ts-check
// `npm run keycloak:cluster -- start|stop|status`: the production shape on this machine (docs/production.md).
// PostgreSQL, two Keycloak nodes (`start --optimized`, built once with the theme jar) and HAProxy round robin in
// front, on ports 8700-8799 (CLUSTER_PORT_BASE moves them). Stops what it started, by process id.
import path from "node:path";
import { JAR_NAME } from "./lib/keycloak-config.mjs";
import { KeycloakError } from "./lib/keycloak-server.mjs";
import { readState, restartBalancer, restartNode, startCluster, stopCluster, stopNode } from "./lib/cluster.mjs";

const [command = "start", argument] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, "..");

try {
  if (command === "start") {
    const { url, pids, timings } = await startCluster({
      jarPath: path.join(root, "dist_keycloak", JAR_NAME),
      realmFiles: [path.join(root, "tests", "fixtures", "demo-realm.json")],
    });
    const steps = Object.entries(timings)
      .map(([step, seconds]) => `${step} ${seconds} s`)
      .join(", ");
    console.log(`cluster: ready at ${url} (${steps})`);
    console.log(`cluster: pids ${JSON.stringify(pids)}; stop with: npm run keycloak:cluster stop`);
  } else if (command === "stop") {
    console.log((await stopCluster()) ? "cluster: stopped." : "cluster: not running.");
  } else if (command === "status") {
    const state = readState();
    console.log(state ? `cluster: ${state.url} pids ${JSON.stringify(state.pids)}` : "cluster: not running.");
  } else if (command === "restart-lb") {
    await restartBalancer();
    console.log("cluster: load balancer restarted.");
  } else if (command === "stop-node" || command === "kill-node" || command === "start-node") {
    const index = Number(argument ?? 2) - 1;
    if (index !== 0 && index !== 1) throw new KeycloakError("Name the node: 1 or 2.");
    if (command === "start-node") console.log(`cluster: node${index + 1} started (pid ${await restartNode(index)}).`);
    else await stopNode(index, command === "kill-node" ? "SIGKILL" : "SIGTERM");
  } else {
    throw new KeycloakError(
      `Unknown command '${command}': use start, stop, status, restart-lb, stop-node|kill-node|start-node N.`,
    );
  }
} catch (error) {
  console.error(error instanceof KeycloakError ? error.message : error);
  process.exit(1);
}
