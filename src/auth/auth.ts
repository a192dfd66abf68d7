import Keycloak, { type KeycloakTokenParsed } from "keycloak-js";
import type { Environment } from "../environment/environment";

/** Seconds of validity a token must still have before we use it for a call. */
const MIN_TOKEN_VALIDITY = 5;

export type TokenClaims = KeycloakTokenParsed & {
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
  picture?: string;
};

/** The sign-in session as the rest of the app sees it; only this module talks to keycloak-js. */
export type Auth = {
  /** A valid access token; refreshes it first, starts a login (and never resolves) when that fails. */
  token(): Promise<string>;
  /** Forces a refresh, e.g. after the profile changed, so the header shows the new name. */
  refresh(): Promise<void>;
  claims(): TokenClaims;
  logout(): Promise<void>;
  login(): Promise<void>;
  /** Starts a Keycloak required action (kc_action), e.g. UPDATE_EMAIL or delete_account, returning to `redirectUri`. */
  startAction(action: string, redirectUri?: string): Promise<void>;
  /** Subscribes to token changes (refresh, login); returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
};

export class LogoutError extends Error {
  override name = "LogoutError";
}

/**
 * Signs the user in: check-sso with PKCE S256 and the query response mode, then a login when there is no session.
 * Callback-state expiry, the third-party-cookie check and the session iframe are keycloak-js behaviour.
 */
export async function startAuth(environment: Environment, keycloak = createKeycloak(environment)): Promise<Auth> {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const login = async () => {
    await keycloak.login({ scope: environment.scope || undefined, redirectUri: window.location.href });
  };

  keycloak.onAuthLogout = () => void login();
  keycloak.onAuthRefreshSuccess = notify;
  // keycloak-js fires this at expiry, corrected by its estimate of the clock skew.
  keycloak.onTokenExpired = () => {
    keycloak.updateToken(MIN_TOKEN_VALIDITY).then(notify, () => login());
  };

  const authenticated = await keycloak.init({
    onLoad: "check-sso",
    pkceMethod: "S256",
    responseMode: "query",
    scope: environment.scope || undefined,
  });
  if (!authenticated) {
    await login();
    // login() navigates away; this keeps the app from rendering meanwhile.
    await new Promise(() => {});
  }

  return {
    async token() {
      try {
        await keycloak.updateToken(MIN_TOKEN_VALIDITY);
      } catch {
        await login();
        await new Promise(() => {});
      }
      if (!keycloak.token) {
        await login();
        await new Promise(() => {});
      }
      return keycloak.token as string;
    },
    async refresh() {
      await keycloak.updateToken(-1);
      notify();
    },
    claims: () => (keycloak.idTokenParsed ?? keycloak.tokenParsed ?? {}) as TokenClaims,
    async logout() {
      try {
        await keycloak.logout({ redirectUri: environment.baseUrl });
      } catch (error) {
        throw new LogoutError("Logout failed, request returned an error code.", { cause: error });
      }
    },
    login,
    async startAction(action, redirectUri = window.location.href) {
      await keycloak.login({ action, redirectUri });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function createKeycloak(environment: Environment): Keycloak {
  return new Keycloak({ url: environment.serverBaseUrl, realm: environment.realm, clientId: environment.clientId });
}
