import type { i18n as I18n, TFunction } from "i18next";
import type { ClientRepresentation, ConsentScopeRepresentation } from "../../api/representations";
import { translateLabel } from "../../i18n/translateLabel";

/** The name users know an application by: its translated client name, else its client id. */
export function applicationName(t: TFunction, application: ClientRepresentation): string {
  return translateLabel(t, application.clientName, application.clientId) || application.clientId;
}

/**
 * Applications in the order of their names as the user's language sorts them (the server sends them unordered),
 * client id breaking ties. Never mutates.
 */
export function sortApplications(
  applications: ClientRepresentation[],
  t: TFunction,
  locale: string,
): ClientRepresentation[] {
  const collator = collatorFor(locale);
  return applications
    .map((application) => ({ application, name: applicationName(t, application) }))
    .sort(
      (a, b) => collator.compare(a.name, b.name) || collator.compare(a.application.clientId, b.application.clientId),
    )
    .map(({ application }) => application);
}

function collatorFor(locale: string): Intl.Collator {
  try {
    return new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  } catch {
    return new Intl.Collator("en", { sensitivity: "base", numeric: true });
  }
}

/**
 * A granted scope as the consent screen named it: the consent text when it is a bundle key, else a bundle text
 * for the scope's name, else the consent text as the admin wrote it, else the name.
 */
export function scopeLabel(t: TFunction, i18n: Pick<I18n, "exists">, scope: ConsentScopeRepresentation): string {
  const placeholder = (text?: string) => /^\$\{(.+)\}$/.exec(text?.trim() ?? "")?.[1];
  // Before 26.4 the server sends the consent screen text as `name` and its own translation as `displayTest`.
  const key = placeholder(scope.displayText) ?? placeholder(scope.name);
  if (key && i18n.exists(key)) return t(key);
  if (scope.displayTest) return scope.displayTest;
  if (i18n.exists(scope.name)) return t(scope.name);
  // Keycloak resolves the consent text with its theme's bundles only: a key that only the realm's own translations
  // have comes back bare (`${scopeOrders}` -> `scopeOrders`), and is looked up here, where those translations are.
  return translateLabel(t, scope.displayText, scope.name);
}

/** "Third-party, Offline access" / "Internal". */
export function applicationType(t: TFunction, application: ClientRepresentation): string {
  const kind = application.userConsentRequired ? t("thirdPartyApp") : t("internalApp");
  return application.offlineAccess ? `${kind}, ${t("offlineAccess")}` : kind;
}

/** Access the user can take back: a consent, or offline tokens. */
export const canRemoveAccess = (application: ClientRepresentation) =>
  Boolean(application.consent || application.offlineAccess);

/** The console's own client: its session is the one the user is in, ended by signing out. */
const ACCOUNT_CONSOLE = "account-console";

/**
 * A session the user can end here: an application in use or holding an offline token (ending its session ends that
 * too), other than the console itself.
 */
export const canEndSession = (application: ClientRepresentation) =>
  (application.inUse === true || application.offlineAccess === true) && application.clientId !== ACCOUNT_CONSOLE;
