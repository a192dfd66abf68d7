import { accountApiUrl } from "../api/client";
import type { Auth } from "../auth/auth";
import { basePath, type Environment } from "../environment/environment";
import { earlyFetch, type EarlyFetch } from "../lib/earlyFetch";
import { menuUrl } from "../menu/menuUrl";
import { extensionTranslationsUrl, startLanguages, TRANSLATIONS_REQUEST } from "../i18n/translationsUrl";
import { pageIdAt, preloadPageCode } from "./routing/pageCode";

/** What personal info's loader asks for first (fetchPersonalInfo in src/api/methods.ts). */
export const personalInfoUrl = (environment: Pick<Environment, "serverBaseUrl" | "realm">) =>
  accountApiUrl(environment, "/", { userProfileMetadata: true });

/**
 * What start-up needs besides sign-in and the app's code, asked for by the entry the moment it runs, while that code
 * still downloads: the first page's code, the menu and the texts (none needs a token), and on personal info, the
 * landing page, its profile as soon as sign-in has the token. The app's start takes the answers through the fetch
 * this returns. Light on purpose: the entry imports it, so nothing here may import the app.
 */
export function startEarlyRequests(environment: Environment, signIn?: Promise<Auth>): EarlyFetch {
  const base = basePath(environment);
  preloadPageCode(window.location.pathname, base);
  const fetchFirst = earlyFetch([
    [menuUrl(environment.resourceUrl)],
    ...startLanguages(environment.locale).map(
      (language) => [extensionTranslationsUrl(environment, language), TRANSLATIONS_REQUEST] as const,
    ),
  ]);
  if (signIn && pageIdAt(window.location.pathname, base) === "") {
    fetchFirst.sendForAnyGet(
      personalInfoUrl(environment),
      signIn
        .then((auth) => auth.token())
        .then((token) => ({
          cache: "no-store",
          headers: { accept: "application/json", authorization: `Bearer ${token}` },
        })),
    );
  }
  return fetchFirst;
}
