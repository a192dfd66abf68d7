import type { ApiClient } from "../../api/client";
import { fetchAppPasswords, type AppPassword } from "../../api/appPasswords";
import {
  fetchLastUsed,
  fetchNewCountries,
  probeExtension,
  NO_EXTENSION,
  type ExtensionFeatures,
  type LastUse,
  type NewCountrySession,
} from "../../api/extension";
import { fetchAccount, fetchCredentials, fetchDevices } from "../../api/methods";
import type { CredentialContainer, DeviceRepresentation, UserRepresentation } from "../../api/representations";
import { fetchOfflineSessions } from "../../api/offlineSessions";
import { fetchSignInAlerts, type SignInAlertsChoice } from "../../api/signInAlerts";
import { isSessionEnded } from "../../auth/sessionEnded";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A sign-in method unused this long is worth a look. */
export const UNUSED_METHOD_DAYS = 180;
/** A device whose first sign-in the server knows of is this recent is worth a look. */
export const NEW_DEVICE_DAYS = 30;
/** An app password unused this long is worth a look. */
export const UNUSED_APP_PASSWORD_DAYS = 90;
/** A country none of the user's sign-ins came from in this many days before a session is new (the extension's rule). */
export const NEW_COUNTRY_DAYS = 90;
/** At this many recovery codes or fewer, the checkup warns. */
export const FEW_RECOVERY_CODES = 2;

export const RECOVERY_CODES = "recovery-authn-codes";
export const RECOVERY_CODES_ACTION = "CONFIGURE_RECOVERY_AUTHN_CODES";

/** The checks of the extension's features; each one is done only when its feature is on. */
export type OptionalCheck = "signInAlerts" | "lastingAccess" | "unusedMethods" | "appPasswords" | "newCountries";

/** What the checkup reads. An optional part is undefined when its feature is off or could not be read. */
export type CheckupFacts = {
  user: Pick<UserRepresentation, "email" | "emailVerified">;
  credentials: CredentialContainer[];
  devices: DeviceRepresentation[];
  extension: ExtensionFeatures;
  signInAlerts?: SignInAlertsChoice;
  lastingAccess?: boolean;
  lastUses?: LastUse[];
  appPasswords?: AppPassword[];
  /** Sessions from a country new to the user, where the server has a places database and the realm keeps sign-ins. */
  newCountries?: NewCountrySession[];
  /** The optional checks whose request failed: the page says they could not be done. */
  failed: OptionalCheck[];
};

/** Reads everything the checkup looks at, at once. The Account API's parts must answer; the extension's may fail. */
export async function gatherCheckup(api: ApiClient, signal?: AbortSignal): Promise<CheckupFacts> {
  const failed: OptionalCheck[] = [];
  const optional = async <T>(check: OptionalCheck, on: boolean, read: () => Promise<T>): Promise<T | undefined> => {
    if (!on) return undefined;
    try {
      return await read();
    } catch (error) {
      // An ended session is the session-ended dialog's; anything else leaves this one check undone, and says so.
      if (isSessionEnded(error) || signal?.aborted) throw error;
      failed.push(check);
      return undefined;
    }
  };
  const extensionPromise = probeExtension(api).catch((error: unknown) => {
    if (isSessionEnded(error)) throw error;
    return NO_EXTENSION;
  });
  const [user, credentials, devices, extension] = await Promise.all([
    fetchAccount(api, signal),
    fetchCredentials(api, signal),
    fetchDevices(api, signal),
    extensionPromise,
  ]);
  const [signInAlerts, lastingAccess, lastUses, appPasswords, newCountries] = await Promise.all([
    optional("signInAlerts", extension.signInAlerts, () => fetchSignInAlerts(api, signal)),
    optional("lastingAccess", extension.offlineSessions, async () => {
      // The first page of one tells whether any application holds lasting access.
      const page = await fetchOfflineSessions(api, { first: 0, max: 1 }, signal);
      return page.sessions.length > 0 || page.hasMore;
    }),
    optional("unusedMethods", extension.lastUsed, () => fetchLastUsed(api, signal)),
    optional("appPasswords", extension.appPasswords, async () => (await fetchAppPasswords(api, signal)).appPasswords),
    optional("newCountries", extension.places && extension.eventsEnabled, () => fetchNewCountries(api, signal)),
  ]);
  return {
    user: { email: user.email, emailVerified: user.emailVerified },
    credentials,
    devices,
    extension,
    signInAlerts,
    lastingAccess,
    lastUses,
    appPasswords,
    newCountries,
    failed,
  };
}

