import type { LockDownOutcome } from "../../../api/extension";
import { fetchCredentials } from "../../../api/methods";
import type { CredentialContainer } from "../../../api/representations";
import type { PageLoader } from "../../page";
import { takeLockDown } from "./lockDownRecord";

/**
 * What the sign-in alert's link says about the sign-in ("This wasn't me" in the mail): the browser and system as
 * Keycloak named them, and the time. The link carries no secret and signs no one in, so anyone can alter it: a fact
 * is shown only when it reads as the mail writes it, and is left out otherwise.
 */
export type AlertFacts = { browser?: string; os?: string; time?: Date };

/** A browser or system family as Keycloak's device detection names it ("Firefox", "Mac OS X", "Chrome Mobile"). */
const FAMILY = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,39}$/u;
/** Keycloak's name for a browser or system it could not tell: not a fact worth showing. */
const UNKNOWN = "Other";
/** Epoch milliseconds: digits only. */
const MILLIS = /^\d{1,15}$/;
/** No alert is older than this console, nor (clocks apart) more than a few minutes in the future. */
const EARLIEST = Date.UTC(2024, 0, 1);
const CLOCK_SKEW_MS = 10 * 60_000;

/** The one value of `name`, or undefined when the link has none or several. */
function single(search: URLSearchParams, name: string): string | undefined {
  const values = search.getAll(name);
  return values.length === 1 ? values[0] : undefined;
}

function family(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed !== UNKNOWN && FAMILY.test(trimmed) ? trimmed : undefined;
}

/** The facts of the link's query (`browser`, `os`, `time`), each only when it parses; `now` bounds the time. */
export function alertFacts(search: URLSearchParams, now = Date.now()): AlertFacts {
  const facts: AlertFacts = {};
  const browser = family(single(search, "browser"));
  const os = family(single(search, "os"));
  // The device is one fact: half of it would say something the mail did not.
  if (browser && os) Object.assign(facts, { browser, os });
  const millis = single(search, "time");
  if (millis && MILLIS.test(millis)) {
    const time = Number(millis);
    if (time >= EARLIEST && time <= now + CLOCK_SKEW_MS) facts.time = new Date(time);
  }
  return facts;
}

/**
 * The page's data: the facts of its own address; what a lock-down in this tab just did; and whether a password was
 * set since then (Keycloak's password page, which the lock-down leads to, may have been left without one).
 */
export type SecureAccountData = { facts: AlertFacts; lockedDown?: LockDownOutcome; passwordChanged?: boolean };

/** When the user's password was set, as Keycloak lists it (its credential's creation time); undefined if it has none. */
export function passwordCreated(credentials: CredentialContainer[]): number | undefined {
  const times = credentials
    .filter((container) => container.type === "password")
    .flatMap((container) => container.userCredentialMetadatas)
    .map(({ credential }) => credential.createdDate ?? 0);
  return times.length > 0 ? Math.max(...times) : undefined;
}

/**
 * Reads the address and this tab's record of a lock-down. Only after a lock-down does it ask the server something:
 * the credentials, to tell whether the new password it asked for was set.
 */
export const loadSecureAccount: PageLoader<SecureAccountData> = async ({ api, request }) => {
  const facts = alertFacts(new URL(request.url).searchParams);
  const record = takeLockDown(api.url("/"));
  if (!record) return { facts };
  let passwordChanged = false;
  if (record.outcome.updatePasswordRequired && record.passwordBefore !== undefined) {
    const now = passwordCreated(await fetchCredentials(api, request.signal));
    passwordChanged = now !== undefined && now > record.passwordBefore;
  }
  return { facts, lockedDown: record.outcome, passwordChanged };
};
