import type { TFunction } from "i18next";
import {
  extensionFeaturesNow,
  fetchAccountEvents,
  probeExtension,
  type AccountEvent,
  type AccountEventsPage,
} from "../../../api/extension";
import type { PageLoader } from "../../page";

/** Events per page: a screen's worth on a phone, well under the extension's cap of 50. */
export const ACTIVITY_PAGE_SIZE = 20;

/** The page's data: the extension is missing or switched off, or the first page of events (which may say events off). */
export type AccountActivityData =
  { available: false } | { available: true; page: AccountEventsPage; placesAttribution: string | null };

/**
 * Asks the extension whether it offers account activity and for the first page, at once. Without the extension the
 * page says so instead of failing; with it, a failed list is a failure of the page.
 */
export const loadAccountActivity: PageLoader<AccountActivityData> = async ({ api, request }) => {
  if (extensionFeaturesNow(api)?.accountActivity === false) return { available: false };
  const [features, page] = await Promise.all([
    probeExtension(api),
    fetchAccountEvents(api, { first: 0, max: ACTIVITY_PAGE_SIZE }, request.signal).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
  ]);
  if (!features.accountActivity) return { available: false };
  if ("error" in page) throw page.error;
  return { available: true, page: page.value, placesAttribution: features.placesAttribution };
};

/** Message keys of the credential events, by credential type: [added, removed]. */
const CREDENTIAL_EVENTS: Record<string, [string, string]> = {
  password: ["activityEventPasswordChanged", "activityEventCredentialRemoved"],
  otp: ["activityEventOtpAdded", "activityEventOtpRemoved"],
  webauthn: ["activityEventSecurityKeyAdded", "activityEventSecurityKeyRemoved"],
  "webauthn-passwordless": ["activityEventPasskeyAdded", "activityEventPasskeyRemoved"],
  "recovery-authn-codes": ["activityEventRecoveryCodesAdded", "activityEventRecoveryCodesRemoved"],
  "account-console-app-password": ["activityEventAppPasswordCreated", "activityEventAppPasswordRevoked"],
};

const EVENT_KEYS: Record<string, string> = {
  LOGIN: "activityEventSignedIn",
  LOGIN_ERROR: "activityEventSignInFailed",
  LOGOUT: "activityEventSignedOut",
  UPDATE_PASSWORD: "activityEventPasswordChanged",
  UPDATE_PASSWORD_ERROR: "activityEventPasswordChangeFailed",
  UPDATE_TOTP: "activityEventOtpAdded",
  REMOVE_TOTP: "activityEventOtpRemoved",
  UPDATE_CREDENTIAL: "activityEventCredentialAdded",
  REMOVE_CREDENTIAL: "activityEventCredentialRemoved",
  UPDATE_EMAIL: "activityEventEmailChanged",
  VERIFY_EMAIL: "activityEventEmailVerified",
  FEDERATED_IDENTITY_LINK: "activityEventIdpLinked",
  REMOVE_FEDERATED_IDENTITY: "activityEventIdpUnlinked",
  GRANT_CONSENT: "activityEventConsentGranted",
  UPDATE_CONSENT: "activityEventConsentUpdated",
  REVOKE_GRANT: "activityEventConsentRevoked",
  UPDATE_PROFILE: "activityEventProfileUpdated",
  DELETE_ACCOUNT: "activityEventAccountDeleted",
};

/** What happened, in the user's words: by event type, and for credential events by the kind of credential. */
export function describeEvent(
  t: TFunction,
  event: Pick<AccountEvent, "type" | "credentialType"> & Partial<Pick<AccountEvent, "change">>,
): string {
  // Not an added credential: one of the user's credentials became the one offered first.
  if (event.type === "UPDATE_CREDENTIAL" && event.change === "default_second_factor") {
    return t("activityEventDefaultSecondFactor");
  }
  const byCredential = event.credentialType ? CREDENTIAL_EVENTS[event.credentialType] : undefined;
  if (byCredential && (event.type === "UPDATE_CREDENTIAL" || event.type === "REMOVE_CREDENTIAL")) {
    return t(event.type === "UPDATE_CREDENTIAL" ? byCredential[0] : byCredential[1]);
  }
  const key = EVENT_KEYS[event.type];
  // A type a newer extension reports: as the server names it rather than nothing.
  return key ? t(key) : event.type;
}

/** Keycloak's error codes of failed sign-ins and password changes, as a user would say them. */
const ERROR_KEYS: Record<string, string> = {
  invalid_user_credentials: "activityErrorWrongCredentials",
  user_temporarily_disabled: "activityErrorLocked",
  user_disabled: "activityErrorDisabled",
  expired_code: "activityErrorExpired",
  session_expired: "activityErrorExpired",
  rejected_by_user: "activityErrorCancelled",
  password_rejected: "activityErrorPasswordPolicy",
  password_confirm_error: "activityErrorPasswordMismatch",
  invalid_redirect_uri: "activityErrorApplication",
  client_not_found: "activityErrorApplication",
  client_disabled: "activityErrorApplication",
  invalid_client: "activityErrorApplication",
  invalid_client_credentials: "activityErrorApplication",
};

/** Why an event failed: readable for the codes we know, Keycloak's code for the others. */
export function describeError(t: TFunction, error: string): string {
  const key = ERROR_KEYS[error];
  return key ? t(key) : error;
}

/** The client an event came through: Keycloak's own clients by their translated names, others by their id. */
export function clientName(t: TFunction, clientId: string): string {
  return t(`client_${clientId}`, { defaultValue: clientId });
}
