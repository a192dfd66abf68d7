import { describe, expect, it } from "vitest";
import {
  checkLoaded,
  checkReadBack,
  codeFromRedirect,
  formAction,
  keepCookies,
  saveBody,
  startSignIn,
} from "../../load/processor.mjs";

/** What a check counted, and the error it ended the virtual user with (if any). */
function recorder() {
  const counted: Record<string, number> = {};
  const events = {
    emit: (type: string, name: string, value = 1) => {
      if (type === "counter") counted[name] = (counted[name] ?? 0) + value;
    },
  };
  let error: Error | undefined;
  const done = (failure?: Error) => {
    error = failure;
  };
  return { counted, events, done, error: () => error };
}

const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}) => ({
  statusCode,
  body: JSON.stringify(body),
  headers,
});

function signedInContext() {
  const context = { vars: { target: "http://localhost:8780" } as Record<string, unknown> };
  startSignIn(context, recorder().events, () => undefined);
  return context;
}

describe("the load test's checks (load/processor.mjs)", () => {
  it("hands each virtual user another load user and the console's PKCE pair", () => {
    const first = signedInContext().vars;
    const second = signedInContext().vars;
    expect(first.username).not.toBe(second.username);
    expect(first.redirectUri).toBe("http://localhost:8780/realms/load/account/");
    expect(first.challenge).not.toBe(first.verifier);
  });

  it("sends the login page's cookies, Secure ones included, with the form post", () => {
    const context = { vars: {} as Record<string, unknown> };
    const run = recorder();
    keepCookies(
      {},
      {
        statusCode: 200,
        body: "",
        headers: {
          "set-cookie": [
            "AUTH_SESSION_ID=abc.node1;Version=1;Path=/realms/load/;Secure;HttpOnly;SameSite=None",
            'KC_AUTH_SESSION_HASH="h/1";Version=1;Path=/realms/load/;Max-Age=60;Secure',
          ],
        },
      },
      context,
      run.events,
      run.done,
    );
    expect(context.vars.cookies).toBe('AUTH_SESSION_ID=abc.node1; KC_AUTH_SESSION_HASH="h/1"');
  });

  it("unescapes the form's action and takes the code from the redirect, or fails the sign-in", () => {
    const context = signedInContext();
    context.vars.loginAction = "http://localhost:8780/realms/load/login-actions/authenticate?a=1&amp;b=2";
    formAction(context, recorder().events, () => undefined);
    expect(context.vars.loginAction).toBe("http://localhost:8780/realms/load/login-actions/authenticate?a=1&b=2");

    context.vars.location = "http://localhost:8780/realms/load/account/?state=s&code=the-code";
    const good = recorder();
    codeFromRedirect(context, good.events, good.done);
    expect(good.error()).toBeUndefined();
    expect(context.vars.code).toBe("the-code");

    context.vars.location = undefined;
    const refused = recorder();
    codeFromRedirect(context, refused.events, refused.done);
    expect(refused.error()?.message).toMatch(/sign-in refused/);
  });

  it("counts another user's profile as a crossed answer, and its own as none", () => {
    const context = signedInContext();
    const own = recorder();
    const me = { username: context.vars.username, email: context.vars.email, lastName: "Load" };
    checkLoaded({}, json(200, me, { "x-served-by": "node1" }), context, own.events, own.done);
    expect(own.counted).toEqual({ "load.api_calls_by.node1": 1 });

    const other = recorder();
    checkLoaded({}, json(200, { ...me, username: "load-999" }), context, other.events, other.done);
    expect(other.counted["load.crossed"]).toBe(1);
  });

  it("saves a last name unique to user and round, and counts a read-back of anything else as crossed", () => {
    const context = signedInContext();
    const me = { username: context.vars.username, email: context.vars.email, lastName: "Load" };
    checkLoaded({}, json(200, { ...me, userProfileMetadata: {} }), context, recorder().events, () => undefined);
    const request: { json?: unknown } = {};
    saveBody(request, context, recorder().events, () => undefined);
    expect(request.json).toEqual({ ...me, lastName: `Load-${me.username}-round-0` });

    const same = recorder();
    checkReadBack({}, json(200, request.json), context, same.events, same.done);
    expect(same.counted["load.crossed"]).toBeUndefined();

    // The next round saves another name; reading back the previous one is a crossed answer.
    saveBody(request, context, recorder().events, () => undefined);
    const stale = recorder();
    checkReadBack({}, json(200, { ...me, lastName: `Load-${me.username}-round-0` }), context, stale.events, stale.done);
    expect(stale.counted["load.crossed"]).toBe(1);
  });

  it("ends the virtual user on a failed call", () => {
    const run = recorder();
    checkLoaded({}, json(503, "No server is available"), signedInContext(), run.events, run.done);
    expect(run.error()?.message).toBe("load: HTTP 503");
  });
});
