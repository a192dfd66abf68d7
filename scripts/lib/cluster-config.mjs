// @ts-check
// What the production-shaped cluster looks like (`npm run keycloak:cluster`): PostgreSQL, two optimized Keycloak
// nodes, HAProxy in front. Pure functions only (ports, arguments, the load balancer's configuration): unit-tested.
import { createHash } from "node:crypto";
import { FEATURES, THEME_NAME } from "./keycloak-config.mjs";

/**
 * @typedef {object} ClusterNode
 * @property {string} name            node1, node2: also the load balancer's server name (X-Served-By)
 * @property {number} httpPort
 * @property {number} managementPort  /health/ready lives here
 * @property {number} clusterPort     JGroups transport (Infinispan); failure detection listens at + FD_OFFSET
 */

/**
 * @typedef {object} ClusterLayout
 * @property {number} lbPort
 * @property {number} statsPort       HAProxy's status page
 * @property {number} postgresPort
 * @property {ClusterNode[]} nodes
 */

/** JGroups' FD_SOCK2 listens at the transport port plus this offset (default 50000: out of our port range). */
export const FD_OFFSET = 20;
export const DATABASE = { name: "keycloak", user: "keycloak", password: "keycloak" };

/**
 * Ports from the environment; defaults stay within 8700-8799.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {ClusterLayout}
 */
export function clusterLayout(env = process.env) {
  const base = Number(env.CLUSTER_PORT_BASE ?? 8700);
  if (!Number.isInteger(base) || base < 1024 || base > 65400) {
    throw new Error(`Invalid CLUSTER_PORT_BASE '${env.CLUSTER_PORT_BASE}': use a whole number from 1024 to 65400.`);
  }
  return {
    lbPort: base + 80,
    statsPort: base + 81,
    postgresPort: base + 50,
    nodes: [1, 2].map((index) => ({
      name: `node${index}`,
      httpPort: base + index,
      managementPort: base + 10 + index,
      clusterPort: base + 20 + index,
    })),
  };
}

/** The address users (and the nodes' hostname setting) use: the load balancer. @param {ClusterLayout} layout */
export function publicUrl(layout) {
  return `http://localhost:${layout.lbPort}`;
}

/**
 * Build-time options: baked into the distribution by `kc.sh build`, so `start --optimized` skips the build.
 * @param {string[]} [features]
 */
export function buildArguments(features = FEATURES) {
  return ["build", "--db=postgres", `--features=${features.join(",")}`, "--health-enabled=true", "--cache=ispn"];
}

/**
 * A digest of what the build depends on: another jar, version or option list builds again.
 * @param {{ version: string, jarDigest: string, features?: string[] }} input
 */
export function buildDigest({ version, jarDigest, features = FEATURES }) {
  return createHash("sha256")
    .update(JSON.stringify({ version, jarDigest, args: buildArguments(features) }))
    .digest("hex")
    .slice(0, 16);
}

/**
 * Run-time options of one node, production mode.
 * @param {ClusterLayout} layout @param {ClusterNode} node
 */
export function nodeArguments(layout, node) {
  return [
    "start",
    "--optimized",
    "--http-enabled=true",
    `--http-port=${node.httpPort}`,
    "--http-host=127.0.0.1",
    `--http-management-port=${node.managementPort}`,
    // Every node builds its URLs for the load balancer's address; requests straight to a node still work.
    `--hostname=${publicUrl(layout)}`,
    "--hostname-strict=true",
    // The load balancer says who the client is (device activity shows it); only trusted from this machine.
    "--proxy-headers=xforwarded",
    "--proxy-trusted-addresses=127.0.0.1",
    `--db-url=jdbc:postgresql://127.0.0.1:${layout.postgresPort}/${DATABASE.name}`,
    `--db-username=${DATABASE.user}`,
    `--db-password=${DATABASE.password}`,
    // Discovery through the database (jdbc-ping, the default stack), transport on loopback.
    "--cache-stack=jdbc-ping",
    "--cache-embedded-network-bind-address=127.0.0.1",
    `--cache-embedded-network-bind-port=${node.clusterPort}`,
    // Readiness goes down first, the load balancer notices (2 checks, 1 s apart), then the node stops.
    "--shutdown-delay=3s",
    "--shutdown-timeout=10s",
  ];
}

/** Environment of a node (besides JAVA_HOME). @param {{ adminUser: string, adminPassword: string }} admin */
export function nodeEnvironment({ adminUser, adminPassword }) {
  return {
    KC_BOOTSTRAP_ADMIN_USERNAME: adminUser,
    KC_BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
    // FD_SOCK2 (failure detection) inside our port range; kc.sh's default heap outside containers is 64-512 MB.
    JAVA_OPTS_APPEND: `-Djgroups.fd.port-offset=${FD_OFFSET} -Djgroups.port_range=0`,
  };
}

/** Our theme's hashed build output, as the load balancer matches it (contentHashPattern=assets/.* in the theme). */
export const HASHED_ASSET_PATH = `^/resources/[^/]+/account/${THEME_NAME}/assets/`;

/**
 * HAProxy's configuration: round robin, no stickiness, health from each node's management port, a failed
 * connection retried on the other node. `X-Served-By` names the node that answered (the cluster tests read it).
 * @param {ClusterLayout} layout
 */
export function haproxyConfig(layout) {
  const servers = layout.nodes.map(
    (node) =>
      `  server ${node.name} 127.0.0.1:${node.httpPort} check port ${node.managementPort} inter 1s fall 2 rise 2`,
  );
  return [
    "global",
    "  maxconn 4096",
    "",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 60s",
    "  timeout server 60s",
    "  timeout http-request 10s",
    // A connection a dead node refuses is tried again, on the other node: the browser never sees it.
    "  retries 2",
    "  option redispatch 1",
    "  option httplog",
    "",
    "frontend console",
    `  bind 127.0.0.1:${layout.lbPort}`,
    "  option forwardfor",
    "  http-request set-header X-Forwarded-Proto http",
    "  http-request set-header X-Forwarded-Host %[req.hdr(host)]",
    "  default_backend keycloak",
    "",
    "backend keycloak",
    "  balance roundrobin",
    "  option httpchk GET /health/ready",
    "  http-check expect status 200",
    "  http-response set-header X-Served-By %s",
    // Keycloak sends max-age=2592000 (30 days, theme staticMaxAge) for every theme resource; the files our build
    // names by content hash (contentHashPattern=assets/.*) never change under their name: a year, immutable.
    "  http-request set-var(txn.path) path",
    `  http-response set-header Cache-Control "public, max-age=31536000, immutable" if { status 200 } { var(txn.path) -m reg ${HASHED_ASSET_PATH} }`,
    // Compress what Keycloak sends uncompressed (JSON, HTML); the server's own gzip is kept as it is.
    "  compression algo gzip",
    "  compression type text/html text/css text/javascript application/javascript application/json image/svg+xml",
    ...servers,
    "",
    "listen stats",
    `  bind 127.0.0.1:${layout.statsPort}`,
    "  stats enable",
    "  stats uri /",
    "",
  ].join("\n");
}
