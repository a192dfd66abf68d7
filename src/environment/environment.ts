/** Feature flags rendered by index.ftl from Keycloak's model (see docs/environment.md). */
export const FEATURE_FLAGS = [
  "isRegistrationEmailAsUsername",
  "isEditUserNameAllowed",
  "isInternationalizationEnabled",
  "isLinkedAccountsEnabled",
  "isMyResourcesEnabled",
  "isViewOrganizationsEnabled",
  "deleteAccountAllowed",
  "updateEmailFeatureEnabled",
  "updateEmailActionEnabled",
  "isViewApplicationsEnabled",
  "isViewGroupsEnabled",
  "isOid4VciEnabled",
  // Ours, not the stock console's: isOid4VciEnabled on a server that has the Account REST API's verifiable
  // credentials (26.7+), which the page listing them needs (docs/versions.md).
  "isViewVerifiableCredentialsEnabled",
  // Ours: the realm has Keycloak's idp_link action (26.3+), which links an identity provider; before, the console
  // links through the broker's address (docs/versions.md).
  "isIdpLinkActionEnabled",
] as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type Features = Record<FeatureFlag, boolean>;

export type Environment = {
  /** Server root without a trailing slash; base of REST, translations and keycloak-js. */
  serverBaseUrl: string;
  realm: string;
  clientId: string;
  /** Theme resources root (content.json, logo.svg, hashed assets). */
  resourceUrl: string;
  logo: string;
  logoUrl: string;
  /** `…/realms/{realm}/account/`: its pathname is the router's base path. */
  baseUrl: string;
  locale: string;
  referrerName: string;
  referrerUrl: string;
  scope: string;
  darkMode: boolean;
  features: Features;
};

export const ENVIRONMENT_MISSING = "Environment variables not found in the document.";
export const ENVIRONMENT_INVALID = "Unable to parse environment variables as JSON.";

export class EnvironmentError extends Error {
  override name = "EnvironmentError";
}

/** Reads the environment the theme's template injected. The only place that reads configuration from the DOM. */
export function readEnvironment(document: Document): Environment {
  const element = document.getElementById("environment");
  if (!element?.textContent) throw new EnvironmentError(ENVIRONMENT_MISSING);

  let raw: unknown;
  try {
    raw = JSON.parse(element.textContent);
  } catch {
    throw new EnvironmentError(ENVIRONMENT_INVALID);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new EnvironmentError(ENVIRONMENT_INVALID);
  }
  return normalizeEnvironment(raw as Record<string, unknown>);
}

function normalizeEnvironment(raw: Record<string, unknown>): Environment {
  const text = (key: string) => (typeof raw[key] === "string" ? (raw[key] as string) : "");
  const rawFeatures =
    typeof raw.features === "object" && raw.features !== null ? (raw.features as Record<string, unknown>) : {};
  const features = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, rawFeatures[flag] === true])) as Features;

  return {
    serverBaseUrl: text("serverBaseUrl").replace(/\/+$/, ""),
    realm: text("realm"),
    clientId: text("clientId") || "account-console",
    resourceUrl: text("resourceUrl").replace(/\/+$/, ""),
    logo: text("logo"),
    logoUrl: text("logoUrl"),
    baseUrl: text("baseUrl"),
    locale: text("locale") || "en",
    referrerName: text("referrerName"),
    referrerUrl: text("referrerUrl"),
    scope: text("scope"),
    darkMode: raw.darkMode === true,
    features,
  };
}

/** The router's base path, from baseUrl (`/realms/x/account/` → `/realms/x/account`). */
export function basePath(environment: Pick<Environment, "baseUrl">): string {
  const pathname = decodeURIComponent(new URL(environment.baseUrl, "http://localhost").pathname);
  return pathname.replace(/\/+$/, "") || "/";
}

/** Joins URL parts with exactly one slash between them. */
export function joinPath(...parts: string[]): string {
  const kept = parts.filter((part) => part !== "");
  return kept
    .map((part, index) => {
      let trimmed = part;
      if (index > 0) trimmed = trimmed.replace(/^\/+/, "");
      if (index < kept.length - 1) trimmed = trimmed.replace(/\/+$/, "");
      return trimmed;
    })
    .join("/");
}
