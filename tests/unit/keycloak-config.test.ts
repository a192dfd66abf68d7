import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_KEYCLOAK_VERSION,
  JAR_NAME,
  THEME_NAME,
  cacheDirectory,
  containerSpecification,
  distributionArtifact,
  keycloakImage,
  keycloakOptions,
  serverArguments,
  serverEnvironment,
} from "../../scripts/lib/keycloak-config.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");

describe("keycloak options", () => {
  it("defaults to the pinned version and the usual ports", () => {
    const options = keycloakOptions({}, {});
    expect(options).toMatchObject({ version: "26.7.4", httpPort: 8080, managementPort: 9000, adminUser: "admin" });
    expect(options.features).toEqual(["oid4vc-vci", "oid4vc-vci-rest-credential-offer", "organization"]);
  });

  it("takes the version and ports from the environment", () => {
    const options = keycloakOptions({}, { KC_VERSION: "26.6.1", KC_PORT: "8181", KC_MANAGEMENT_PORT: "9181" });
    expect(options).toMatchObject({ version: "26.6.1", httpPort: 8181, managementPort: 9181 });
  });

  it("rejects a port that is not a port", () => {
    expect(() => keycloakOptions({}, { KC_PORT: "eighty" })).toThrow(/Invalid port 'eighty'/);
    expect(() => keycloakOptions({}, { KC_PORT: "70000" })).toThrow(/Invalid port/);
  });

  it("starts the dev server on an in-memory database with the realm import and the features", () => {
    expect(serverArguments({ httpPort: 8181, managementPort: 9181, features: ["a", "b"] })).toEqual([
      "start-dev",
      "--http-port=8181",
      "--http-management-port=9181",
      "--db=dev-mem",
      "--import-realm",
      "--health-enabled=true",
      "--features=a,b",
    ]);
    expect(serverEnvironment({ adminUser: "root", adminPassword: "pw" })).toEqual({
      KC_BOOTSTRAP_ADMIN_USERNAME: "root",
      KC_BOOTSTRAP_ADMIN_PASSWORD: "pw",
    });
  });

  it("fetches the tar.gz distribution from Maven Central into a cache outside the work tree", () => {
    expect(distributionArtifact("26.7.4")).toBe("org.keycloak:keycloak-quarkus-dist:26.7.4:tar.gz");
    expect(cacheDirectory({ KC_CACHE_DIR: "/srv/kc" })).toBe("/srv/kc");
    expect(cacheDirectory({ XDG_CACHE_HOME: "/home/x/.cache" })).toBe("/home/x/.cache/keycloak-account-console");
    expect(cacheDirectory({}).startsWith(root)).toBe(false);
  });
});

describe("the container back-ends", () => {
  const options = keycloakOptions(
    { jarPath: "/build/theme.jar", realmFiles: ["/fixtures/demo-realm.json"] },
    { KC_PORT: "8181" },
  );

  it("testcontainers runs the same server in the image built here, on the same host ports", () => {
    const spec = containerSpecification(options, {});
    expect(spec.image).toBe(`keycloak-account-console/keycloak:${DEFAULT_KEYCLOAK_VERSION}`);
    expect(spec.exposedPorts).toEqual([
      { container: 8080, host: 8181 },
      { container: 9000, host: 9000 },
    ]);
    expect(spec.command).toEqual(serverArguments({ httpPort: 8080, managementPort: 9000, features: options.features }));
    expect(spec.environment).toEqual(serverEnvironment(options));
    expect(spec.files).toEqual([
      { source: "/build/theme.jar", target: `/opt/keycloak/providers/${THEME_NAME}.jar` },
      { source: "/fixtures/demo-realm.json", target: "/opt/keycloak/data/import/demo-realm.json" },
    ]);
    expect(spec.readiness).toEqual({ port: 9000, path: "/health/ready" });
  });

  it("KC_IMAGE names another image, such as the official one", () => {
    expect(keycloakImage("26.7.4", { KC_IMAGE: "quay.io/keycloak/keycloak:26.7.4" })).toBe(
      "quay.io/keycloak/keycloak:26.7.4",
    );
    expect(containerSpecification(options, { KC_IMAGE: "registry.example/kc:1" }).image).toBe("registry.example/kc:1");
  });

  it("docker-compose.yml matches the configuration the scripts use", () => {
    const compose = parse(readFileSync(path.join(root, "docker-compose.yml"), "utf8")) as {
      services: {
        keycloak: { image: string; command: string[]; environment: Record<string, string>; volumes: string[] };
      };
    };
    const service = compose.services.keycloak;
    const spec = containerSpecification(keycloakOptions({}, {}), {});
    // One variable names the image; its default is the one the scripts build.
    expect(service.image).toBe(`\${KC_IMAGE:-${spec.image}}`);
    expect(service.command).toEqual(spec.command);
    expect(service.environment).toEqual(spec.environment);
    expect(service.volumes).toContain(`./dist_keycloak/${JAR_NAME}:/opt/keycloak/providers/${THEME_NAME}.jar:ro`);
    expect(service.volumes).toContain("./tests/fixtures/demo-realm.json:/opt/keycloak/data/import/demo-realm.json:ro");
  });
});
