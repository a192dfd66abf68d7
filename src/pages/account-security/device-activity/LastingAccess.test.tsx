import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { OfflineSession } from "../../../api/offlineSessions";
import type { DeviceRepresentation } from "../../../api/representations";
import { PAGE_LOAD, renderPage, stubServer, type StubRoute } from "../../../testing/renderPage";

const PAGE = "account-security/device-activity";
const EXTENSION = "/realms/demo/account-console-extension/";
const LIST = `${EXTENSION}offline-sessions`;

const devices: DeviceRepresentation[] = [
  {
    id: "d1",
    os: "Linux",
    browser: "Firefox/128.0",
    current: true,
    mobile: false,
    sessions: [{ id: "s1", browser: "Firefox/128.0", current: true, clients: [] }],
  },
];

/** Keycloak's devices list and its list of online sessions, which here hold the same one session. */
const deviceRoutes: StubRoute[] = [
  { path: "/sessions/devices", body: devices },
  { path: "/sessions", body: devices.flatMap((device) => device.sessions ?? []) },
];

const probe = (offlineSessions: boolean): StubRoute => ({
  path: EXTENSION,
  body: { accountActivity: true, defaultSecondFactor: true, eventsEnabled: true, offlineSessions },
});

const offline = (id: string, changes: Partial<OfflineSession> = {}): OfflineSession => ({
  id,
  started: Date.UTC(2026, 0, 2, 9, 0),
  lastRefresh: Date.UTC(2026, 0, 3, 9, 0),
  ipAddress: "192.0.2.7",
  browser: null,
  os: null,
  osVersion: null,
  device: null,
  clients: [{ clientId: "cli", clientName: null }],
  ...changes,
});

const page = (sessions: OfflineSession[], hasMore = false) => ({ first: 0, max: 10, hasMore, sessions });

/**
 * A server holding `sessions` in the extension's order: pages by `first`/`max`, DELETE removes one (or answers
 * `deleteStatus`). The rest of the page's calls answer from `routes`.
 */
function offlineServer(sessions: OfflineSession[], routes: StubRoute[], deleteStatus = 204) {
  const held = [...sessions];
  const asked: string[] = [];
  const rest = stubServer(routes);
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname === LIST) {
      asked.push(url.search);
      const first = Number(url.searchParams.get("first"));
      const max = Number(url.searchParams.get("max"));
      const body = { first, max, hasMore: first + max < held.length, sessions: held.slice(first, first + max) };
      return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    }
    if (url.pathname.startsWith(`${LIST}/`) && init?.method === "DELETE") {
      asked.push(`DELETE ${decodeURIComponent(url.pathname.slice(LIST.length + 1))}`);
      if (deleteStatus !== 204) {
        const error = { error: "session_not_found", errorDescription: "You have no such offline session." };
        return new Response(JSON.stringify(error), {
          status: deleteStatus,
          headers: { "content-type": "application/json" },
        });
      }
      const index = held.findIndex((session) => `${LIST}/${session.id}` === url.pathname);
      if (index >= 0) held.splice(index, 1);
      return new Response(null, { status: 204 });
    }
    return rest(input, init);
  };
  return { fetch, asked, held, rest };
}

