import { basePath, type Environment } from "../environment/environment";
import { earlyFetch } from "../lib/earlyFetch";
import { menuUrl } from "../menu/menuUrl";
import { extensionTranslationsUrl, startLanguages, TRANSLATIONS_REQUEST } from "../i18n/translationsUrl";
import { preloadPageCode } from "./routing/pageCode";

/**
 * What start-up needs besides sign-in and the app's code, asked for by the entry the moment it runs, while that code
 * still downloads: the first page's code, the menu and the texts (none needs a token). The app's start takes the
 * answers through the fetch this returns. Light on purpose: the entry imports it, so nothing here may import the app.
 */
export function startEarlyRequests(environment: Environment): typeof fetch {
  preloadPageCode(window.location.pathname, basePath(environment));
  return earlyFetch([
    [menuUrl(environment.resourceUrl)],
    ...startLanguages(environment.locale).map(
      (language) => [extensionTranslationsUrl(environment, language), TRANSLATIONS_REQUEST] as const,
    ),
  ]);
}
