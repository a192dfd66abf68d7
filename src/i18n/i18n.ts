import { createInstance, type BackendModule, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { joinPath, type Environment } from "../environment/environment";

export const FALLBACK_LANGUAGE = "en";

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

/** Keycloak serves the theme's bundles merged with realm overrides as `[{key, value}]`. */
export function translationsUrl(environment: Pick<Environment, "serverBaseUrl" | "realm">, language: string) {
  return joinPath(environment.serverBaseUrl, "resources", encodeURIComponent(environment.realm), "account", language);
}

export function toResource(list: unknown): Record<string, string> {
  if (!Array.isArray(list)) throw new Error("Expected a list of translations.");
  return Object.fromEntries(list.filter(isTranslation).map(({ key, value }) => [key, value]));
}

function keycloakBackend(
  environment: Pick<Environment, "serverBaseUrl" | "realm">,
  fetchImpl: typeof fetch,
): BackendModule {
  return {
    type: "backend",
    init() {},
    read(language, _namespace, callback) {
      fetchImpl(translationsUrl(environment, language), { headers: { accept: "application/json" } })
        .then(async (response) => {
          if (!response.ok) throw new Error(`Translations for '${language}' answered ${response.status}.`);
          callback(null, toResource(await response.json()));
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
    },
  };
}

/** An i18next instance reading the realm's translations; resolves once the user's language is loaded. */
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
