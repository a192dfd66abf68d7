import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  DEFAULT_KEYCLOAK_VERSION,
  FEATURES,
  JAR_NAME,
  OFFICIAL_IMAGE,
  THEME_NAME,
} from "../../scripts/lib/keycloak-config.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

type Service = {
  image: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  build?: { context: string; dockerfile: string };
  healthcheck?: { test: string[] };
};
const compose = parse(read("docker-compose.cluster.yml"), { merge: true }) as { services: Record<string, Service> };
/** The Keycloak nodes: the services built from the optimized image. */
const NODES = Object.keys(compose.services).filter((name) => compose.services[name]?.build !== undefined);

describe("the optimized image (deploy/keycloak/Dockerfile)", () => {
  const dockerfile = read("deploy/keycloak/Dockerfile");

  it("builds on the official image of the version the scripts run, with the project's features", () => {
    expect(dockerfile).toContain(`ARG KEYCLOAK_IMAGE=${OFFICIAL_IMAGE}:${DEFAULT_KEYCLOAK_VERSION}`);
    expect(dockerfile).toContain(`ENV KC_FEATURES=${FEATURES.join(",")}`);
    expect(dockerfile).toContain("ENV KC_DB=postgres");
  });

  it("runs kc.sh build with the jar in providers/, and the final stage starts optimized", () => {
    expect(dockerfile).toContain(
      `COPY dist_keycloak/${JAR_NAME} /opt/keycloak/providers/${THEME_NAME}.jar\nRUN /opt/keycloak/bin/kc.sh build`,
    );
    const finalStage = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    expect(finalStage).toContain("COPY --from=builder /opt/keycloak/ /opt/keycloak/");
    expect(finalStage).toContain('CMD ["start", "--optimized"]');
    // The build context sends only the jar.
    expect(read(".dockerignore")).toContain(`!dist_keycloak/${JAR_NAME}`);
  });
});

describe("docker-compose.cluster.yml", () => {
  it("runs two nodes from the optimized image, each health-checked on readiness", () => {
    expect(NODES).toHaveLength(2);
    for (const name of NODES) {
      const node = compose.services[name]!;
      expect(node.build?.dockerfile).toBe("deploy/keycloak/Dockerfile");
      expect(node.image).toMatch(new RegExp(`:${DEFAULT_KEYCLOAK_VERSION.replaceAll(".", "\\.")}$`));
      expect(node.command?.slice(0, 2)).toEqual(["start", "--optimized"]);
      expect(node.healthcheck?.test.join(" ")).toContain("/dev/tcp/127.0.0.1/9000");
      expect(node.healthcheck?.test.join(" ")).toContain("GET /health/ready");
      expect(node.environment?.KC_DB_URL).toBe("jdbc:postgresql://postgres:5432/keycloak");
    }
  });

  it("builds every node's URLs for the load balancer's published address", () => {
    const lbPort = compose.services.haproxy!.ports![0]!;
    expect(lbPort).toBe("127.0.0.1:${CLUSTER_LB_PORT:-18080}:8080");
    expect(compose.services.node1!.environment?.KC_HOSTNAME).toBe("http://localhost:${CLUSTER_LB_PORT:-18080}");
  });
});

describe("the load balancer (deploy/haproxy/haproxy.cfg)", () => {
  const config = read("deploy/haproxy/haproxy.cfg");

  it("round-robins over the compose file's nodes without stickiness, checking readiness on the management port", () => {
    expect(config).toContain("balance roundrobin");
    expect(config).not.toMatch(/^\s*(cookie|stick-table|stick)\b/m);
    expect(config).toContain("option httpchk GET /health/ready");
    expect(config).toMatch(/default-server check port 9000 /);
    for (const name of NODES) expect(config).toContain(`server ${name} ${name}:8080`);
    expect(config).toContain("option redispatch");
  });

  it("marks only our content-hashed files immutable", () => {
    const rule = /set-header Cache-Control "public, max-age=31536000, immutable" .* -m reg (\S+) }/.exec(config);
    const hashed = new RegExp(rule?.[1] ?? "no rule");
    expect(hashed.test(`/resources/1axrv/account/${THEME_NAME}/assets/main-eiPA79YT.js`)).toBe(true);
    expect(hashed.test(`/resources/1axrv/account/${THEME_NAME}/color-scheme.js`)).toBe(false);
    expect(hashed.test("/resources/1axrv/account/keycloak.v3/assets/x.js")).toBe(false);
  });
});
