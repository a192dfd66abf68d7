import { DEFAULT_KEYCLOAK_VERSION, compareVersions } from "../../../scripts/lib/keycloak-config.mjs";

/** The Keycloak version the browser tests run on: KC_VERSION (npm run test:versions sets it), else the default. */
export const KEYCLOAK_VERSION = process.env.KC_VERSION || DEFAULT_KEYCLOAK_VERSION;

/**
 * Whether that server is this version or newer: for the few expectations where the stock console of an older version
 * behaves differently, and so does ours (docs/versions.md).
 */
export const keycloakAtLeast = (version: string) => compareVersions(KEYCLOAK_VERSION, version) >= 0;
