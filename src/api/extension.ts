// Calls to the console's server extension (`{server}/realms/{realm}/account-console-extension/`, shipped in our jar):
// the user's own account activity and the default second factor. A server without the extension answers 404.
import { ApiError, isRecord, type ApiClient } from "./client";
import { isSessionEnded } from "../auth/sessionEnded";

/** What the extension offers in this realm; each feature can be switched off by the realm's admin. */
export type ExtensionFeatures = {
  accountActivity: boolean;
  defaultSecondFactor: boolean;
  /** Whether the realm saves user events at all (without them, account activity has nothing to show). */
  eventsEnabled: boolean;
  /** Whether the realm sends sign-in alerts (its admin added the listener, and it has a mail server). */
  signInAlerts: boolean;
  /** Whether the extension can end the user's sessions with one application (one from before it cannot). */
  applicationSessions: boolean;
  /**
   * Whether the realm starts Keycloak's VERIFY_EMAIL from the console (`kc_action`): the action is enabled and the
   * server supports starting it so (Keycloak 26.0 does not).
   */
  verifyEmailAction: boolean;
  /** Whether the extension lists and ends the user's offline sessions (applications with lasting access). */
  offlineSessions: boolean;
  /** Whether the extension tells when each sign-in method was last used. */
  lastUsed: boolean;
  /** Whether "Lock it down" can end every other session and require a new password (`POST …/lock-down`). */
  lockDown: boolean;
  /** Whether the realm offers app passwords (a flow of the realm uses the extension's app password check). */
  appPasswords: boolean;
  /** Whether the server has an IP geolocation database: sessions and sign-ins show their approximate place. */
  places: boolean;
  /** What the database's licence asks to show beside its places; null when nothing is known. */
  placesAttribution: string | null;
};

/** The extension's features a content.json item may name in `isVisible`; they are known only after the probe. */
export const EXTENSION_FEATURES = ["accountActivity", "defaultSecondFactor"] as const;
export type ExtensionFeature = (typeof EXTENSION_FEATURES)[number];

export const isExtensionFeature = (name: string): name is ExtensionFeature =>
  (EXTENSION_FEATURES as readonly string[]).includes(name);

/** A server without the extension (or a user it does not serve): nothing to offer. */
export const NO_EXTENSION: ExtensionFeatures = {
  accountActivity: false,
  defaultSecondFactor: false,
  eventsEnabled: false,
  signInAlerts: false,
  applicationSessions: false,
  verifyEmailAction: false,
  offlineSessions: false,
  lastUsed: false,
  lockDown: false,
  appPasswords: false,
  places: false,
  placesAttribution: null,
};

/** An approximate place from the server's IP geolocation database; `country` is an ISO 3166 code. */
export type Place = { city: string | null; region: string | null; country: string | null };

/** One event of the user, as the extension reports it (times are epoch milliseconds). */
export type AccountEvent = {
  time: number;
  type: string;
  /** For credential events: password, otp, webauthn, webauthn-passwordless or recovery-authn-codes. */
  credentialType: string | null;
  ipAddress: string | null;
  clientId: string | null;
  /** Keycloak's error code, for failures (LOGIN_ERROR, UPDATE_PASSWORD_ERROR). */
  error: string | null;
  /** For the UPDATE_CREDENTIAL the extension records when a credential becomes the default: default_second_factor. */
  change: string | null;
  /** The address's approximate place, where the server has a places database and knows the address. */
  place: Place | null;
};

export type AccountEventsPage = {
  eventsEnabled: boolean;
  first: number;
  max: number;
  hasMore: boolean;
  events: AccountEvent[];
};

/** `…/realms/{realm}/account-console-extension/{path}`: beside the Account API, in the same realm. */
export function extensionUrl(api: ApiClient, path = ""): string {
  // The Account API's URL ends in `/account/`; the extension is its sibling (the realm name stays encoded).
  return new URL(`../account-console-extension/${path}`, api.url("/")).toString();
}

/**
 * Asks the extension what it offers. A server without it (404), or one that does not let this user use it (403),
 * offers nothing; other failures (the network, a 500) reject, so a later probe can try again.
 */
