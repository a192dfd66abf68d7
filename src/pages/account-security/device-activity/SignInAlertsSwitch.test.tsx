import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { DeviceRepresentation } from "../../../api/representations";
import { useExtensionFeatures } from "../../../api/useExtensionFeatures";
import { renderPage, type StubRoute } from "../../../testing/renderPage";

const PAGE = "account-security/device-activity";
const EXTENSION = "/realms/demo/account-console-extension/";
const SWITCH = "Email me when my account is used on a new device";

const devices: DeviceRepresentation[] = [
  {
    id: "d1",
    ipAddress: "192.0.2.1",
    os: "Linux",
    osVersion: "",
    browser: "Firefox/128.0",
    device: "Other",
    lastAccess: 1_760_000_000,
    current: true,
    mobile: false,
    sessions: [
      {
        id: "s1",
        ipAddress: "192.0.2.1",
        started: 1_760_000_000,
        lastAccess: 1_760_000_000,
        expires: 1_760_036_000,
        browser: "Firefox/128.0",
        current: true,
        clients: [],
      },
    ],
  },
];

const probe = (signInAlerts: boolean): StubRoute => ({
  path: EXTENSION,
  body: { accountActivity: true, defaultSecondFactor: true, eventsEnabled: true, signInAlerts },
});
const choice = (enabled: boolean): StubRoute => ({
  path: `${EXTENSION}sign-in-alerts`,
  body: { offered: true, enabled },
});

/** Draws the extension probe's answer once it has arrived, as the page's switch reads it. */
function ProbeAnswer() {
  const features = useExtensionFeatures();
  return features ? <p data-testid="probe-answer">sign-in alerts: {String(features.signInAlerts)}</p> : null;
}

describe("the sign-in alerts switch on Device activity", () => {
  it("shows the user's choice and saves a change through the extension", async () => {
    const { fetchStub } = renderPage(PAGE, {
      routes: [
        probe(true),
        choice(true),
        { method: "PUT", path: `${EXTENSION}sign-in-alerts`, body: { offered: true, enabled: false } },
        { path: "/sessions/devices", body: devices },
      ],
    });
    const toggle = await screen.findByRole("switch", { name: SWITCH });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText("You will no longer get emails about new devices.")).toBeVisible();
    expect(toggle).not.toBeChecked();
    const put = fetchStub.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ enabled: false });
  });

  it("keeps the old state and says so when saving fails", async () => {
    renderPage(PAGE, {
      routes: [
        probe(true),
        choice(true),
        {
          method: "PUT",
          path: `${EXTENSION}sign-in-alerts`,
          status: 500,
          body: { error: "server_error", errorDescription: "The server failed." },
        },
        { path: "/sessions/devices", body: devices },
      ],
    });
    const toggle = await screen.findByRole("switch", { name: SWITCH });
    await userEvent.click(toggle);
    expect(await screen.findByText(/Your choice about sign-in emails was not saved/)).toBeVisible();
    expect(toggle).toBeChecked();
    expect(screen.queryByText("You will no longer get emails about new devices.")).toBeNull();
  });

  it("is not there, and nothing is said, when the realm sends no alerts", async () => {
    const { fetchStub } = renderPage(PAGE, {
      routes: [probe(false), { path: "/sessions/devices", body: devices }],
      alongside: <ProbeAnswer />,
    });
    await screen.findByText("Signed in devices", { selector: "h2" });
    // The probe's answer has been drawn (in the same tree, from the same store as the switch): only then does the
    // absence of the switch mean anything.
    expect(await screen.findByTestId("probe-answer")).toHaveTextContent("sign-in alerts: false");
    expect(screen.queryByRole("switch")).toBeNull();
    expect(screen.queryByText(/new device/i)).toBeNull();
    expect(fetchStub.mock.calls.some(([input]) => String(input).includes("sign-in-alerts"))).toBe(false);
  });
});
