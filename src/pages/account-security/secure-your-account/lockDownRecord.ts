import type { LockDownOutcome } from "../../../api/extension";

/**
 * What "Lock it down" did, kept in this tab's sessionStorage across the trip to Keycloak's password page and back, so
 * that the page can say it when the user returns. Not in the address: a link that anyone can write must not be able to
 * claim that the account was locked down. Read once; an old record (the user never came back) is dropped.
 */
const KEY = "kc-account-lock-down";
const MAX_AGE_MS = 30 * 60_000;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Keeps what the lock-down did, with the creation time of the password it replaces (`passwordBefore`, when it could be
 * read): on the way back a newer password is the sign that the user chose one. Both times are the server's.
 */
export function keepLockDown(
  account: string,
  outcome: LockDownOutcome,
  passwordBefore: number | undefined,
  now = Date.now(),
): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ account, at: now, outcome, passwordBefore }));
  } catch {
    // Storage full or refused: the page will not repeat what happened, which the server did all the same.
  }
}

/** A lock-down this tab did, and the creation time of the password it replaced, when that was read. */
export type LockDownRecord = { outcome: LockDownOutcome; passwordBefore?: number };

/** The lock-down this tab did for `account` (the Account API's address: one realm) in the last half hour, once: reading removes it. */
export function takeLockDown(account: string, now = Date.now()): LockDownRecord | undefined {
  const text = storage()?.getItem(KEY);
  if (!text) return undefined;
  storage()?.removeItem(KEY);
  try {
    const record = JSON.parse(text) as {
      account?: unknown;
      at?: unknown;
      passwordBefore?: unknown;
      outcome?: Partial<LockDownOutcome>;
    };
    const { outcome } = record;
    if (
      record.account !== account ||
      typeof record.at !== "number" ||
      now - record.at > MAX_AGE_MS ||
      typeof outcome?.sessionsEnded !== "number" ||
      typeof outcome.offlineSessionsEnded !== "number" ||
      typeof outcome.appPasswordsRevoked !== "number" ||
      typeof outcome.updatePasswordRequired !== "boolean"
    ) {
      return undefined;
    }
    return {
      passwordBefore: typeof record.passwordBefore === "number" ? record.passwordBefore : undefined,
      outcome: {
        sessionsEnded: outcome.sessionsEnded,
        offlineSessionsEnded: outcome.offlineSessionsEnded,
        appPasswordsRevoked: outcome.appPasswordsRevoked,
        updatePasswordRequired: outcome.updatePasswordRequired,
      },
    };
  } catch {
    return undefined; // not ours, or damaged: nothing to say
  }
}