describe("lasting access on Device activity", () => {
  it("is not shown, nor asked for, where the extension does not offer it", async () => {
    const { fetchStub } = renderPage(PAGE, {
      routes: [probe(false), ...deviceRoutes],
    });
    expect(await screen.findAllByTestId(/^row-/, {}, PAGE_LOAD)).toHaveLength(1);
    await waitFor(() => expect(fetchStub.mock.calls.some(([url]) => String(url).endsWith(EXTENSION))).toBe(true));
    expect(screen.queryByRole("heading", { name: "Lasting access" })).toBeNull();
    expect(fetchStub.mock.calls.some(([url]) => String(url).includes("offline-sessions"))).toBe(false);
  });

  it("lists each offline session: its applications, device, IP address, start and last use", async () => {
    renderPage(PAGE, {
      routes: [
        probe(true),
        ...deviceRoutes,
        {
          path: LIST,
          body: page([
            offline("o1", {
              browser: "Chrome Mobile/130.0.0",
              os: "Android",
              osVersion: "14",
              device: "Pixel 8",
              clients: [
                { clientId: "garden", clientName: "Garden Planner" },
                { clientId: "tea", clientName: null },
              ],
            }),
            offline("o2", { ipAddress: null }),
          ]),
        },
      ],
    });
    const rows = await screen.findAllByTestId("lasting-access-row", {}, PAGE_LOAD);
    expect(screen.getByRole("heading", { name: "Lasting access" })).toBeVisible();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Garden Planner, tea");
    // Described as Device activity describes the same device (Keycloak's system, version and browser).
    expect(rows[0]).toHaveTextContent("Android 14 / Chrome Mobile/130.0.0");
    expect(rows[0]).toHaveTextContent("192.0.2.7");
    expect(rows[0]).toHaveTextContent("January 2, 2026");
    expect(rows[0]).toHaveTextContent("January 3, 2026");
    expect(rows[1]).toHaveTextContent("cli");
    expect(rows[1]).toHaveTextContent("Unknown device");
    expect(screen.queryByRole("navigation", { name: "Pages of lasting access" })).toBeNull();
  });

  it("describes a device in the same words as the signed-in devices above it", async () => {
    renderPage(PAGE, {
      routes: [
        probe(true),
        ...deviceRoutes,
        { path: LIST, body: page([offline("o1", { browser: "Firefox/128.0", os: "Linux" })]) },
      ],
    });
    const [row] = await screen.findAllByTestId("lasting-access-row", {}, PAGE_LOAD);
    // Once among the signed-in devices, once in the lasting access row: the same words.
    expect(screen.getAllByText("Linux / Firefox/128.0")).toHaveLength(2);
    expect(within(row!).getByText("Linux / Firefox/128.0")).toBeVisible();
  });

  it("says so when no application has lasting access", async () => {
    renderPage(PAGE, {
      routes: [probe(true), ...deviceRoutes, { path: LIST, body: page([]) }],
    });
    expect(await screen.findByTestId("lasting-access-empty", {}, PAGE_LOAD)).toHaveTextContent(
      "No application has lasting access to your account.",
    );
  });

  it("shows a load error with a retry, never an empty list, when the list cannot be read", async () => {
    renderPage(PAGE, {
      routes: [probe(true), ...deviceRoutes, { path: LIST, status: 500, body: { error: "unknown_error" } }],
    });
    const section = await screen.findByTestId("lasting-access", {}, PAGE_LOAD);
    expect(await within(section).findByTestId("load-error", {}, PAGE_LOAD)).toBeVisible();
    expect(within(section).queryByTestId("lasting-access-empty")).toBeNull();
  });

  it("ends one session after a confirmation, then shows the list without it", async () => {
    const server = offlineServer(
      [offline("o1", { clients: [{ clientId: "garden", clientName: "Garden Planner" }] }), offline("o2")],
      [probe(true), ...deviceRoutes],
    );
    renderPage(PAGE, { fetch: server.fetch });
    const rows = await screen.findAllByTestId("lasting-access-row", {}, PAGE_LOAD);
    await userEvent.click(within(rows[0]!).getByRole("button", { name: "End access" }));
    const dialog = await screen.findByRole("dialog", { name: "End the lasting access of Garden Planner?" });
    expect(dialog).toHaveTextContent("Garden Planner can no longer use your account without signing in again.");
    // Cancel changes nothing.
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(server.asked.filter((call) => call.startsWith("DELETE"))).toEqual([]);

    await userEvent.click(within(rows[0]!).getByRole("button", { name: "End access" }));
    const again = await screen.findByRole("dialog", { name: "End the lasting access of Garden Planner?" });
    await userEvent.click(within(again).getByRole("button", { name: "End access" }));
    expect(await screen.findByTestId("last-alert")).toHaveTextContent(
      "The lasting access of Garden Planner has ended.",
    );
    await waitFor(() => expect(screen.getAllByTestId("lasting-access-row")).toHaveLength(1));
    expect(screen.getByTestId("lasting-access-row")).toHaveTextContent("cli");
    expect(server.asked).toContain("DELETE o1");
  });

  it("reports a refused end as an error and keeps the session listed", async () => {
    const server = offlineServer([offline("o1")], [probe(true), ...deviceRoutes], 404);
    renderPage(PAGE, { fetch: server.fetch });
    const row = await screen.findByTestId("lasting-access-row", {}, PAGE_LOAD);
    await userEvent.click(within(row).getByRole("button", { name: "End access" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "End access" }));
    expect(await screen.findByTestId("last-alert")).toHaveTextContent(
      "The access was not ended: You have no such offline session.",
    );
    expect(screen.queryByText(/has ended/)).toBeNull();
    expect(screen.getByTestId("lasting-access-row")).toBeVisible();
  });

  it.each([
    {
      name: "sessions that kept changing (409)",
      status: 409,
      body: { error: "sessions_changed", errorDescription: "Your sessions changed while this was being done." },
      says: "An application was renewing its access at that very moment, so nothing was changed. Try again.",
    },
    {
      name: "Keycloak's unexpected failure (500)",
      status: 500,
      body: { error: "unknown_error", error_description: "For more on this error consult the server log." },
      says: "The server ran into an error and could not finish. Try again in a moment.",
    },
  ])("says plainly what happened after $name, never pointing at the server log", async ({ status, body, says }) => {
    renderPage(PAGE, {
      routes: [
        probe(true),
        ...deviceRoutes,
        { path: LIST, body: page([offline("o1")]) },
        { method: "DELETE", path: `${LIST}/o1`, status, body },
      ],
    });
    const row = await screen.findByTestId("lasting-access-row", {}, PAGE_LOAD);
    await userEvent.click(within(row).getByRole("button", { name: "End access" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "End access" }));
    const alert = (await screen.findByTestId("last-alert")).closest(".pf-v6-c-alert")!;
    expect(alert).toHaveTextContent(`The access was not ended: ${says}`);
    expect(alert).not.toHaveTextContent(/server log|unknown_error|sessions_changed/);
    expect(screen.getByTestId("lasting-access-row")).toBeVisible();
  });

  it("pages through many sessions by the server's hasMore, and back", async () => {
    const sessions = Array.from({ length: 12 }, (_, index) =>
      offline(`o${index}`, { clients: [{ clientId: `app-${index}`, clientName: null }] }),
    );
    const server = offlineServer(sessions, [probe(true), ...deviceRoutes]);
    renderPage(PAGE, { fetch: server.fetch });
    expect(await screen.findAllByTestId("lasting-access-row", {}, PAGE_LOAD)).toHaveLength(10);
    const pages = screen.getByRole("navigation", { name: "Pages of lasting access" });
    expect(pages).toHaveTextContent("Page 1");
    await userEvent.click(within(pages).getByRole("button", { name: "Older" }));
    await waitFor(() => expect(screen.getAllByTestId("lasting-access-row")).toHaveLength(2));
    expect(screen.getAllByTestId("lasting-access-row")[0]).toHaveTextContent("app-10");
    expect(pages).toHaveTextContent("Page 2");
    expect(within(pages).getByRole("button", { name: "Older" })).toHaveAttribute("aria-disabled", "true");
    expect(server.asked).toEqual(["?first=0&max=10", "?first=10&max=10"]);

    // Ending one on the second page reads that page again; ending its last one goes back to the first.
    const end = async (row: HTMLElement) => {
      await userEvent.click(within(row).getByRole("button", { name: "End access" }));
      await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "End access" }));
    };
    await end(screen.getAllByTestId("lasting-access-row")[1]!);
    await waitFor(() => expect(screen.getAllByTestId("lasting-access-row")).toHaveLength(1));
    expect(screen.getByTestId("lasting-access-row")).toHaveTextContent("app-10");
    await end(screen.getByTestId("lasting-access-row"));
    await waitFor(() => expect(screen.getAllByTestId("lasting-access-row")).toHaveLength(10));
    // Ten sessions fit one page: no pages to choose from.
    expect(screen.queryByRole("navigation", { name: "Pages of lasting access" })).toBeNull();
    expect(server.held).toHaveLength(10);
  });
});

