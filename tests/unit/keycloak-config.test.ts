import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_KEYCLOAK_VERSION,
  JAR_NAME,
  OLDEST_SUPPORTED_VERSION,
  SUPPORTED_KEYCLOAK_VERSIONS,
  compareVersions,
  featuresFor,
  realmForVersion,
  THEME_NAME,
  cacheDirectory,
  DEV_PLACES_DATABASE,
  GEOLITE2_ATTRIBUTION,
  containerSpecification,
  distributionArtifact,
  keycloakImage,
  keycloakOptions,
  placesEnvironment,
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

  it("starts the production profile as a single node with plain HTTP beside Keycloak's own TLS listener", () => {
    const https = { port: 8643, certificateFile: "/tmp/t/certificate.pem", keyFile: "/tmp/t/key.pem" };
    expect(serverArguments({ httpPort: 8681, managementPort: 9681, features: ["a"], production: true, https })).toEqual(
      [
        "start",
        "--http-port=8681",
        "--http-management-port=9681",
        "--db=dev-mem",
        "--import-realm",
        "--health-enabled=true",
        "--features=a",
        "--http-enabled=true",
        "--hostname-strict=false",
        "--cache=local",
        "--https-port=8643",
        "--https-certificate-file=/tmp/t/certificate.pem",
        "--https-certificate-key-file=/tmp/t/key.pem",
      ],
    );
    // Without the TLS listener, production is still `start`; a TLS listener alone does not make it production.
    expect(serverArguments({ httpPort: 1, managementPort: 2, features: [], production: true })[0]).toBe("start");
    const devWithTls = serverArguments({ httpPort: 1, managementPort: 2, features: [], https });
    expect(devWithTls[0]).toBe("start-dev");
    expect(devWithTls).not.toContain("--hostname-strict=false");
    expect(devWithTls).toContain("--https-port=8643");
  });

  it("fetches the tar.gz distribution from Maven Central into a cache outside the work tree", () => {
    expect(distributionArtifact("26.7.4")).toBe("org.keycloak:keycloak-quarkus-dist:26.7.4:tar.gz");
    expect(cacheDirectory({ KC_CACHE_DIR: "/srv/kc" })).toBe("/srv/kc");
    expect(cacheDirectory({ XDG_CACHE_HOME: "/home/x/.cache" })).toBe("/home/x/.cache/keycloak-account-console");
    expect(cacheDirectory({}).startsWith(root)).toBe(false);
  });
});

describe("supported versions", () => {
  it("orders versions by number, not by text", () => {
    expect(compareVersions("26.10.0", "26.9.1")).toBeGreaterThan(0);
    expect(compareVersions("26.0.8", "26.0.8")).toBe(0);
    expect(compareVersions("26.0", "26.0.0")).toBe(0);
    expect(compareVersions("25.0.6", "26.0.0")).toBeLessThan(0);
  });

  it("lists one patch per 26.x minor, oldest first, ending with the default", () => {
    const minors = SUPPORTED_KEYCLOAK_VERSIONS.map((version) => version.split(".").slice(0, 2).join("."));
    expect(new Set(minors).size).toBe(SUPPORTED_KEYCLOAK_VERSIONS.length);
    expect([...SUPPORTED_KEYCLOAK_VERSIONS].sort(compareVersions)).toEqual(SUPPORTED_KEYCLOAK_VERSIONS);
    expect(OLDEST_SUPPORTED_VERSION).toBe("26.0.8");
    expect(SUPPORTED_KEYCLOAK_VERSIONS.at(-1)).toBe(DEFAULT_KEYCLOAK_VERSION);
  });

  it("enables only the features a version knows (Keycloak refuses to start with an unknown one)", () => {
    expect(featuresFor("26.7.4")).toEqual(["oid4vc-vci", "oid4vc-vci-rest-credential-offer", "organization"]);
    expect(featuresFor("26.6.4")).toEqual(["oid4vc-vci", "organization"]);
    expect(keycloakOptions({}, { KC_VERSION: "26.0.8" }).features).toEqual(["oid4vc-vci", "organization"]);
    expect(keycloakOptions({ version: "26.3.5" }, { KC_VERSION: "26.7.4" })).toMatchObject({
      version: "26.3.5",
      features: ["oid4vc-vci", "organization"],
    });
  });

  it("leaves out of a realm the settings an older server would refuse", () => {
    const realm = { realm: "demo", enabled: true, verifiableCredentialsEnabled: true, scimApiEnabled: false };
    expect(realmForVersion(realm, "26.0.8")).toEqual({ realm: "demo", enabled: true });
    expect(realmForVersion(realm, "26.1.4")).toEqual({
      realm: "demo",
      enabled: true,
      verifiableCredentialsEnabled: true,
    });
    expect(realmForVersion(realm, "26.7.4")).toEqual(realm);
  });

  it("names the bootstrap admin the way the version reads it", () => {
    const admin = { adminUser: "root", adminPassword: "pw" };
    expect(serverEnvironment({ ...admin, version: "26.0.8" })).toEqual({
      KC_BOOTSTRAP_ADMIN_USERNAME: "root",
      KC_BOOTSTRAP_ADMIN_PASSWORD: "pw",
    });
    expect(serverEnvironment({ ...admin, version: "25.0.6" })).toEqual({
      KEYCLOAK_ADMIN: "root",
      KEYCLOAK_ADMIN_PASSWORD: "pw",
    });
  });
});

