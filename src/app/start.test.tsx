import { act, screen, waitFor } from "@testing-library/react";
import type { Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Auth } from "../auth/auth";
import { pageWidth } from "../testing/pageWidth";
import { fakeAuth, stubServer, testEnvironment } from "../testing/renderPage";
import { aliceWithProfile } from "../testing/users";
import { PAGES } from "./routing/pages";
import { start } from "./start";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

const profile = aliceWithProfile();
const texts = { personalInfo: "Personal info", spinnerLoading: "Loading", fullName: "{{givenName}} {{familyName}}" };

/** The server: the theme's menu, the extension's texts and the profile; `held` keeps the texts back until resolved. */
function serve(held?: Promise<void>) {
  const server = stubServer([
    { path: "/resources/x/account/theme/content.json", body: [{ label: "personalInfo", path: "" }] },
    { path: "/realms/demo/account-console-extension/messages/en", body: texts },
    { path: "/", body: profile },
    { path: "/supportedLocales", body: [] },
  ]);
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (held && String(input).includes("/messages/")) await held;
    return server(input, init);
  });
  vi.stubGlobal("fetch", fetchStub);
  return fetchStub;
}

/** The apps the current test started: each is unmounted after the test, so none draws or asks on into the next. */
const roots: Root[] = [];
const startApp = (...args: Parameters<typeof start>) =>
  start(...args).then((root) => {
    roots.push(root);
    return root;
  });

const asked = (fetchStub: ReturnType<typeof serve>) =>
  fetchStub.mock.calls.map(([url, init]) => ({
    path: new URL(String(url)).pathname,
    token: new Headers(init?.headers).has("authorization"),
  }));

describe("start-up", () => {
  // The entry starts the first page's code before the app runs (preloadPage in src/main.tsx): loaded here once, up
  // front, so that no test's wait for the fields includes compiling that page.
  beforeAll(() => PAGES[""]!.preload());
  beforeEach(() => {
    // A desktop, whose sidebar is open: its links are there to find.
    pageWidth(1280);
    document.body.innerHTML = '<div id="app"></div>';
    window.history.replaceState(null, "", "/realms/demo/account/");
  });
  afterEach(() => {
    act(() => roots.splice(0).forEach((root) => root.unmount()));
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
  });

  it("draws the shell and the page's skeleton while sign-in runs, and the page's fields once it is done", async () => {
    const fetchStub = serve();
    const signIn = deferred<Auth>();
    await act(() => startApp(testEnvironment, signIn.promise));

    expect(await screen.findByTestId("page-skeleton")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Personal info" })).toBeInTheDocument();
    expect(screen.getByTestId("nav-toggle")).toBeInTheDocument();
    // The texts and the menu without a token; nothing that needs one yet.
    expect(asked(fetchStub)).toEqual(
      expect.arrayContaining([
        { path: "/realms/demo/account-console-extension/messages/en", token: false },
        { path: "/resources/x/account/theme/content.json", token: false },
      ]),
    );
    expect(asked(fetchStub)).toHaveLength(2);

    await act(async () => signIn.resolve(fakeAuth()));
    expect(await screen.findByTestId("email")).toHaveValue("alice@example.org");
    expect(screen.queryByTestId("page-skeleton")).toBeNull();
    expect(asked(fetchStub)).toContainEqual({ path: "/realms/demo/account/", token: true });
  });

  it("shows the error dialog when sign-in fails after the shell is drawn", async () => {
    serve();
    const signIn = deferred<Auth>();
    await act(() => startApp(testEnvironment, signIn.promise));
    await screen.findByTestId("page-skeleton");
    await act(async () => signIn.reject(new Error("Keycloak is away")));
    expect(await screen.findByRole("dialog")).toHaveTextContent("Keycloak is away");
    expect(screen.queryByTestId("page-skeleton")).toBeNull();
  });

  it("keeps the error dialog of a failed sign-in when the texts come after it", async () => {
    const textsHeld = deferred<void>();
    serve(textsHeld.promise);
    const signIn = deferred<Auth>();
    signIn.reject(new Error("Keycloak is away"));
    const started = startApp(testEnvironment, signIn.promise);
    textsHeld.resolve();
    await act(() => started);
    expect(await screen.findByRole("dialog")).toHaveTextContent("Keycloak is away");
    await waitFor(() => expect(screen.queryByTestId("page-skeleton")).toBeNull());
    expect(screen.queryByTestId("nav-toggle")).toBeNull();
  });

  it("asks for the menu and the texts as index.ftl preloads them: bare requests, so the preloaded answers are taken", async () => {
    const fetchStub = serve();
    await act(() => startApp(testEnvironment, deferred<Auth>().promise));
    expect(await screen.findByRole("link", { name: "Personal info" })).toBeInTheDocument();
    const startUp = fetchStub.mock.calls.map(([url, init]) => ({ path: new URL(String(url)).pathname, init }));
    expect(startUp).toHaveLength(2);
    expect(startUp).toEqual(
      expect.arrayContaining([
        { path: "/realms/demo/account-console-extension/messages/en", init: undefined },
        { path: "/resources/x/account/theme/content.json", init: undefined },
      ]),
    );
  });

  it("asks for the profile once, from personal info's loader, once sign-in has the token", async () => {
    const fetchStub = serve();
    const signIn = deferred<Auth>();
    await act(() => startApp(testEnvironment, signIn.promise));
    await screen.findByTestId("page-skeleton");
    // The profile with its user-profile metadata, as the page's loader asks for it (after the first screen the security
    // checkup's count reads the account's own fields, without the metadata).
    const profileCalls = () =>
      asked(fetchStub).filter(
        (call, index) =>
          call.path === "/realms/demo/account/" &&
          new URL(String(fetchStub.mock.calls[index]![0])).searchParams.get("userProfileMetadata") === "true",
      );
    expect(profileCalls()).toEqual([]);

    await act(async () => signIn.resolve(fakeAuth()));
    expect(await screen.findByTestId("email")).toHaveValue("alice@example.org");
    expect(profileCalls()).toEqual([{ path: "/realms/demo/account/", token: true }]);
  });
});
