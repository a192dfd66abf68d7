import { useCallback, useEffect, useRef, useState } from "react";
import { useAuth } from "../../auth/AuthContext";
import { useEnvironment } from "../../environment/EnvironmentContext";
import { clearDrafts, readDraft, saveDraft } from "../../lib/storage/drafts";

/**
 * Keeps a form's unsaved values across the end of a session: when the session ends while the form is dirty, its
 * values become a draft in this tab's sessionStorage; when the form mounts again for the same user (after signing
 * in again), `draft` holds them, and every stored draft of the form is removed. `form` names the form (one per page).
 * `discard()` removes the form's stored drafts too: for the user's own "back to the saved values".
 */
export function useSessionDraft<T>(
  form: string,
  current: { isDirty: () => boolean; values: () => T },
): { draft: T | undefined; discard: () => void } {
  const auth = useAuth();
  const { realm } = useEnvironment();
  const userId = auth.claims().sub;
  const [draft] = useState(() => readDraft<T>(realm, form, userId));
  const latest = useRef(current);
  useEffect(() => {
    latest.current = current;
  });

  useEffect(() => clearDrafts(realm, form), [realm, form]);

  useEffect(
    () =>
      auth.onSessionEnd(() => {
        if (latest.current.isDirty()) saveDraft(realm, form, userId, latest.current.values());
      }),
    [auth, realm, form, userId],
  );

  const discard = useCallback(() => clearDrafts(realm, form), [realm, form]);
  return { draft, discard };
}
