// @vitest-environment jsdom
import Keycloak from "keycloak-js";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Environment } from "../environment/environment";
import { checkSsoByFetch, formPostAnswer, LogoutError, startAuth, withCallback, withoutForeignCode } from "./auth";
import { SessionEndedError } from "./sessionEnded";

const environment = {
  serverBaseUrl: "http://kc.test",
  realm: "demo",
  clientId: "account-console",
  baseUrl: "http://kc.test/realms/demo/account/",
  scope: "",
} as Environment;

/** A stand-in for keycloak-js with the members startAuth uses. */
function fakeKeycloak({ authenticated = true } = {}) {
  return {
    init: vi.fn(async () => authenticated),
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    updateToken: vi.fn(async () => true),
    token: "access-token" as string | undefined,
    tokenParsed: { sub: "u1", preferred_username: "alice" },
    idTokenParsed: undefined as Record<string, unknown> | undefined,
    onAuthLogout: undefined as undefined | (() => void),
    onAuthRefreshSuccess: undefined as undefined | (() => void),
    onTokenExpired: undefined as undefined | (() => void),
  };
}
type Fake = ReturnType<typeof fakeKeycloak>;
/** No check by fetch here (it has tests of its own): keycloak-js's frame would check. */
const noFetchCheck = async () => undefined;
const start = (fake: Fake) => startAuth(environment, fake as unknown as Keycloak, noFetchCheck);

/** Whether `promise` has settled once every promise already due has run (one turn of the event loop). */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve));
  return settled;
}

