import {
  fetchLastUsed,
  fetchSecondFactorOrder,
  NO_EXTENSION,
  probeExtension,
  type LastUse,
} from "../../../api/extension";
import { fetchAppPasswords, type AppPasswordList } from "../../../api/appPasswords";
import { fetchCredentials } from "../../../api/methods";
import type { CredentialContainer, CredentialRepresentation } from "../../../api/representations";
import { isSessionEnded } from "../../../auth/sessionEnded";
import type { PageLoader } from "../../page";

/** The category Keycloak's credential providers give a second factor (the Account API reports it per type). */
const TWO_FACTOR = "two-factor";
/** Recovery codes are a second factor, but a fallback for a lost one: never offered as the default. */
const RECOVERY_CODES = "recovery-authn-codes";

/**
 * The second-factor credentials a user can pick as the default, in the order the Account API lists them (by type,
 * then by priority): every type its provider puts in the two-factor category (a custom one too), but recovery
 * codes. A password and a passkey that signs in on its own are in other categories.
 */
export function secondFactors(containers: CredentialContainer[]): CredentialRepresentation[] {
  return containers
    .filter((container) => container.category === TWO_FACTOR && container.type !== RECOVERY_CODES)
    .flatMap((container) => container.userCredentialMetadatas.map((metadata) => metadata.credential));
}

/** When each sign-in method was last used, or that it could not be read (said once, above the list). */
export type LastUsedRead = { status: "error" } | { status: "ready"; uses: LastUse[] };

/**
 * The user's app passwords with the time of the answer (it decides which expiries show as past), or why they could not
 * be read.
 */
export type AppPasswordsRead =
  { status: "error"; error: unknown } | ({ status: "ready"; readAt: number } & AppPasswordList);

/**
 * Signing in's data: the credentials for the first screen, and what the server extension adds after it. Each promise
 * settles to undefined where the extension does not offer it, and never rejects: it says in its value what failed.
 */
export type SigningInData = {
  containers: CredentialContainer[];
  lastUsed: Promise<LastUsedRead | undefined>;
  /** "Make default" is offered (two second factors or more), with the server's order across kinds when it answered. */
  defaultSecondFactor: Promise<{ order?: string[] } | undefined>;
  /** Offered as soon as the probe says so (the section shows while `read` is under way), then the list as read. */
  appPasswords: Promise<{ read: Promise<AppPasswordsRead> } | undefined>;
};

export const loadSigningIn: PageLoader<SigningInData> = async ({ api, request: { signal } }) => {
  const containers = await fetchCredentials(api, signal);
  const features = probeExtension(api).catch(() => NO_EXTENSION);
  const lastUsed = features.then(({ lastUsed }) =>
    lastUsed
      ? fetchLastUsed(api, signal).then(
          (uses): LastUsedRead => ({ status: "ready", uses }),
          (error: unknown): LastUsedRead | undefined => {
            if (signal.aborted) return undefined;
            // A session that ended is the session-ended dialog's to explain.
            if (!isSessionEnded(error)) console.warn("Last use of the sign-in methods could not be read.", error);
            return { status: "error" };
          },
        )
      : undefined,
  );
  const defaultSecondFactor = features.then(({ defaultSecondFactor }) =>
    defaultSecondFactor && secondFactors(containers).length >= 2
      ? fetchSecondFactorOrder(api, signal).then(
          (order) => ({ order }),
          // Not answered: the default is shown as far as the Account API's lists tell.
          () => ({}),
        )
      : undefined,
  );
  const appPasswords = features.then(({ appPasswords }) =>
    appPasswords
      ? {
          read: fetchAppPasswords(api, signal).then(
            (list): AppPasswordsRead => ({ status: "ready", readAt: Date.now(), ...list }),
            (error: unknown): AppPasswordsRead => ({ status: "error", error }),
          ),
        }
      : undefined,
  );
  return { containers, lastUsed, defaultSecondFactor, appPasswords };
};
