// @ts-check
// `npm run keycloak:cluster -- up|down|status`: the production shape of docker-compose.cluster.yml on this machine's
// Docker engine (docs/production.md). `up` (the default) builds the optimized Keycloak image with the current jar and
// starts PostgreSQL, two nodes and HAProxy, then prints the load balancer's address; `down` removes it all, the
// database too. The same as `docker compose -f docker-compose.cluster.yml -p keycloak-account-console-cluster ...`.
import { KeycloakError } from "../../scripts/lib/keycloak-server.mjs";
import { PROJECT, readState, startCluster, stopCluster } from "./cluster.mjs";

const [command = "up"] = process.argv.slice(2);

try {
  if (command === "up" || command === "start") {
    const { url, seconds } = await startCluster();
    console.log(`cluster: ready in ${seconds} s at ${url}`);
    console.log(`cluster: the demo realm: ${url}/realms/demo/account/ (alice / alice); admin console: ${url}/admin/`);
    console.log("cluster: stop with: npm run keycloak:cluster -- down");
  } else if (command === "down" || command === "stop") {
    stopCluster();
    console.log("cluster: removed.");
  } else if (command === "status") {
    const state = readState();
    console.log(state ? `cluster: ${state.url} (compose project ${PROJECT})` : "cluster: not running.");
  } else {
    throw new KeycloakError(`Unknown command '${command}': use up, down or status.`);
  }
} catch (error) {
  console.error(error instanceof KeycloakError ? error.message : error);
  process.exit(1);
}