describe("one grant, one place", () => {
  const phone: DeviceRepresentation = {
    id: "d2",
    os: "Android",
    browser: "Chrome/130",
    mobile: true,
    sessions: [{ id: "o1", browser: "Chrome/130", clients: [{ clientId: "garden", clientName: "Garden Planner" }] }],
  };
  const laptop: DeviceRepresentation = {
    id: "d3",
    os: "Windows",
    browser: "Edge/120",
    sessions: [{ id: "s3", browser: "Edge/120", clients: [{ clientId: "tea", clientName: "Tea Room" }] }],
  };
  // Keycloak's devices list holds online and offline sessions alike; its sessions list only the online ones. The
  // console's own session also has an offline twin (an application took an offline token through it) with another
  // application in it.
  const routes: StubRoute[] = [
    probe(true),
    {
      path: "/sessions/devices",
      body: [
        {
          ...devices[0]!,
          sessions: [
            ...devices[0]!.sessions!,
            { id: "s1", browser: "Firefox/128.0", clients: [{ clientId: "sync", clientName: "Sync" }] },
          ],
        },
        phone,
        laptop,
      ],
    },
    { path: "/sessions", body: [...devices[0]!.sessions!, ...laptop.sessions!] },
    { method: "DELETE", path: "/sessions/s3", status: 204 },
  ];
  const held = [
    offline("o1", { clients: [{ clientId: "garden", clientName: "Garden Planner" }] }),
    offline("s1", { clients: [{ clientId: "sync", clientName: "Sync" }] }),
  ];

  it("lists an application's offline session under Lasting access only, never among the signed-in devices", async () => {
    renderPage(PAGE, { fetch: offlineServer(held, routes).fetch });
    const access = await screen.findAllByTestId("lasting-access-row", {}, PAGE_LOAD);
    expect(access.map((row) => within(row).getByText(/Garden Planner|Sync/).textContent)).toEqual([
      "Garden Planner",
      "Sync",
    ]);
    const devicesShown = screen.getAllByTestId(/^row-/);
    expect(devicesShown).toHaveLength(2);
    expect(devicesShown[0]).toHaveTextContent("Current session");
    expect(devicesShown[0]).not.toHaveTextContent("Sync");
    expect(devicesShown[1]).toHaveTextContent("Tea Room");
    expect(screen.queryByText("Android / Chrome/130")).toBeNull();
    expect(screen.getAllByRole("button", { name: "Sign out" })).toHaveLength(1);
  });

  it("ending lasting access reads the devices again; signing a device out reads lasting access again", async () => {
    const server = offlineServer(held, routes);
    renderPage(PAGE, { fetch: server.fetch });
    const devicesAsked = () =>
      server.rest.mock.calls.filter(([url]) => new URL(String(url)).pathname.endsWith("/sessions/devices")).length;
    const access = await screen.findAllByTestId("lasting-access-row", {}, PAGE_LOAD);
    expect(devicesAsked()).toBe(1);

    await userEvent.click(within(access[0]!).getByRole("button", { name: "End access" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "End access" }));
    await waitFor(() => expect(screen.getAllByTestId("lasting-access-row")).toHaveLength(1));
    await waitFor(() => expect(devicesAsked()).toBe(2));

    const listed = server.asked.filter((call) => call.startsWith("?")).length;
    await userEvent.click(screen.getByRole("button", { name: "Sign out" }));
    await userEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    expect(await screen.findByTestId("last-alert")).toHaveTextContent("Signed out");
    await waitFor(() => expect(server.asked.filter((call) => call.startsWith("?")).length).toBe(listed + 1));
  });
});