/** One result of the checkup: a finding (something to do) or a check that passed. */
export type Check =
  | { id: "secondFactor"; action?: string }
  | { id: "recoveryCodes"; remaining: number; total?: number; action: string }
  | { id: "emailNotVerified"; canStartVerify: boolean }
  | { id: "unusedMethods"; methods: string[] }
  | { id: "newDevices"; devices: number }
  | { id: "newCountries"; countries: string[] }
  | { id: "lastingAccess" }
  | { id: "signInAlerts" }
  | { id: "appPasswords"; names: string[] };

export type Severity = "danger" | "warning" | "info";

export type Finding = Check & { severity: Severity };
/**
 * A check that was made and found nothing to do. Each check the checkup makes ends as a finding or as one of these, so
 * that the page can list everything it looked at.
 */
export type Passed =
  | { id: "secondFactor" }
  | { id: "recoveryCodes"; remaining: number; total?: number; action: string }
  | { id: "emailVerified" }
  | { id: "unusedMethods" }
  | { id: "newDevices" }
  | { id: "newCountries" }
  | { id: "lastingAccess" }
  | { id: "signInAlerts" }
  | { id: "appPasswords" };

export type CheckupResult = { findings: Finding[]; passed: Passed[]; failed: OptionalCheck[] };

/** The order of the findings within one severity: the ones that protect the sign-in itself first. */
const ORDER: Check["id"][] = [
  "secondFactor",
  "recoveryCodes",
  "newCountries",
  "newDevices",
  "lastingAccess",
  "emailNotVerified",
  "unusedMethods",
  "appPasswords",
  "signInAlerts",
];
/** The checks that passed, in the findings' order. */
const PASSED_ORDER: Passed["id"][] = [
  "secondFactor",
  "recoveryCodes",
  "newCountries",
  "newDevices",
  "lastingAccess",
  "emailVerified",
  "unusedMethods",
  "appPasswords",
  "signInAlerts",
];
const SEVERITY_RANK: Record<Severity, number> = { danger: 0, warning: 1, info: 2 };

const STRONG_CATEGORIES = new Set(["two-factor", "passwordless"]);

/** The user's second factors (or passkeys): credentials of the two-factor and passwordless kinds, not recovery codes. */
function hasSecondFactor(credentials: CredentialContainer[]): boolean {
  return credentials.some(
    (container) =>
      container.type !== RECOVERY_CODES &&
      STRONG_CATEGORIES.has(container.category) &&
      container.userCredentialMetadatas.length > 0,
  );
}

/** How to set up a second factor: the first two-factor kind the server offers to create (an authenticator app first). */
function secondFactorAction(credentials: CredentialContainer[]): string | undefined {
  const offered = credentials.filter(
    (container) => container.type !== RECOVERY_CODES && container.category === "two-factor" && container.createAction,
  );
  return (offered.find((container) => container.type === "otp") ?? offered[0])?.createAction;
}

/**
 * How many recovery codes are left. Keycloak says it in the credential's info message
 * (`recovery-codes-number-used`, "used/total"); its stored data (`remainingCodes`) is the fallback.
 */
export function recoveryCodesLeft(container: CredentialContainer): { remaining: number; total?: number } | undefined {
  const metadata = container.userCredentialMetadatas[0];
  if (!metadata) return undefined;
  const used = metadata.infoMessage?.key === "recovery-codes-number-used" ? metadata.infoMessage.parameters?.[0] : "";
  const match = /^(\d+)\/(\d+)$/.exec(used ?? "");
  if (match) {
    const total = Number(match[2]);
    return { remaining: Math.max(0, total - Number(match[1])), total };
  }
  try {
    const data = JSON.parse(metadata.credential.credentialData ?? "") as {
      remainingCodes?: unknown;
      totalCodes?: unknown;
    };
    if (typeof data.remainingCodes === "number") {
      return {
        remaining: data.remainingCodes,
        total: typeof data.totalCodes === "number" ? data.totalCodes : undefined,
      };
    }
  } catch {
    // No readable data: the count is unknown, and the checkup says nothing about it.
  }
  return undefined;
}

/** The names of the user's sign-in methods not used for UNUSED_METHOD_DAYS (each method named once). */
function unusedMethods(credentials: CredentialContainer[], lastUses: LastUse[], now: number): string[] {
  const before = now - UNUSED_METHOD_DAYS * DAY_MS;
  const names: string[] = [];
  for (const container of credentials) {
    for (const { credential } of container.userCredentialMetadatas) {
      const use =
        lastUses.find((row) => row.credentialId === credential.id) ??
        lastUses.find((row) => row.credentialId === null && row.type === credential.type);
      if (use && use.time < before) names.push(credential.userLabel || container.displayName);
    }
  }
  return [...new Set(names)];
}

