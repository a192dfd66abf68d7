import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, onTestFinished } from "vitest";
import type { AccountEvent } from "../../../api/extension";
import { formatDateTime } from "../../../i18n/format";
import { testI18n } from "../../../testing/i18n";
import { renderPage, type StubRoute } from "../../../testing/renderPage";

const PAGE = "account-security/account-activity";
const PROBE = "/realms/demo/account-console-extension/";
const EVENTS = "/realms/demo/account-console-extension/events";

const probe = (features: Record<string, unknown> = {}): StubRoute => ({
  path: PROBE,
  body: { accountActivity: true, defaultSecondFactor: true, eventsEnabled: true, ...features },
});

const event = (type: string, extra: Partial<AccountEvent> = {}): AccountEvent => ({
  time: Date.UTC(2026, 10, 20, 9, 30),
  type,
  credentialType: null,
  ipAddress: "192.0.2.7",
  clientId: "account-console",
  error: null,
  change: null,
  place: null,
  ...extra,
});

const page = (events: AccountEvent[], extra: Record<string, unknown> = {}) => ({
  eventsEnabled: true,
  first: 0,
  max: 20,
  hasMore: false,
  events,
  ...extra,
});

/** The URLs the page asked the extension for, with their query. */
const eventCalls = (fetchStub: ReturnType<typeof renderPage>["fetchStub"]) =>
  fetchStub.mock.calls.map(([input]) => new URL(String(input))).filter((url) => url.pathname === EVENTS);