describe("sign-in places", () => {
  it("uses the development database with its attribution unless KC_PLACES_DATABASE names another or none", () => {
    expect(keycloakOptions({}, {})).toMatchObject({
      placesDatabase: DEV_PLACES_DATABASE,
      placesAttribution: GEOLITE2_ATTRIBUTION,
    });
    const own = keycloakOptions({}, { KC_PLACES_DATABASE: "/data/city.mmdb" });
    expect(own).toMatchObject({ placesDatabase: "/data/city.mmdb", placesAttribution: undefined });
    expect(placesEnvironment(own.placesDatabase, "By someone")).toEqual({
      KC_SPI_REALM_RESTAPI_EXTENSION_ACCOUNT_CONSOLE_EXTENSION_PLACES_DATABASE: "/data/city.mmdb",
      KC_SPI_REALM_RESTAPI_EXTENSION_ACCOUNT_CONSOLE_EXTENSION_PLACES_ATTRIBUTION: "By someone",
    });
    expect(placesEnvironment(keycloakOptions({}, { KC_PLACES_DATABASE: "" }).placesDatabase, "x")).toEqual({});
  });

  it("takes the client address from X-Forwarded-For only when asked, and copies the database into a container", () => {
    const base = { httpPort: 1, managementPort: 2, features: [] };
    expect(serverArguments(base)).not.toContain("--proxy-headers=xforwarded");
    expect(serverArguments({ ...base, proxyHeaders: true })).toContain("--proxy-headers=xforwarded");
    const spec = containerSpecification(
      keycloakOptions({ proxyHeaders: true }, { KC_PLACES_DATABASE: "/data/city.mmdb" }),
      {},
    );
    expect(spec.command).toContain("--proxy-headers=xforwarded");
    expect(spec.files).toContainEqual({ source: "/data/city.mmdb", target: "/opt/keycloak/data/places.mmdb" });
    expect(spec.environment).toMatchObject({
      KC_SPI_REALM_RESTAPI_EXTENSION_ACCOUNT_CONSOLE_EXTENSION_PLACES_DATABASE: "/opt/keycloak/data/places.mmdb",
    });
  });
});

describe("the container back-ends", () => {
  const options = keycloakOptions(
    { jarPath: "/build/theme.jar", realmFiles: ["/fixtures/demo-realm.json"] },
    { KC_PORT: "8181", KC_PLACES_DATABASE: "" },
  );

  it("testcontainers runs the same server in the official image, on the same host ports", () => {
    const spec = containerSpecification(options, {});
    expect(spec.image).toBe(`quay.io/keycloak/keycloak:${DEFAULT_KEYCLOAK_VERSION}`);
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
    // Without the places database: a bind mount of a file that is not installed would hand Keycloak a folder.
    const spec = containerSpecification(keycloakOptions({}, { KC_PLACES_DATABASE: "" }), {});
    // One variable names the image; its default is the one the scripts build.
    expect(service.image).toBe(`\${KC_IMAGE:-${spec.image}}`);
    expect(service.command).toEqual(spec.command);
    expect(service.environment).toEqual(spec.environment);
    expect(service.volumes).toContain(`./dist_keycloak/${JAR_NAME}:/opt/keycloak/providers/${THEME_NAME}.jar:ro`);
    expect(service.volumes).toContain("./tests/fixtures/demo-realm.json:/opt/keycloak/data/import/demo-realm.json:ro");
  });
});
