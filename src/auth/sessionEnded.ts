/**
 * The sign-in session is over (a token refresh failed, or the server answered 401 and a refresh confirmed it): the
 * call was not made or not accepted. Pages do not report it as a failure of their own; the session-ended dialog
 * explains it and leads to the login page, and forms keep what was typed as a draft (src/lib/storage/drafts.ts).
 */
export class SessionEndedError extends Error {
  override name = "SessionEndedError";
  constructor() {
    super("The session has ended.");
  }
}

export function isSessionEnded(error: unknown): error is SessionEndedError {
  return error instanceof SessionEndedError;
}

/**
 * The end of a sign-in session, once: `end()` marks it and tells each listener (drafts are written, the dialog
 * opens); a second `end()` does nothing.
 */
export function sessionEnd() {
  let ended = false;
  const listeners = new Set<() => void>();
  return {
    end() {
      if (ended) return;
      ended = true;
      listeners.forEach((listener) => listener());
    },
    ended: () => ended,
    onEnd(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