describe("account activity", () => {
  it("shows each event's approximate place in the user's language, and the database's attribution", async () => {
    await testI18n.changeLanguage("de");
    onTestFinished(async () => {
      await testI18n.changeLanguage("en");
    });
    renderPage(PAGE, {
      routes: [
        probe({ places: true, placesAttribution: "Places by someone" }),
        {
          path: EVENTS,
          body: page([
            event("LOGIN", {
              ipAddress: "81.2.69.142",
              place: { city: "Bracknell", region: "England", country: "GB" },
            }),
            event("LOGIN_ERROR", { ipAddress: "10.0.0.8", error: "invalid_user_credentials" }),
          ]),
        },
      ],
    });
    const rows = await screen.findAllByTestId("activity-event");
    expect(within(rows[0]!).getByTestId("event-place")).toHaveTextContent(
      "Ungefährer OrtBracknell, England, Vereinigtes Königreich",
    );
    // A private address has no place, and the row says nothing about one.
    expect(within(rows[1]!).queryByTestId("event-place")).toBeNull();
    expect(screen.getByTestId("places-attribution")).toHaveTextContent("Places by someone");
  });

  it("shows no place and no attribution where the server has no places database", async () => {
    renderPage(PAGE, { routes: [probe(), { path: EVENTS, body: page([event("LOGIN")]) }] });
    const rows = await screen.findAllByTestId("activity-event");
    expect(within(rows[0]!).getByText("192.0.2.7")).toBeVisible();
    expect(within(rows[0]!).queryByText("Approximate location")).toBeNull();
    expect(screen.queryByTestId("places-attribution")).toBeNull();
  });

  it("lists the user's events newest first, in our words, with time, IP address, client and a failure's reason", async () => {
    const { fetchStub } = renderPage(PAGE, {
      routes: [
        probe(),
        {
          path: EVENTS,
          body: page([
            event("LOGIN_ERROR", { error: "invalid_user_credentials", time: Date.UTC(2026, 10, 20, 10, 0) }),
            event("UPDATE_CREDENTIAL", { credentialType: "otp", clientId: "travel-app" }),
            // The extension's own record of a new default: no credential was added.
            event("UPDATE_CREDENTIAL", { credentialType: "webauthn", change: "default_second_factor" }),
            event("LOGIN", { clientId: null, ipAddress: null }),
            event("SOMETHING_NEW", { error: "odd_code" }),
            event("REMOVE_CREDENTIAL", { credentialType: "account-console-app-password" }),
          ]),
        },
      ],
    });
    const rows = await screen.findAllByTestId("activity-event");
    expect(screen.getByTestId("page-heading")).toHaveTextContent("Account activity");
    expect(screen.getByRole("list", { name: "Recent activity" })).toContainElement(rows[0]!);
    expect(rows.map((row) => row.querySelector(".activity-title")?.textContent)).toEqual([
      "Sign-in failed",
      "Authenticator app added",
      "Default second factor changed",
      "Signed in",
      "SOMETHING_NEW",
      "App password revoked",
    ]);
    const failed = rows[0]!;
    expect(failed).toHaveTextContent(formatDateTime(new Date(Date.UTC(2026, 10, 20, 10, 0)), "en"));
    expect(within(failed).getByText("192.0.2.7")).toBeVisible();
    expect(within(failed).getByText("Account Console")).toBeVisible();
    expect(within(failed).getByText("Wrong password or code")).toBeVisible();
    expect(rows[1]).toHaveTextContent("travel-app");
    expect(within(rows[3]!).queryByText("IP address")).toBeNull();
    // A code we have no words for is shown as Keycloak wrote it.
    expect(rows[4]).toHaveTextContent("odd_code");
    expect(screen.queryByTestId("activity-newer")).toBeNull();
    expect(eventCalls(fetchStub).map((url) => url.search)).toEqual(["?first=0&max=20"]);
  });

  it("pages through older and newer events by the server's hasMore", async () => {
    const { fetchStub } = renderPage(PAGE, {
      routes: [
        probe(),
        { path: EVENTS, body: page([event("LOGIN")], { hasMore: true }) },
        // The stub answers by path only: the second page is told apart by the query, below.
      ],
    });
    await screen.findAllByTestId("activity-event");
    expect(screen.getByTestId("activity-newer")).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByText("Page 1")).toBeVisible();

    // The next answer is the last page.
    fetchStub.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify(page([event("LOGOUT")], { first: 20 })), {
          headers: { "content-type": "application/json" },
        }),
    );
    await userEvent.click(screen.getByTestId("activity-older"));
    expect(await screen.findByText("Signed out")).toBeVisible();
    expect(screen.getByText("Page 2")).toBeVisible();
    expect(screen.getByTestId("activity-older")).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByTestId("activity-newer")).not.toHaveAttribute("aria-disabled", "true");
    expect(eventCalls(fetchStub).at(-1)?.search).toBe("?first=20&max=20");

    await userEvent.click(screen.getByTestId("activity-newer"));
    expect(await screen.findByText("Signed in")).toBeVisible();
    expect(eventCalls(fetchStub).at(-1)?.search).toBe("?first=0&max=20");
  });

  it("says there is no activity yet when the list is empty", async () => {
    renderPage(PAGE, { routes: [probe(), { path: EVENTS, body: page([]) }] });
    expect(await screen.findByTestId("activity-empty")).toHaveTextContent("No activity yet");
    expect(screen.queryByTestId("activity-event")).toBeNull();
  });

  it("says in one sentence that the realm keeps no activity, with no list, no empty state and no error", async () => {
    renderPage(PAGE, {
      routes: [probe({ eventsEnabled: false }), { path: EVENTS, body: page([], { eventsEnabled: false }) }],
    });
    expect(await screen.findByTestId("activity-events-off")).toHaveTextContent(
      "This realm does not keep a record of account activity",
    );
    expect(screen.queryByTestId("activity-empty")).toBeNull();
    expect(screen.queryByRole("list", { name: "Recent activity" })).toBeNull();
    expect(screen.queryByTestId("activity-refresh")).toBeNull();
    expect(screen.queryByTestId("error-dialog")).toBeNull();
  });

  it.each([
    ["the extension is not installed (404)", [] as StubRoute[]],
    ["an admin switched the page off", [probe({ accountActivity: false })]],
  ])("a direct visit when %s shows that it is not available, not an error", async (_case, routes) => {
    renderPage(PAGE, { routes });
    expect(await screen.findByTestId("activity-unavailable")).toHaveTextContent("Account activity is not available");
    expect(screen.queryByTestId("error-dialog")).toBeNull();
    expect(screen.queryByTestId("activity-event")).toBeNull();
  });

  it("a failed first load is the error dialog with the server's reason", async () => {
    renderPage(PAGE, { routes: [probe(), { path: EVENTS, status: 500, body: { error: "the event store is down" } }] });
    const dialog = await screen.findByRole("dialog", { name: /Something went wrong/ });
    expect(within(dialog).getByTestId("error-message")).toHaveTextContent("the event store is down");
  });

  it("a failed page change says so in place and can try again", async () => {
    const { fetchStub } = renderPage(PAGE, {
      routes: [probe(), { path: EVENTS, body: page([event("LOGIN")], { hasMore: true }) }],
    });
    await screen.findAllByTestId("activity-event");
    fetchStub.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ error: "busy" }), {
          status: 503,
          headers: { "content-type": "application/json" },
        }),
    );
    await userEvent.click(screen.getByTestId("activity-older"));
    const error = await screen.findByTestId("load-error");
    expect(error).toHaveTextContent("busy");
    await userEvent.click(within(error).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Signed in")).toBeVisible();
  });

  it("a 401 ends the session as on every other page", async () => {
    renderPage(PAGE, { routes: [probe(), { path: EVENTS, status: 401, body: { error: "HTTP 401 Unauthorized" } }] });
    expect(await screen.findByRole("dialog", { name: /Your session has ended/ })).toBeInTheDocument();
  });
});
