import { describe, expect, it } from "vitest";
import {
  HASHED_ASSET_PATH,
  buildArguments,
  buildDigest,
  clusterLayout,
  haproxyConfig,
  nodeArguments,
  nodeEnvironment,
  publicUrl,
} from "../../scripts/lib/cluster-config.mjs";

describe("the cluster's layout", () => {
  const layout = clusterLayout({});

  it("keeps every port in 8700-8799 by default, none used twice", () => {
    const ports = [
      layout.lbPort,
      layout.statsPort,
      layout.postgresPort,
      ...layout.nodes.flatMap((node) => [node.httpPort, node.managementPort, node.clusterPort, node.clusterPort + 20]),
    ];
    expect(ports.every((port) => port >= 8700 && port <= 8799)).toBe(true);
    expect(new Set(ports).size).toBe(ports.length);
    expect(publicUrl(layout)).toBe("http://localhost:8780");
  });

  it("moves with CLUSTER_PORT_BASE and refuses nonsense", () => {
    expect(clusterLayout({ CLUSTER_PORT_BASE: "9900" }).lbPort).toBe(9980);
    expect(() => clusterLayout({ CLUSTER_PORT_BASE: "80" })).toThrow(/CLUSTER_PORT_BASE/);
  });
});

describe("the nodes", () => {
  const layout = clusterLayout({});

  it("are built for PostgreSQL with the project's features, and started optimized behind the balancer", () => {
    expect(buildArguments(["a", "b"])).toEqual(
      expect.arrayContaining(["build", "--db=postgres", "--features=a,b", "--health-enabled=true"]),
    );
    const args = nodeArguments(layout, layout.nodes[1]!);
    expect(args.slice(0, 2)).toEqual(["start", "--optimized"]);
    expect(args).toEqual(
      expect.arrayContaining([
        "--http-enabled=true",
        "--http-port=8702",
        "--http-management-port=8712",
        "--hostname=http://localhost:8780",
        "--cache-embedded-network-bind-port=8722",
        "--db-url=jdbc:postgresql://127.0.0.1:8750/keycloak",
      ]),
    );
    expect(nodeEnvironment({ adminUser: "a", adminPassword: "b" }).JAVA_OPTS_APPEND).toContain(
      "-Djgroups.fd.port-offset=20",
    );
  });

  it("build again only for another jar or version", () => {
    const one = buildDigest({ version: "26.7.4", jarDigest: "x" });
    expect(buildDigest({ version: "26.7.4", jarDigest: "x" })).toBe(one);
    expect(buildDigest({ version: "26.7.4", jarDigest: "y" })).not.toBe(one);
    expect(buildDigest({ version: "26.6.0", jarDigest: "x" })).not.toBe(one);
  });
});

describe("the load balancer", () => {
  const config = haproxyConfig(clusterLayout({}));

  it("round-robins over both nodes without stickiness, checking readiness on the management port", () => {
    expect(config).toContain("balance roundrobin");
    expect(config).not.toMatch(/\bcookie\b|stick/);
    expect(config).toContain("server node1 127.0.0.1:8701 check port 8711");
    expect(config).toContain("server node2 127.0.0.1:8702 check port 8712");
    expect(config).toContain("option httpchk GET /health/ready");
    expect(config).toContain("option redispatch");
  });

  it("marks only our content-hashed files immutable", () => {
    const hashed = new RegExp(HASHED_ASSET_PATH);
    expect(hashed.test("/resources/1axrv/account/keycloak-account-console/assets/main-eiPA79YT.js")).toBe(true);
    expect(hashed.test("/resources/1axrv/account/keycloak-account-console/color-scheme.js")).toBe(false);
    expect(hashed.test("/resources/1axrv/account/keycloak.v3/assets/x.js")).toBe(false);
    expect(config).toContain(
      `"public, max-age=31536000, immutable" if { status 200 } { var(txn.path) -m reg ${HASHED_ASSET_PATH} }`,
    );
  });
});
