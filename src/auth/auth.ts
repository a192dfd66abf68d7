import Keycloak, { type KeycloakTokenParsed } from "keycloak-js";
import type { Environment } from "../environment/environment";
import { SessionEndedError, sessionEnd } from "./sessionEnded";
import { startSessionMonitor } from "./sessionMonitor";

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
  /** A valid access token, refreshed first; rejects with SessionEndedError (and ends the session) when that fails. */
  token(): Promise<string>;
  /** Forces a refresh, e.g. after the profile changed, so the header shows the new name. */
  refresh(): Promise<void>;
  claims(): TokenClaims;
  logout(): Promise<void>;
  login(): Promise<void>;
  /**
   * Sends the user through Keycloak's login page again (`prompt=login`: the password is asked even with a live
   * session), returning to `redirectUri`: Keycloak renews the session's authentication time, which a change that asks
   * for a fresh sign-in then accepts.
   */
  reauthenticate(redirectUri?: string): Promise<void>;
  /** Starts a Keycloak required action (kc_action), e.g. UPDATE_EMAIL or delete_account, returning to `redirectUri`. */
  startAction(action: string, redirectUri?: string): Promise<void>;
  /** Subscribes to token changes (refresh, login); returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Starts detecting a session ended elsewhere (after the first screen); returns the function that stops it. */
  watchSession(): () => void;
  /**
   * After the server refused a token (401): forces a refresh; when that fails too the session is over, and this
   * ends it here and resolves to true. A refresh that works means the session lives (false).
   */
  confirmSessionEnded(): Promise<boolean>;
  /** Whether the session has ended (the session-ended dialog is showing). */
  sessionEnded(): boolean;
  /**
   * Runs `listener` once the session ends, synchronously and before any navigation to the login page (forms keep
   * their drafts then); returns the unsubscribe function.
   */
  onSessionEnd(listener: () => void): () => void;
};

/**
 * The query that makes index.ftl answer with the tiny silent check-sso page instead of the console: the template
 * sees no path, but Keycloak hands it the request's `scope` parameter.
 */
export const SILENT_CHECK_SSO_QUERY = "scope=silent-check-sso";

export class LogoutError extends Error {
  override name = "LogoutError";
}

/**
 * Signs the user in: check-sso with PKCE S256 and the query response mode, then a login when there is no session.
 * The check runs without a second load of the console: first as one request (`checkSsoByFetch`), else in keycloak-js's
 * hidden frame on the template's tiny page. Nothing else stands before the first screen: the console is served by
 * Keycloak itself, so its cookies are never third-party and that check is skipped; session detection starts after
 * the first screen (`watchSession`). Callback-state expiry is keycloak-js behaviour.
 */