describe("startAuth", () => {
  it("initialises keycloak-js with check-sso, PKCE S256 and the query response mode", async () => {
    const fake = fakeKeycloak();
    await start(fake);
    expect(fake.init).toHaveBeenCalledWith(
      expect.objectContaining({ onLoad: "check-sso", pkceMethod: "S256", responseMode: "query" }),
    );
  });

  it("falls back to a frame on the template's tiny page for the check, with no status frame before start", async () => {
    const fake = fakeKeycloak();
    await start(fake);
    expect(fake.init).toHaveBeenCalledWith(
      expect.objectContaining({
        silentCheckSsoRedirectUri: "http://kc.test/realms/demo/account/?scope=silent-check-sso",
        checkLoginIframe: false,
      }),
    );
  });

  it("starts a login when there is no session, and never hands the app an unauthenticated session", async () => {
    const fake = fakeKeycloak({ authenticated: false });
    const started = start(fake);
    // The positive sign first: the login has started. Only then is "still waiting" worth checking.
    await vi.waitFor(() => expect(fake.login).toHaveBeenCalled());
    expect(await hasSettled(started)).toBe(false);
    expect(fake.login).toHaveBeenCalledWith(expect.objectContaining({ redirectUri: window.location.href }));
  });

  it("ends the session when keycloak-js signals a logout (refused refresh, status frame): no login before the user asks", async () => {
    const fake = fakeKeycloak();
    const auth = await start(fake);
    const ended = vi.fn();
    auth.onSessionEnd(ended);
    fake.onAuthLogout?.();
    fake.onAuthLogout?.();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(auth.sessionEnded()).toBe(true);
    expect(fake.login).not.toHaveBeenCalled();
  });

  it("refreshes the token before each call", async () => {
    const fake = fakeKeycloak();
    const auth = await start(fake);
    expect(await auth.token()).toBe("access-token");
    expect(fake.updateToken).toHaveBeenCalledWith(5);
    expect(fake.login).not.toHaveBeenCalled();
    expect(auth.sessionEnded()).toBe(false);
  });

  it("ends the session instead of making a call when the refresh fails: the call rejects, no login yet", async () => {
    const fake = fakeKeycloak();
    const auth = await start(fake);
    const ended = vi.fn();
    auth.onSessionEnd(ended);
    fake.updateToken.mockRejectedValueOnce(new Error("refresh token expired"));
    await expect(auth.token()).rejects.toBeInstanceOf(SessionEndedError);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(auth.sessionEnded()).toBe(true);
    // The dialog leads to the login page when the user chooses; later calls fail at once, without a request.
    expect(fake.login).not.toHaveBeenCalled();
    fake.updateToken.mockClear();
    await expect(auth.token()).rejects.toBeInstanceOf(SessionEndedError);
    expect(fake.updateToken).not.toHaveBeenCalled();
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it("never returns an empty token", async () => {
    const fake = fakeKeycloak();
    const auth = await start(fake);
    fake.token = undefined;
    await expect(auth.token()).rejects.toBeInstanceOf(SessionEndedError);
    expect(auth.sessionEnded()).toBe(true);
  });

  it("refreshes on expiry and tells subscribers; a failed refresh ends the session", async () => {
    const fake = fakeKeycloak();
    const auth = await start(fake);
    const listener = vi.fn();
    const ended = vi.fn();
    auth.subscribe(listener);
    auth.onSessionEnd(ended);
    fake.onTokenExpired?.();
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    expect(ended).not.toHaveBeenCalled();

    fake.updateToken.mockRejectedValueOnce(new Error("session gone"));
    fake.onTokenExpired?.();
    await vi.waitFor(() => expect(ended).toHaveBeenCalledTimes(1));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(fake.login).not.toHaveBeenCalled();
  });

  it("after a 401, a forced refresh tells whether the session is over", async () => {
    const fake = fakeKeycloak();
    const auth = await start(fake);
    expect(await auth.confirmSessionEnded()).toBe(false);
    expect(fake.updateToken).toHaveBeenLastCalledWith(-1);
    expect(auth.sessionEnded()).toBe(false);

    fake.updateToken.mockRejectedValueOnce(new Error("session not active"));
    expect(await auth.confirmSessionEnded()).toBe(true);
    expect(auth.sessionEnded()).toBe(true);
  });

  it("reports a failed logout with the specified message", async () => {
    const fake = fakeKeycloak();
    const auth = await start(fake);
    fake.logout.mockRejectedValueOnce(new Error("500"));
    const failure = auth.logout();
    await expect(failure).rejects.toBeInstanceOf(LogoutError);
    await expect(failure).rejects.toThrow("Logout failed, request returned an error code.");
  });

  it("starts application-initiated actions through kc_action", async () => {
    const fake = fakeKeycloak();
    const auth = await start(fake);
    await auth.startAction("UPDATE_EMAIL", "http://kc.test/realms/demo/account/");
    expect(fake.login).toHaveBeenCalledWith({
      action: "UPDATE_EMAIL",
      redirectUri: "http://kc.test/realms/demo/account/",
    });
  });

  it("re-authenticates through Keycloak's login page with prompt=login", async () => {
    const fake = fakeKeycloak();
    const auth = await start(fake);
    await auth.reauthenticate("http://kc.test/realms/demo/account/account-security/signing-in");
    expect(fake.login).toHaveBeenLastCalledWith(
      expect.objectContaining({
        prompt: "login",
        redirectUri: "http://kc.test/realms/demo/account/account-security/signing-in",
      }),
    );
  });

  it("prefers the ID token's claims for the user's name", async () => {
    const fake = fakeKeycloak();
    fake.idTokenParsed = { given_name: "Alice" };
    const auth = await start(fake);
    expect(auth.claims()).toEqual({ given_name: "Alice" });
  });
});

describe("keycloak-js callback state (verified, not reimplemented)", () => {
  afterEach(() => vi.useRealTimers());

  const callbackKeys = () => Object.keys(localStorage).filter((key) => key.startsWith("kc-callback-"));

  it("keeps a login's callback state for 60 minutes, then purges it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
    const keycloak = new Keycloak({ url: "http://kc.test", realm: "demo", clientId: "account-console" });
    await keycloak.init({ checkLoginIframe: false, pkceMethod: false, responseMode: "query" });

    await keycloak.createLoginUrl();
    const [first] = callbackKeys();
    expect(first).toBeDefined();
    const stored = JSON.parse(localStorage.getItem(first!) ?? "{}") as { expires: number };
    expect(stored.expires - Date.now()).toBe(60 * 60 * 1000);

    // Storing another state purges expired ones: at 59 minutes the first survives, after 60 it is gone.
    vi.setSystemTime(new Date("2026-11-23T10:59:00Z"));
    await keycloak.createLoginUrl();
    expect(callbackKeys()).toContain(first);
    vi.setSystemTime(new Date("2026-11-23T11:00:01Z"));
    await keycloak.createLoginUrl();
    expect(callbackKeys()).not.toContain(first);
  });
});

describe("check-sso as one request", () => {
  const endpoints = "http://kc.test/realms/demo/protocol/openid-connect";
  const keycloak = () =>
    new Keycloak({
      clientId: "account-console",
      oidcProvider: { authorization_endpoint: `${endpoints}/auth`, token_endpoint: `${endpoints}/token` },
    });
  const home = window.location.href;
  afterEach(() => {
    window.history.replaceState(null, "", home);
    vi.unstubAllGlobals();
  });

  /** Keycloak's form_post answer to the authorization request: a page whose one form posts `params` and the state. */
  function formPostPage(action: string, fields: Record<string, string>) {
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<INPUT TYPE="HIDDEN" NAME="${name}" VALUE="${value}" />`)
      .join("");
    return `<HTML><HEAD><TITLE>x</TITLE></HEAD><BODY Onload="document.forms[0].submit()"><FORM METHOD="POST" ACTION="${action}">${inputs}</FORM></BODY></HTML>`;
  }

  function answeringFetch(params: Record<string, string>, action = `${environment.baseUrl}?scope=silent-check-sso`) {
    const asked: { url: string; init?: RequestInit }[] = [];
    const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push({ url: String(input), init });
      const state = new URL(String(input)).searchParams.get("state") ?? "";
      return new Response(formPostPage(action, { state, session_state: "s1", ...params }), {
        headers: { "content-type": "text/html" },
      });
    });
    return { fetchImpl, asked };
  }

  const token = (claims: Record<string, unknown>) =>
    `e30.${btoa(JSON.stringify({ exp: Date.now() / 1000 + 300, ...claims })).replace(/=+$/, "")}.sig`;

  it("asks without a prompt for a form_post answer naming the tiny page", async () => {
    const { fetchImpl, asked } = answeringFetch({ code: "c1" });
    const callback = await checkSsoByFetch(environment, keycloak(), fetchImpl);
    expect(callback).toContain("code=c1");
    const request = new URL(asked[0]!.url);
    expect(request.origin + request.pathname).toBe(`${endpoints}/auth`);
    expect(request.searchParams.get("prompt")).toBe("none");
    expect(request.searchParams.get("response_mode")).toBe("form_post");
    expect(request.searchParams.get("code_challenge_method")).toBe("S256");
    expect(request.searchParams.get("redirect_uri")).toBe(`${environment.baseUrl}?scope=silent-check-sso`);
    expect(asked[0]!.init?.headers).toEqual({ Accept: "text/html" });
  });

  it("gives up, leaving the check to the frame, when the request fails or the answer is not the form", async () => {
    const offline = vi.fn(async () => Promise.reject(new TypeError("Failed to fetch")));
    expect(await checkSsoByFetch(environment, keycloak(), offline)).toBeUndefined();
    const redirected = vi.fn(async () => ({ ok: true, redirected: true, text: async () => "" }) as unknown as Response);
    expect(await checkSsoByFetch(environment, keycloak(), redirected)).toBeUndefined();
    const failed = vi.fn(async () => new Response("<html><form method=post></form></html>", { status: 400 }));
    expect(await checkSsoByFetch(environment, keycloak(), failed)).toBeUndefined();
    const elsewhere = answeringFetch({ code: "c1" }, "http://evil.test/realms/demo/account/?scope=silent-check-sso");
    expect(await checkSsoByFetch(environment, keycloak(), elsewhere.fetchImpl)).toBeUndefined();
  });

  it("reads the answer only from one form that posts back to the tiny page, with a state and a code or an error", () => {
    const back = `${environment.baseUrl}?scope=silent-check-sso`;
    const answer = formPostAnswer(
      formPostPage(back, { state: "s", code: "c&amp;1", iss: "http://kc.test/realms/a&#39;b&#x2F;c", other: "x" }),
      back,
    );
    expect(answer && Object.fromEntries(new URL(answer).searchParams)).toEqual({
      scope: "silent-check-sso",
      state: "s",
      code: "c&1",
      iss: "http://kc.test/realms/a'b/c",
    });
    const refused = formPostAnswer(formPostPage(back, { state: "s", error: "login_required" }), back);
    expect(refused && new URL(refused).searchParams.get("error")).toBe("login_required");
    expect(formPostAnswer(formPostPage(back, { code: "c" }), back)).toBeUndefined();
    expect(formPostAnswer(formPostPage(back, { state: "s", code: "c" }).repeat(2), back)).toBeUndefined();
    expect(formPostAnswer(formPostPage("not a url", { state: "s", code: "c" }), back)).toBeUndefined();
    expect(formPostAnswer("<p>Something went wrong</p>", back)).toBeUndefined();
    const getForm = formPostPage(back, { state: "s", code: "c" }).replace('METHOD="POST"', 'METHOD="GET"');
    expect(formPostAnswer(getForm, back)).toBeUndefined();
  });

  it("hands the code to keycloak-js, which redeems it with the first instance's PKCE verifier and nonce", async () => {
    const { fetchImpl, asked } = answeringFetch({ code: "c1" });
    const redeemed: URLSearchParams[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        redeemed.push(new URLSearchParams(String(init?.body)));
        const nonce = new URL(asked[0]!.url).searchParams.get("nonce");
        const body = { access_token: token({ sub: "u1" }), refresh_token: token({}), id_token: token({ nonce }) };
        return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
      }),
    );
    window.history.replaceState(null, "", "/realms/demo/account/account-security?tab=1");

    const auth = await startAuth(environment, keycloak(), () => checkSsoByFetch(environment, keycloak(), fetchImpl));

    expect(auth.claims().nonce).toBe(new URL(asked[0]!.url).searchParams.get("nonce"));
    expect(redeemed).toHaveLength(1);
    expect(redeemed[0]!.get("code")).toBe("c1");
    expect(redeemed[0]!.get("redirect_uri")).toBe(`${environment.baseUrl}?scope=silent-check-sso`);
    const verifier = new TextEncoder().encode(redeemed[0]!.get("code_verifier") ?? "");
    const challenge = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", verifier))))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect(new URL(asked[0]!.url).searchParams.get("code_challenge")).toBe(challenge);
    // The address is the page's own again.
    expect(window.location.pathname + window.location.search).toBe("/realms/demo/account/account-security?tab=1");
  });

  it("leaves a login's own callback to keycloak-js, without a check", async () => {
    window.history.replaceState(null, "", "/realms/demo/account/?state=s&code=c");
    const check = vi.fn(async () => undefined);
    const fake = fakeKeycloak();
    await startAuth(environment, fake as unknown as Keycloak, check);
    expect(check).not.toHaveBeenCalled();
  });

  it("adds only the answer's parameters to the address", () => {
    expect(
      withCallback(
        "http://kc.test/realms/demo/account/groups?x=1#top",
        "http://kc.test/realms/demo/account/?scope=silent-check-sso&state=s&error=login_required",
      ),
    ).toBe("http://kc.test/realms/demo/account/groups?x=1&error=login_required&state=s#top");
  });

  it("takes a code that came without a state (Keycloak 26.1 and 26.2 redirect the page itself) out of the address", () => {
    expect(
      withoutForeignCode("http://kc.test/realms/demo/account?referrer=shop&session_state=s&iss=i&code=c#top"),
    ).toBe("http://kc.test/realms/demo/account?referrer=shop#top");
    const ours = "http://kc.test/realms/demo/account/?state=s&code=c&session_state=x";
    expect(withoutForeignCode(ours)).toBe(ours);
    expect(withoutForeignCode("http://kc.test/realms/demo/account/?error=access_denied")).toBe(
      "http://kc.test/realms/demo/account/?error=access_denied",
    );
  });

  it("cleans such an address before sign-in has finished, and still checks the session", async () => {
    window.history.replaceState(null, "", "/realms/demo/account/groups?referrer=shop&session_state=s&iss=i&code=c");
    const check = vi.fn(async () => undefined);
    const fake = fakeKeycloak();
    const signIn = startAuth(environment, fake as unknown as Keycloak, check);
    expect(window.location.pathname + window.location.search).toBe("/realms/demo/account/groups?referrer=shop");
    await signIn;
    expect(check).toHaveBeenCalledTimes(1);
  });
});