export async function fetchExtensionFeatures(api: ApiClient, signal?: AbortSignal): Promise<ExtensionFeatures> {
  let body: unknown;
  try {
    body = await api.requestUrl<unknown>(extensionUrl(api), { signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return NO_EXTENSION;
    throw error;
  }
  // A proxy's page or another server's answer at this address: not our extension.
  if (!isRecord(body)) return NO_EXTENSION;
  return {
    accountActivity: body.accountActivity === true,
    defaultSecondFactor: body.defaultSecondFactor === true,
    eventsEnabled: body.eventsEnabled === true,
    signInAlerts: body.signInAlerts === true,
    applicationSessions: body.applicationSessions === true,
    verifyEmailAction: body.verifyEmailAction === true,
    offlineSessions: body.offlineSessions === true,
    lastUsed: body.lastUsed === true,
    lockDown: body.lockDown === true,
    appPasswords: body.appPasswords === true,
    places: body.places === true,
    placesAttribution: typeof body.placesAttribution === "string" ? body.placesAttribution : null,
  };
}

/** One page of the user's own events, newest first. The extension caps `max` (at 50). */
export async function fetchAccountEvents(
  api: ApiClient,
  { first, max }: { first: number; max: number },
  signal?: AbortSignal,
): Promise<AccountEventsPage> {
  // Our own extension's answer, as its record types it (every field written, null where missing): trusted as typed.
  return readable(
    api.requestUrl<AccountEventsPage>(extensionUrl(api, "events"), { searchParams: { first, max }, signal }),
  );
}

/** The approximate places of the user's own sessions, by session id; a session without one is not listed. */
export async function fetchSessionPlaces(api: ApiClient, signal?: AbortSignal): Promise<Record<string, Place>> {
  // Our own extension's answer, as its record types it: trusted as typed.
  const body = await readable(
    api.requestUrl<{ sessions: Record<string, Place> }>(extensionUrl(api, "places/sessions"), { signal }),
  );
  return body.sessions;
}

/** One of the user's sessions from a country none of their sign-ins came from in the 90 days before it. */
export type NewCountrySession = { sessionId: string; country: string; started: number };

/** The user's sessions from a country new to them (the security checkup); none where the realm keeps no sign-ins. */
export async function fetchNewCountries(api: ApiClient, signal?: AbortSignal): Promise<NewCountrySession[]> {
  // Our own extension's answer, as its record types it: trusted as typed.
  const body = await readable(
    api.requestUrl<{ eventsEnabled: boolean; sessions: NewCountrySession[] }>(
      extensionUrl(api, "places/new-countries"),
      { signal },
    ),
  );
  return body.sessions;
}

/**
 * The ids of the user's second factors, all kinds together, in the order Keycloak offers them at sign-in: the first is
 * the default (the Account API ranks each kind's credentials, but not the kinds against each other). Undefined where
 * the extension does not know the order (one from before the order endpoint answers 404) or cannot be asked.
 */
export async function fetchSecondFactorOrder(api: ApiClient, signal?: AbortSignal): Promise<string[] | undefined> {
  let body: { secondFactors: { id: string }[] };
  try {
    body = await api.requestUrl(extensionUrl(api, "credentials/second-factors"), { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
  return body.secondFactors.map((factor) => factor.id);
}

/**
 * When a sign-in last used one of the user's methods (day precision): the credential when Keycloak named it, else
 * `null` with only its type known.
 */
export type LastUse = { credentialId: string | null; type: string; time: number };

/** When each of the user's sign-in methods was last used, as far as the extension recorded it. */
export async function fetchLastUsed(api: ApiClient, signal?: AbortSignal): Promise<LastUse[]> {
  const body = await readable(
    api.requestUrl<{ lastUsed: (Omit<LastUse, "credentialId"> & { credentialId?: string | null })[] }>(
      extensionUrl(api, "credentials/last-used"),
      { signal },
    ),
  );
  // Keycloak's JSON leaves a null out: a use of only a type comes without its credential id.
  return body.lastUsed.map((use) => ({ ...use, credentialId: use.credentialId ?? null }));
}

/** Makes a credential the user's default second factor: the server moves it before their other ones (204). */
export async function makeDefaultSecondFactor(api: ApiClient, credentialId: string): Promise<void> {
  await readable(
    api.requestUrl<void>(extensionUrl(api, `credentials/${encodeURIComponent(credentialId)}/default`), {
      method: "POST",
    }),
  );
}

/**
 * Ends the user's sessions with one application, on every device (204): the application is signed out and its offline
 * tokens end, the user's other applications and their sessions stay signed in. The extension refuses the console itself, an application the
 * realm does not have, and one the user has no session with.
 */
export async function endApplicationSessions(api: ApiClient, clientId: string): Promise<void> {
  await readable(
    api.requestUrl<void>(extensionUrl(api, "application-sessions"), { method: "DELETE", searchParams: { clientId } }),
  );
}

/**
 * What "Lock it down" did: the sessions it ended, the app passwords it revoked, and whether Keycloak now asks the user
 * for a new password.
 */
export type LockDownOutcome = {
  sessionsEnded: number;
  offlineSessionsEnded: number;
  appPasswordsRevoked: number;
  updatePasswordRequired: boolean;
};

/**
 * "Lock it down": ends every other session of the user, online and offline, on every device (the console's own stays),
 * revokes their app passwords, and requires a new password.
 */
export async function lockDown(api: ApiClient): Promise<LockDownOutcome> {
  const body = await readable(api.requestUrl<unknown>(extensionUrl(api, "lock-down"), { method: "POST" }));
  if (
    !isRecord(body) ||
    typeof body.sessionsEnded !== "number" ||
    typeof body.offlineSessionsEnded !== "number" ||
    typeof body.appPasswordsRevoked !== "number" ||
    typeof body.updatePasswordRequired !== "boolean"
  ) {
    throw new ApiError("The server sent an answer the console does not understand (lock down).", 200);
  }
  return {
    sessionsEnded: body.sessionsEnded,
    offlineSessionsEnded: body.offlineSessionsEnded,
    appPasswordsRevoked: body.appPasswordsRevoked,
    updatePasswordRequired: body.updatePasswordRequired,
  };
}

/**
 * The extension's code when an application renewed its access under every try of a change to the user's sessions:
 * nothing was changed, and the console says so in the user's language (a message key).
 */
export const SESSIONS_CHANGED = "sessions_changed";

/**
 * The extension's refusals are `{ error: "<code>", errorDescription: "<sentence>" }`: the sentence is what a user
 * reads (the code stays in the error's body).
 */
export async function readable<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const body: unknown = error instanceof ApiError ? error.body : undefined;
    if (error instanceof ApiError && isRecord(body) && body.error === SESSIONS_CHANGED) {
      throw new ApiError("sessionsChangedError", error.status, undefined, body);
    }
    if (error instanceof ApiError && isRecord(body) && typeof body.errorDescription === "string") {
      throw new ApiError(body.errorDescription, error.status, undefined, body);
    }
    throw error;
  }
}

// The probe's answer, once per API client (one signed-in console): asked after the first screen, or by the first
// page that needs it, whichever comes first; the sidebar and the pages read the same answer.
type Probe = { answer?: ExtensionFeatures; pending?: Promise<ExtensionFeatures>; listeners: Set<() => void> };
const probes = new WeakMap<ApiClient, Probe>();

function probeOf(api: ApiClient): Probe {
  let probe = probes.get(api);
  if (!probe) {
    probe = { listeners: new Set() };
    probes.set(api, probe);
  }
  return probe;
}

/** The extension's features, asked once; a failed probe is forgotten, so the next call asks again. */
export function probeExtension(api: ApiClient): Promise<ExtensionFeatures> {
  const probe = probeOf(api);
  if (probe.answer) return Promise.resolve(probe.answer);
  probe.pending ??= fetchExtensionFeatures(api).then(
    (answer) => {
      probe.answer = answer;
      probe.pending = undefined;
      probe.listeners.forEach((listener) => listener());
      return answer;
    },
    (error: unknown) => {
      probe.pending = undefined;
      throw error;
    },
  );
  return probe.pending;
}

/** Starts the probe in the background: a failure leaves the extension's features hidden (nothing to report). */
export function startExtensionProbe(api: ApiClient): void {
  probeExtension(api).catch((error: unknown) => {
    // A session that ended is the session-ended dialog's to explain; anything else only keeps the features hidden.
    if (!isSessionEnded(error)) console.warn("The console extension could not be asked what it offers.", error);
  });
}

/** The probe's answer so far: undefined until it came. */
export const extensionFeaturesNow = (api: ApiClient): ExtensionFeatures | undefined => probes.get(api)?.answer;

/** Calls `listener` when the probe's answer arrives; returns the unsubscribe. */
export function onExtensionFeatures(api: ApiClient, listener: () => void): () => void {
  const { listeners } = probeOf(api);
  listeners.add(listener);
  return () => listeners.delete(listener);
}
