// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { fakeAuth } from "../testing/renderPage";
import type { Auth } from "./auth";
import { NO_CLAIMS, pendingAuth } from "./pendingAuth";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

describe("the session while sign-in runs", () => {
  it("has no claims until sign-in is done, then the session's, and tells its subscribers once", async () => {
    const signIn = deferred<Auth>();
    const auth = pendingAuth(signIn.promise);
    const heard = vi.fn();
    auth.subscribe(heard);
    expect(auth.claims()).toBe(NO_CLAIMS);
    expect(auth.claims()).toBe(auth.claims()); // the same object: useSyncExternalStore draws once
    expect(auth.sessionEnded()).toBe(false);

    const session = fakeAuth({ sub: "alice-id", given_name: "Alice" });
    const tokenAsked = vi.spyOn(session, "token");
    const call = auth.token().then(() => heard.mock.calls.length);
    signIn.resolve(session);
    // The call that waited for sign-in goes out before the subscribers hear (they draw, e.g. the header's name).
    expect(await call).toBe(0);
    expect(tokenAsked).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    expect(auth.claims()).toMatchObject({ given_name: "Alice" });
  });

  it("makes calls wait for sign-in and go to its session; a failed sign-in rejects them", async () => {
    const signIn = deferred<Auth>();
    const auth = pendingAuth(signIn.promise);
    const token = auth.token();
    const settled = vi.fn();
    void token.then(settled);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    signIn.resolve(fakeAuth());
    await expect(token).resolves.toBe("token");

    const failing = deferred<Auth>();
    const notSignedIn = pendingAuth(failing.promise);
    const call = notSignedIn.token();
    failing.reject(new Error("sign-in failed"));
    await expect(call).rejects.toThrow("sign-in failed");
  });

  it("starts session detection once signed in, and not at all when stopped before", async () => {
    const signIn = deferred<Auth>();
    const session = fakeAuth();
    const watch = vi.spyOn(session, "watchSession");
    const auth = pendingAuth(signIn.promise);
    const stopEarly = auth.watchSession();
    stopEarly();
    const stop = auth.watchSession();
    signIn.resolve(session);
    await signIn.promise;
    await Promise.resolve();
    expect(watch).toHaveBeenCalledTimes(1);
    stop();

    const ended = vi.fn();
    auth.onSessionEnd(ended);
    session.endSession();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(auth.sessionEnded()).toBe(true);
  });
});