/**
 * Other devices whose first sign-in the server knows of is recent: Keycloak keeps a device only while it has a
 * session, so its oldest session's start is the earliest it was seen. The session the console runs in is left out, and
 * so are programs that asked for a token themselves (curl, a script): Keycloak knows no system and no device for them,
 * so they are not devices a person would recognize.
 */
function newDevices(devices: DeviceRepresentation[], now: number): number {
  const since = (now - NEW_DEVICE_DAYS * DAY_MS) / 1000;
  return devices.filter(
    (device) =>
      !isProgram(device) &&
      (device.sessions ?? []).some((session) => !session.current && (session.started ?? 0) >= since),
  ).length;
}

/** What Keycloak's device detection reports for a system or device it does not recognize. */
const UNKNOWN = "Other";

/**
 * Sessions that a program started rather than a person on a device: Keycloak recognized no system and no device in
 * the user agent (curl, a script's HTTP library; it still names those as the "browser").
 */
export function isProgram(device: DeviceRepresentation): boolean {
  const unknown = (value: string | undefined) => !value?.trim() || value.trim() === UNKNOWN;
  return unknown(device.os) && unknown(device.device);
}

/** The findings, most serious first, and the checks that passed. */
export function evaluate(facts: CheckupFacts, now = Date.now()): CheckupResult {
  const findings: Finding[] = [];
  const passed: Passed[] = [];
  const { credentials } = facts;

  const strong = hasSecondFactor(credentials);
  const setUp = secondFactorAction(credentials);
  if (strong) passed.push({ id: "secondFactor" });
  else if (setUp) findings.push({ id: "secondFactor", action: setUp, severity: "danger" });

  // Only where the server has recovery codes (the kind is listed): a version or realm without them gets no finding.
  const codes = credentials.find((container) => container.type === RECOVERY_CODES);
  if (codes) {
    const left = recoveryCodesLeft(codes);
    if (left && left.remaining <= FEW_RECOVERY_CODES) {
      findings.push({
        id: "recoveryCodes",
        ...left,
        action: RECOVERY_CODES_ACTION,
        severity: left.remaining === 0 ? "danger" : "warning",
      });
    } else if (left) {
      passed.push({ id: "recoveryCodes", ...left, action: RECOVERY_CODES_ACTION });
    }
  }

  if (facts.user.email && facts.user.emailVerified === false) {
    findings.push({ id: "emailNotVerified", canStartVerify: facts.extension.verifyEmailAction, severity: "warning" });
  } else if (facts.user.email && facts.user.emailVerified) {
    passed.push({ id: "emailVerified" });
  }

  if (facts.lastUses) {
    const methods = unusedMethods(credentials, facts.lastUses, now);
    if (methods.length > 0) findings.push({ id: "unusedMethods", methods, severity: "warning" });
    else passed.push({ id: "unusedMethods" });
  }

  const recent = newDevices(facts.devices, now);
  if (recent > 0) findings.push({ id: "newDevices", devices: recent, severity: "warning" });
  else passed.push({ id: "newDevices" });

  if (facts.newCountries) {
    // The session the console runs in is the user's own, as for new devices.
    const current = new Set(
      facts.devices.flatMap((device) => (device.sessions ?? []).filter((one) => one.current).map((one) => one.id)),
    );
    const countries = [
      ...new Set(facts.newCountries.filter((one) => !current.has(one.sessionId)).map((one) => one.country)),
    ];
    if (countries.length > 0) findings.push({ id: "newCountries", countries, severity: "warning" });
    else passed.push({ id: "newCountries" });
  }

  if (facts.lastingAccess === true) findings.push({ id: "lastingAccess", severity: "warning" });
  else if (facts.lastingAccess === false) passed.push({ id: "lastingAccess" });

  if (facts.signInAlerts?.offered) {
    if (facts.signInAlerts.enabled) passed.push({ id: "signInAlerts" });
    else findings.push({ id: "signInAlerts", severity: "info" });
  }

  if (facts.appPasswords) {
    const before = now - UNUSED_APP_PASSWORD_DAYS * DAY_MS;
    const names = facts.appPasswords
      .filter((password) => (password.lastUsed ?? password.created) < before)
      .map((password) => password.name);
    if (names.length > 0) findings.push({ id: "appPasswords", names, severity: "warning" });
    else passed.push({ id: "appPasswords" });
  }

  findings.sort(
    (a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || ORDER.indexOf(a.id) - ORDER.indexOf(b.id),
  );
  passed.sort((a, b) => PASSED_ORDER.indexOf(a.id) - PASSED_ORDER.indexOf(b.id));
  return { findings, passed, failed: facts.failed };
}
