import type { Auth, TokenClaims } from "./auth";

/** The claims before sign-in has finished: one object, so a component that reads them does not draw again for nothing. */
export const NO_CLAIMS: TokenClaims = Object.freeze({});

/**
 * The sign-in session while sign-in still runs, so the app can be drawn in the meantime (the header, the sidebar, the
 * page's skeleton): calls wait for sign-in and go to its session then, the claims are empty until then (NO_CLAIMS),
 * and subscribers hear once when they arrive. A failed sign-in rejects the calls that wait; the start-up shows it.
 */
export function pendingAuth(signIn: Promise<Auth>): Auth {
  let auth: Auth | undefined;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  signIn.then(
    (signedIn) => {
      auth = signedIn;
      signedIn.subscribe(notify);
      // In a task of its own: the calls that waited for sign-in (the first page's data) leave first, and the header
      // draws the user's name while their answers are on the way, not before the requests are sent.
      setTimeout(notify, 0);
    },
    () => undefined,
  );
  const later = <T>(call: (signedIn: Auth) => Promise<T>): Promise<T> => (auth ? call(auth) : signIn.then(call));
  /** Starts something that has a stop function once sign-in is done; stopping before then cancels it. */
  const whenSignedIn = (begin: (signedIn: Auth) => () => void): (() => void) => {
    if (auth) return begin(auth);
    let stop: (() => void) | undefined;
    let cancelled = false;
    signIn.then(
      (signedIn) => {
        if (!cancelled) stop = begin(signedIn);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  };

  return {
    token: () => later((signedIn) => signedIn.token()),
    refresh: () => later((signedIn) => signedIn.refresh()),
    claims: () => auth?.claims() ?? NO_CLAIMS,
    logout: () => later((signedIn) => signedIn.logout()),
    login: () => later((signedIn) => signedIn.login()),
    reauthenticate: (redirectUri) => later((signedIn) => signedIn.reauthenticate(redirectUri)),
    startAction: (action, redirectUri) => later((signedIn) => signedIn.startAction(action, redirectUri)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watchSession: () => whenSignedIn((signedIn) => signedIn.watchSession()),
    confirmSessionEnded: () => later((signedIn) => signedIn.confirmSessionEnded()),
    sessionEnded: () => auth?.sessionEnded() ?? false,
    onSessionEnd: (listener) => whenSignedIn((signedIn) => signedIn.onSessionEnd(listener)),
  };
}
