import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { DeviceRepresentation } from "../../../api/representations";
import { renderPage } from "../../../testing/renderPage";

const devices: DeviceRepresentation[] = [
  {
    id: "d2",
    os: "Windows",
    osVersion: "10",
    browser: "Edge/120",
    mobile: false,
    sessions: [
      { id: "s3", browser: "Edge/120", ipAddress: "10.0.0.3", started: 1, lastAccess: 2, expires: 3, clients: [] },
    ],
  },
  {
    id: "d1",
    current: true,
    os: "Android",
    browser: "Chrome/130",
    mobile: true,
    sessions: [
      { id: "s1", browser: "Chrome/130", clients: [{ clientId: "shop", clientName: "Web Shop" }] },
      { id: "s2", current: true, browser: "Chrome/130", clients: [{ clientId: "account-console" }] },
    ],
  },
];

const PROBE = "/realms/demo/account-console-extension/";
const PLACES = "/realms/demo/account-console-extension/places/sessions";

describe("device activity", () => {
  it("shows a session's approximate place beside its address, and the database's attribution", async () => {
    renderPage("account-security/device-activity", {
      routes: [
        { path: "/sessions/devices", body: devices },
        { path: PROBE, body: { places: true, placesAttribution: "Places by someone" } },
        { path: PLACES, body: { sessions: { s3: { city: "Bracknell", region: "England", country: "GB" } } } },
      ],
    });
    const rows = await screen.findAllByTestId(/^row-/);
    expect(within(rows[2]!).getByTestId("session-place")).toHaveTextContent(
      "Approximate locationBracknell, England, United Kingdom",
    );
    expect(within(rows[0]!).queryByTestId("session-place")).toBeNull();
    expect(screen.getByTestId("places-attribution")).toHaveTextContent("Places by someone");
  });

  it("shows the page as before when the places cannot be read", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    renderPage("account-security/device-activity", {
      routes: [
        { path: "/sessions/devices", body: devices },
        { path: PROBE, body: { places: true, placesAttribution: "Places by someone" } },
        { path: PLACES, status: 500, body: { error: "down" } },
      ],
    });
    const rows = await screen.findAllByTestId(/^row-/);
    expect(rows[2]).toHaveTextContent("10.0.0.3");
    expect(screen.queryByTestId("session-place")).toBeNull();
    expect(screen.queryByTestId("places-attribution")).toBeNull();
    expect(warn).toHaveBeenCalledWith("Sign-in places could not be read.", expect.anything());
  });

  it("shows the current device and session first, marked, without a sign-out of their own", async () => {
    renderPage("account-security/device-activity", { routes: [{ path: "/sessions/devices", body: devices }] });
    const rows = await screen.findAllByTestId(/^row-/);
    expect(rows.map((row) => row.getAttribute("data-testid"))).toEqual(["row-0", "row-1", "row-0"]);
    expect(rows[0]).toHaveTextContent("Current session");
    expect(rows[0]).toHaveTextContent("Android / Chrome/130");
    expect(within(rows[0]!).queryByRole("button", { name: "Sign out" })).toBeNull();
    expect(rows[1]).toHaveTextContent("Web Shop");
    expect(rows[2]).toHaveTextContent("Windows 10 / Edge/120");
    expect(screen.getByRole("button", { name: "Sign out all devices" })).toBeInTheDocument();
  });

  it("reports a failed sign-out as an error, never as success", async () => {
    renderPage("account-security/device-activity", {
      routes: [
        { path: "/sessions/devices", body: devices },
        { method: "DELETE", path: "/sessions/s3", status: 403, body: { error: "access_denied" } },
      ],
    });
    const rows = await screen.findAllByTestId(/^row-/);
    await userEvent.click(within(rows[2]!).getByRole("button", { name: "Sign out" }));
    await userEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    expect(await screen.findByTestId("last-alert")).toHaveTextContent("Could not be signed out: Access denied");
    expect(screen.queryByText(/^Signed out/)).toBeNull();
  });

  it("signs out all devices, then ends the current session", async () => {
    const { auth } = renderPage("account-security/device-activity", {
      routes: [
        { path: "/sessions/devices", body: devices },
        { method: "DELETE", path: "/sessions", status: 204 },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Sign out all devices" }));
    await userEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(auth.logout).toHaveBeenCalledTimes(1));
  });

  it("does not sign the user out when the server refuses to end the other sessions", async () => {
    const { auth } = renderPage("account-security/device-activity", {
      routes: [
        { path: "/sessions/devices", body: devices },
        { method: "DELETE", path: "/sessions", status: 500, body: { error: "unknown_error" } },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Sign out all devices" }));
    await userEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    expect(await screen.findByTestId("last-alert")).toHaveTextContent("Could not be signed out");
    expect(auth.logout).not.toHaveBeenCalled();
  });

  it("shows many sessions twenty at a time, in the server's order", async () => {
    const many: DeviceRepresentation[] = [
      {
        id: "d1",
        current: true,
        os: "Linux",
        browser: "Firefox/140",
        sessions: Array.from({ length: 45 }, (_, i) => ({
          id: `s${i}`,
          current: i === 0,
          browser: "Firefox/140",
          ipAddress: `10.0.0.${i}`,
          clients: [],
        })),
      },
    ];
    renderPage("account-security/device-activity", { routes: [{ path: "/sessions/devices", body: many }] });
    // The rows a screen holds come first, the rest of the page right after.
    await waitFor(() => expect(screen.getAllByTestId(/^row-/)).toHaveLength(20));
    expect(screen.getAllByTestId(/^row-/)[0]).toHaveTextContent("Current session");

    const next = screen.getByRole("button", { name: "Go to next page" });
    await userEvent.click(next);
    await userEvent.click(next);
    const last = screen.getAllByTestId(/^row-/);
    expect(last.map((row) => row.getAttribute("data-testid"))).toEqual([
      "row-40",
      "row-41",
      "row-42",
      "row-43",
      "row-44",
    ]);
    expect(last[4]).toHaveTextContent("10.0.0.44");
  });
});
