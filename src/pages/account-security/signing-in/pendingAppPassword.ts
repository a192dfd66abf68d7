// A create of an app password that waits for the user's fresh sign-in: what they typed (never a secret), kept in this
// tab's sessionStorage across Keycloak's login page, and taken back once when the console loads again.

/** What the user asked for: the dialog's fields as typed. */
export type PendingAppPassword = { name: string; expiry: string };

const KEY = "account-console.pending-app-password";
/** Longer than anyone takes on the login page; a draft left behind longer is dropped. */
const MAX_AGE_MS = 15 * 60 * 1000;

type Stored = PendingAppPassword & { realm: string; user: string; savedAt: number };

/** Keeps the draft of `user` of `realm` for after the login page. */
export function savePendingAppPassword(realm: string, user: string, draft: PendingAppPassword, now = Date.now()) {
  const stored: Stored = { ...draft, realm, user, savedAt: now };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(stored));
  } catch {
    // Storage refused (private mode, quota): after the login page the user types the name again.
  }
}

/**
 * The draft kept for `user` of `realm`, once: it is removed whether it matches or not, so that it never comes back
 * on a later visit or for another user of this tab.
 */
export function takePendingAppPassword(realm: string, user: string, now = Date.now()): PendingAppPassword | undefined {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  let stored: Partial<Stored>;
  try {
    stored = JSON.parse(raw) as Partial<Stored>;
  } catch {
    return undefined;
  }
  const fresh = typeof stored.savedAt === "number" && now - stored.savedAt >= 0 && now - stored.savedAt < MAX_AGE_MS;
  if (!fresh || stored.realm !== realm || stored.user !== user) return undefined;
  if (typeof stored.name !== "string" || typeof stored.expiry !== "string") return undefined;
  return { name: stored.name, expiry: stored.expiry };
}
