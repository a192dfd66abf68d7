import { existsSync } from "node:fs";
import { keycloakOptions } from "../../../scripts/lib/keycloak-config.mjs";

// Whether the run's server has a places database (docs/extension.md, "Sign-in places"): the development one, unless
// KC_PLACES_DATABASE names another or none, as the server's start reads it (scripts/lib/keycloak-config.mjs).
const { placesDatabase, placesAttribution } = keycloakOptions();
const serverHasPlaces = Boolean(placesDatabase && existsSync(placesDatabase));

/** What the extension's probe says about places on the run's server. */
export const PROBE_PLACES: { places: boolean; placesAttribution?: string } =
  serverHasPlaces && placesAttribution ? { places: true, placesAttribution } : { places: serverHasPlaces };
