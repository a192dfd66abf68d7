import { createInstance, type BackendModule, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Environment } from "../environment/environment";
import { extensionTranslationsUrl, FALLBACK_LANGUAGE, TRANSLATIONS_REQUEST, translationsUrl } from "./translationsUrl";

export { extensionTranslationsUrl, FALLBACK_LANGUAGE, translationsUrl };

type Translation = { key: string; value: string };

function isTranslation(entry: unknown): entry is Translation {
  return (
    typeof entry === "object" &&
    entry !== null &&
    "key" in entry &&
    "value" in entry &&
    typeof entry.key === "string" &&
    typeof entry.value === "string"
  );
}

/** A bundle as either endpoint sends it: Keycloak's `[{key, value}]` list, or the extension's `{key: value}` object. */
export function toResource(answer: unknown): Record<string, string> {
  if (Array.isArray(answer)) {
    return Object.fromEntries(answer.filter(isTranslation).map(({ key, value }) => [key, value]));
  }
  if (typeof answer === "object" && answer !== null) {
    return Object.fromEntries(
      Object.entries(answer).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  }
  throw new Error("Expected a list of translations.");
}

function keycloakBackend(
  environment: Pick<Environment, "serverBaseUrl" | "realm">,
  fetchImpl: typeof fetch,
): BackendModule {
  /**
   * Whether to ask the extension. A refusal (404: not installed, or the realm's account console is off; any other
   * 4xx, such as an older extension that wanted a token) sends this and every later bundle to Keycloak's endpoint.
   */
  let extension = true;
  const load = async (language: string): Promise<Record<string, string>> => {
    if (extension) {
      try {
        // No token: the texts load while sign-in runs. The browser's cache answers an unchanged bundle (304). A bare
        // request: at start-up the page has preloaded this address (index.ftl), and Chromium hands a preload only to a
        // fetch whose headers match its own.
        const answer = await fetchImpl(extensionTranslationsUrl(environment, language));
        if (answer.ok) return toResource(await answer.json());
        if (answer.status >= 400 && answer.status < 500) extension = false;
      } catch {
        // No usable answer from the extension: Keycloak's own bundle below.
      }
    }
    const response = await fetchImpl(translationsUrl(environment, language), TRANSLATIONS_REQUEST);
    if (!response.ok) throw new Error(`Translations for '${language}' answered ${response.status}.`);
    return toResource(await response.json());
  };
  return {
    type: "backend",
    init() {},
    read(language, _namespace, callback) {
      load(language).then(
        (resource) => callback(null, resource),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}

/**
 * An i18next instance reading the realm's translations; resolves once the user's language is loaded. It reads them
 * from the extension, compressed, and else from Keycloak's endpoint; neither needs the user to be signed in.
 */
export async function startI18n(
  environment: Pick<Environment, "serverBaseUrl" | "realm" | "locale">,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<I18n> {
  const i18n = createInstance({
    lng: environment.locale || FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    // Keycloak's keys contain dots and colons ("error-invalid-email", "theme.x.description").
    nsSeparator: false,
    keySeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  i18n.use(keycloakBackend(environment, fetchImpl)).use(initReactI18next);
  // The page's language and direction follow the UI's, e.g. after the user picks another locale in personal info
  // (Arabic, Persian and Hebrew read right to left; the template set both for the first page).
  i18n.on("languageChanged", (language) => {
    document.documentElement.setAttribute("lang", language);
    document.documentElement.setAttribute("dir", i18n.dir(language));
  });
  await i18n.init();
  return i18n;
}
