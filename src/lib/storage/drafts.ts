/**
 * Drafts of forms whose session ended mid-edit: written to sessionStorage (this tab only) when the session ends,
 * read back once the same user has signed in again. Keyed by realm, form and user id (the token's `sub`); the value
 * is the form's values, never a token. Reading a form's drafts removes them all, the user's and any other user's,
 * so a draft is shown once, to its author only, and another user of the tab never finds one left behind.
 */
const PREFIX = "kc-account-draft";

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function formPrefix(realm: string, form: string): string {
  return `${PREFIX}:${encodeURIComponent(realm)}:${form}:`;
}

export function draftKey(realm: string, form: string, userId: string): string {
  return `${formPrefix(realm, form)}${encodeURIComponent(userId)}`;
}

export function saveDraft(realm: string, form: string, userId: string | undefined, values: unknown): void {
  if (!userId) return;
  try {
    storage()?.setItem(draftKey(realm, form, userId), JSON.stringify(values));
  } catch {
    // Storage full or refused: nothing more can be kept.
  }
}

/** The user's draft of a form, if any; does not remove it (see `clearDrafts`). */
export function readDraft<T>(realm: string, form: string, userId: string | undefined): T | undefined {
  if (!userId) return undefined;
  const text = storage()?.getItem(draftKey(realm, form, userId));
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** Removes every draft of a form in the realm, whoever wrote it. */
export function clearDrafts(realm: string, form: string): void {
  const store = storage();
  if (!store) return;
  const prefix = formPrefix(realm, form);
  const keys: string[] = [];
  for (let index = 0; index < store.length; index++) {
    const key = store.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  keys.forEach((key) => store.removeItem(key));
}
