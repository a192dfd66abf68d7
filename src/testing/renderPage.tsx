import { render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { RouterProvider } from "../lib/routing";
import { createMemoryRouter } from "../lib/routing";
import { vi } from "vitest";
import { createApiClient } from "../api/client";
import type { Auth } from "../auth/auth";
import { SessionEndedError, sessionEnd } from "../auth/sessionEnded";
import { FEATURE_FLAGS, type Environment } from "../environment/environment";
import { AppProviders } from "../app/App";
import { PAGES } from "../app/routing/pages";
import { pageRoute } from "../app/routing/routes";
import { testI18n } from "./i18n";

/**
 * The first find after a render: it waits for the page's code (a cold import) and its data. It returns as soon as the
 * page is there; the bound is for a busy machine (a Keycloak starting beside the unit tests, other builds), where
 * 4 s ran out at a load around 30 on two cores.
 */
export const PAGE_LOAD = { timeout: 10_000 };

export const testEnvironment: Environment = {
  serverBaseUrl: "http://kc.test",
  realm: "demo",
  clientId: "account-console",
  resourceUrl: "http://kc.test/resources/x/account/theme",
  logo: "",
  logoUrl: "",
  baseUrl: "http://kc.test/realms/demo/account/",
  locale: "en",
  referrerName: "",
  referrerUrl: "",
  scope: "",
  darkMode: false,
  features: Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true])) as Environment["features"],
};

/**
 * A route of the stubbed server: method + path (under /realms/demo/account, or a whole path for other endpoints such
 * as the console extension's) → status and JSON body.
 */
export type StubRoute = {
  method?: string;
  path: string | RegExp;
  status?: number;
  body?: unknown;
  /** The request never reaches the server: fetch rejects as a browser does offline ("Failed to fetch"). */
  network?: boolean;
};

/** fetch answering from `routes` (first match wins); unknown calls answer 404 so a test sees them fail. */
export function stubServer(routes: StubRoute[]) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    // Account REST paths without their prefix; the console extension's (`/realms/demo/account-console-extension/…`) whole.
    const path = url.pathname.replace(/^\/realms\/demo\/account(?=\/|$)/, "") || "/";
    const method = init?.method ?? "GET";
    const route = routes.find(
      (r) => (r.method ?? "GET") === method && (typeof r.path === "string" ? r.path === path : r.path.test(path)),
    );
    if (route?.network) throw new TypeError("Failed to fetch");
    const status = route?.status ?? (route ? 200 : 404);
    const body = route ? route.body : { error: `no stub for ${method} ${path}` };
    return new Response(body === undefined || status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
}

const aliceClaims = { sub: "alice-id", preferred_username: "alice", given_name: "Alice", family_name: "Liddell" };

export type FakeAuth = Auth & {
  startAction: ReturnType<typeof vi.fn>;
  reauthenticate: ReturnType<typeof vi.fn>;
  logout: ReturnType<typeof vi.fn>;
  login: ReturnType<typeof vi.fn>;
  /** Ends the session as a failed refresh would (the dialog opens, drafts are kept). */
  endSession(): void;
};

/**
 * An Auth for component tests: a live session of `claims` (Alice by default) until `endSession()`; a 401 from the
 * stubbed server confirms the end, as a failed refresh would on the real server.
 */
export function fakeAuth(claims: Record<string, unknown> = aliceClaims): FakeAuth {
  const { end: endSession, ended, onEnd } = sessionEnd();
  return {
    token: async () => {
      if (ended()) throw new SessionEndedError();
      return "token";
    },
    refresh: vi.fn(async () => undefined),
    claims: () => claims,
    logout: vi.fn(async () => undefined),
    login: vi.fn(async () => undefined),
    startAction: vi.fn(async () => undefined),
    reauthenticate: vi.fn(async () => undefined),
    subscribe: () => () => undefined,
    watchSession: () => () => undefined,
    confirmSessionEnded: async () => {
      endSession();
      return true;
    },
    sessionEnded: ended,
    onSessionEnd: onEnd,
    endSession,
  };
}

/**
 * Renders a page of the registry (by page id, as content.json names it) with its loader, in the app's provider tree,
 * against a stubbed server, in a data router where `/elsewhere` is another page. `search` is the address's query.
 * `alongside` is drawn in the same tree, beside the router: a witness of shared state (an answer the page also
 * reads) that a test can wait for. `fetch` answers instead of `routes`: a stateful fake server (FakeUmaServer).
 */
export function renderPage(
  pageId: string,
  {
    routes = [] as StubRoute[],
    environment = testEnvironment,
    auth = fakeAuth(),
    search = "",
    alongside = undefined as ReactNode,
    fetch = undefined as typeof globalThis.fetch | undefined,
  } = {},
) {
  const definition = PAGES[pageId];
  if (!definition) throw new Error(`No page "${pageId}" in the registry.`);
  const fetchStub = fetch ? vi.fn(fetch) : stubServer(routes);
  const api = createApiClient(environment, auth.token, fetchStub, { confirmSessionEnded: auth.confirmSessionEnded });
  const router = createMemoryRouter(
    [
      { path: "/", children: [pageRoute("", definition, { api, features: environment.features, menu: [] })] },
      { path: "/elsewhere", element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: [`/${search}`] },
  );
  const result = render(
    <AppProviders environment={environment} auth={auth} api={api} i18n={testI18n}>
      <RouterProvider router={router} />
      {alongside}
    </AppProviders>,
  );
  return { ...result, fetchStub, auth, api, router };
}

/** Renders a component (not a page) inside the app's providers, e.g. a piece of the shell. */
export function renderInApp(
  element: ReactElement,
  { environment = testEnvironment, auth = fakeAuth(), routes = [] as StubRoute[] } = {},
) {
  const api = createApiClient(environment, auth.token, stubServer(routes));
  const result = render(
    <AppProviders environment={environment} auth={auth} api={api} i18n={testI18n}>
      {element}
    </AppProviders>,
  );
  return { ...result, auth, api };
}
