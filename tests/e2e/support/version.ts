import { DEFAULT_KEYCLOAK_VERSION, compareVersions } from "../../../scripts/lib/keycloak-config.mjs";

/** The Keycloak version the browser tests run on: KC_VERSION (npm run test:versions sets it), else the default. */
export const KEYCLOAK_VERSION = process.env.KC_VERSION || DEFAULT_KEYCLOAK_VERSION;

/**
 * Whether that server is this version or newer: for the few expectations where the stock console of an older version
 * behaves differently, and so does ours (docs/versions.md).
 */
export const keycloakAtLeast = (version: string) => compareVersions(KEYCLOAK_VERSION, version) >= 0;

/**
 * 26.1 and 26.2 answer a request for the console without a session with a redirect to the login page (its own code
 * flow); other versions serve the page, which then signs in.
 */
export const consoleRedirectsAnonymous = keycloakAtLeast("26.1.0") && !keycloakAtLeast("26.3.0");
