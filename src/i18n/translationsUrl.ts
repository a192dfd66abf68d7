import { joinPath, type Environment } from "../environment/environment";

// Apart from i18n.ts, which loads i18next: the languages start-up loads, which index.ftl preloads too.

export const FALLBACK_LANGUAGE = "en";

/** How the console asks for Keycloak's list. */
export const TRANSLATIONS_REQUEST: RequestInit = { headers: { accept: "application/json" } };

/** Keycloak serves the theme's bundles merged with realm overrides as `[{key, value}]`. */
export function translationsUrl(environment: Pick<Environment, "serverBaseUrl" | "realm">, language: string) {
  return joinPath(environment.serverBaseUrl, "resources", encodeURIComponent(environment.realm), "account", language);
}

/**
 * The same texts from the console's server extension (docs/extension.md): one `{key: value}` object, public like
 * Keycloak's list (the realm's texts are not user data), gzipped, with an ETag the browser revalidates on each load.
 * Keycloak sends the list above uncompressed, about 43 KB for English.
 */
export function extensionTranslationsUrl(environment: Pick<Environment, "serverBaseUrl" | "realm">, language: string) {
  return joinPath(
    environment.serverBaseUrl,
    "realms",
    encodeURIComponent(environment.realm),
    "account-console-extension",
    "messages",
    encodeURIComponent(language),
  );
}

/** The languages start-up loads: the page's, and the fallback under it. index.ftl preloads the same two. */
export function startLanguages(locale: string): string[] {
  return [...new Set([locale || FALLBACK_LANGUAGE, FALLBACK_LANGUAGE])];
}