export async function startAuth(
  environment: Environment,
  keycloak = createKeycloak(environment),
  checkSso: () => Promise<string | undefined> = () => checkSsoByFetch(environment),
): Promise<Auth> {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const { end: endSession, ended, onEnd } = sessionEnd();

  const login = async () => {
    await keycloak.login({ scope: environment.scope || undefined, redirectUri: window.location.href });
  };

  // keycloak-js clears the token when a refresh is refused and when the status frame saw the session end elsewhere:
  // forms keep their drafts, and the session-ended dialog leads to the login page.
  keycloak.onAuthLogout = endSession;
  keycloak.onAuthRefreshSuccess = notify;
  // keycloak-js fires this at expiry, corrected by its estimate of the clock skew. A failed refresh ends the
  // session: the dialog says so and leads to the login page.
  keycloak.onTokenExpired = () => {
    keycloak.updateToken(MIN_TOKEN_VALIDITY).then(notify, endSession);
  };

  // Keycloak 26.1 and 26.2 send a console page asked for without a session through the login page and back with a
  // code of their own and no state: not ours to redeem (keycloak-js holds no verifier for it). Out of the address at
  // once, before the router reads the address and keeps its query.
  const foreign = withoutForeignCode(window.location.href);
  if (foreign !== window.location.href) window.history.replaceState(window.history.state, "", foreign);

  // Back from the login page (or a required action), the address holds the callback: keycloak-js takes it from there.
  // Otherwise the check's answer is put there for it, and keycloak-js goes on as after a redirect.
  const callback = isCallback(window.location.href) ? undefined : await checkSso();
  if (callback) window.history.replaceState(window.history.state, "", withCallback(window.location.href, callback));
  const authenticated = await keycloak.init({ onLoad: "check-sso", ...initOptions(environment) });
  if (!authenticated) {
    await login();
    // login() navigates away; this keeps the app from rendering meanwhile.
    await new Promise(() => {});
  }

  return {
    async token() {
      if (ended()) throw new SessionEndedError();
      try {
        await keycloak.updateToken(MIN_TOKEN_VALIDITY);
      } catch {
        endSession();
        throw new SessionEndedError();
      }
      if (!keycloak.token) {
        endSession();
        throw new SessionEndedError();
      }
      return keycloak.token;
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
    async reauthenticate(redirectUri = window.location.href) {
      await keycloak.login({ prompt: "login", scope: environment.scope || undefined, redirectUri });
    },
    async startAction(action, redirectUri = window.location.href) {
      await keycloak.login({ action, redirectUri });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watchSession() {
      return startSessionMonitor({
        frameUrl: `${openIdConnectUrl(environment)}/login-status-iframe.html`,
        clientId: environment.clientId,
        sessionId: () => keycloak.sessionId,
        // Clearing the token is the logout signal: onAuthLogout ends the session (the dialog, then the login page).
        onChanged: () => keycloak.clearToken(),
      });
    },
    async confirmSessionEnded() {
      if (ended()) return true;
      try {
        await keycloak.updateToken(-1);
        notify();
        return false;
      } catch {
        endSession();
        return true;
      }
    },
    sessionEnded: ended,
    onSessionEnd: onEnd,
  };
}

/** How both keycloak-js instances (the console's and `checkSsoByFetch`'s) talk to Keycloak. */
function initOptions(environment: Environment) {
  return {
    pkceMethod: "S256",
    responseMode: "query",
    scope: environment.scope || undefined,
    silentCheckSsoRedirectUri: `${environment.baseUrl}?${SILENT_CHECK_SSO_QUERY}`,
    checkLoginIframe: false,
  } as const;
}

/** The parameters Keycloak's authorization endpoint answers with (query response mode). */
const CALLBACK_PARAMS = ["code", "error", "error_description", "error_uri", "state", "session_state", "iss"];

function isCallback(url: string): boolean {
  const params = new URL(url).searchParams;
  return params.has("state") && (params.has("code") || params.has("error"));
}

/** `address` without a code that came with no state (and that code's session_state and iss); else `address`. */
export function withoutForeignCode(address: string): string {
  const url = new URL(address);
  if (!url.searchParams.has("code") || url.searchParams.has("state")) return address;
  for (const name of ["code", "session_state", "iss"]) url.searchParams.delete(name);
  return url.toString();
}

/** `address` with the callback's parameters added (keycloak-js takes them out again once it has read them). */
export function withCallback(address: string, callback: string): string {
  const result = new URL(address);
  const answer = new URL(callback).searchParams;
  for (const name of CALLBACK_PARAMS) {
    const value = answer.get(name);
    if (value !== null) result.searchParams.set(name, value);
  }
  return result.toString();
}

/**
 * check-sso as one request instead of a frame: the authorization request with `prompt=none` and the form_post response
 * mode, so Keycloak answers it at once with its small form page, which holds the code (or `error=login_required`) and
 * the state, instead of a redirect to a console page Keycloak would have to render. No frame document, no second
 * request, no script in a frame, no message back. keycloak-js makes the request (state, nonce, PKCE) on an instance of
 * its own, which keeps them in its callback storage for the console's instance; the answer goes back to that instance
 * as the address the query response mode would have led to. Resolves to that address, or to undefined where this
 * cannot work (an authorization endpoint on another origin, an answer that is not that form): then keycloak-js's frame
 * does the check.
 */
export async function checkSsoByFetch(
  environment: Environment,
  scout = createKeycloak(environment),
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<string | undefined> {
  try {
    const options = initOptions(environment);
    await scout.init({ pkceMethod: options.pkceMethod, responseMode: options.responseMode, checkLoginIframe: false });
    const url = new URL(
      await scout.createLoginUrl({
        prompt: "none",
        redirectUri: options.silentCheckSsoRedirectUri,
        scope: options.scope,
      }),
    );
    url.searchParams.set("response_mode", "form_post");
    const response = await fetchImpl(url, { headers: { Accept: "text/html" }, cache: "no-store" });
    if (!response.ok || response.redirected) return undefined;
    return formPostAnswer(await response.text(), options.silentCheckSsoRedirectUri);
  } catch {
    return undefined;
  }
}

/**
 * The address a form_post answer stands for: the form's target with its fields as the query. Undefined unless the
 * page is one form that posts back to `redirectUri` with a state and a code or an error. Read from the text, not
 * through a DOM parser: Keycloak's page submits itself from an `onload` attribute, which a strict CSP reports as a
 * violation the moment such an attribute is parsed, even in a document that never runs.
 */
export function formPostAnswer(html: string, redirectUri: string): string | undefined {
  const tags = [...html.matchAll(/<(form|input)\b([^>]*)>/gi)].map(([, name, attributes]) => ({
    name: name!.toLowerCase(),
    attributes: attributesOf(attributes!),
  }));
  const forms = tags.filter((tag) => tag.name === "form");
  const answer = new URL(redirectUri);
  const form = forms.length === 1 ? forms[0]!.attributes : undefined;
  if (!form || form.get("method")?.toLowerCase() !== "post" || !sameAddress(form.get("action"), answer))
    return undefined;
  for (const { name, attributes } of tags) {
    const field = attributes.get("name");
    if (name !== "input" || attributes.get("type")?.toLowerCase() !== "hidden" || !field) continue;
    if (CALLBACK_PARAMS.includes(field)) answer.searchParams.set(field, attributes.get("value") ?? "");
  }
  return isCallback(answer.toString()) ? answer.toString() : undefined;
}

/** A tag's quoted attributes, names in lower case, values with their character references decoded. */
function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, double, single] of text.matchAll(/([^\s"'=<>/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes.set(name!.toLowerCase(), decodeReferences(double ?? single ?? ""));
  }
  return attributes;
}

const NAMED_REFERENCES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeReferences(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (reference, body: string) => {
    if (body[0] !== "#") return NAMED_REFERENCES[body.toLowerCase()] ?? reference;
    const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : reference;
  });
}

function sameAddress(address: string | undefined, expected: URL): boolean {
  try {
    return address !== undefined && new URL(address).href === expected.href;
  } catch {
    return false;
  }
}

function openIdConnectUrl(environment: Environment): string {
  return `${environment.serverBaseUrl}/realms/${encodeURIComponent(environment.realm)}/protocol/openid-connect`;
}

/**
 * keycloak-js with Keycloak's endpoints given up front (no discovery request). Named this way, keycloak-js has no
 * third-party-cookie check page to load; the check would only delay start-up, since the console and Keycloak share
 * one origin.
 */
function createKeycloak(environment: Environment): Keycloak {
  const endpoints = openIdConnectUrl(environment);
  return new Keycloak({
    clientId: environment.clientId,
    oidcProvider: {
      authorization_endpoint: `${endpoints}/auth`,
      token_endpoint: `${endpoints}/token`,
      end_session_endpoint: `${endpoints}/logout`,
      check_session_iframe: `${endpoints}/login-status-iframe.html`,
      userinfo_endpoint: `${endpoints}/userinfo`,
    },
  });
}
