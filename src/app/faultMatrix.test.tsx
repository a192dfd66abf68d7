import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { DeviceRepresentation } from "../api/representations";
import { PAGE_LOAD, renderPage, type StubRoute } from "../testing/renderPage";
import { aliceWithProfile } from "../testing/users";
import { issued, jwt, renderCredentials } from "../testing/verifiableCredentials";

/*
 * The fault matrix (docs/hardening.md): every mutation of every screen, under HTTP 500, HTTP 403 and a
 * network failure, shows a danger alert with the reason, never a success, keeps what the user typed or chose, and
 * leaves the screen as the server has it. Resources' mutations are in faultMatrix.resources.test.tsx.
 */

type Fault = { name: string; route: Omit<StubRoute, "method" | "path">; reason: string };
const FAULTS: Fault[] = [
  { name: "HTTP 500", route: { status: 500, body: { error: "Database unavailable" } }, reason: "Database unavailable" },
  { name: "HTTP 403", route: { status: 403, body: { error: "HTTP 403 Forbidden" } }, reason: "HTTP 403 Forbidden" },
  { name: "network failure", route: { network: true }, reason: "Failed to fetch" },
];

/** The danger alert: its text names the reason; no success alert anywhere. */
async function expectDanger(reason: string, success: string | RegExp) {
  const alert = await screen.findByTestId("last-alert", {}, PAGE_LOAD);
  expect(alert.closest(".pf-v6-c-alert")).toHaveClass("pf-m-danger");
  expect(alert.closest(".pf-v6-c-alert")).toHaveTextContent(reason);
  expect(screen.queryByText(success)).toBeNull();
}

const user = aliceWithProfile();

const devices: DeviceRepresentation[] = [
  {
    id: "d2",
    os: "Windows",
    osVersion: "10",
    browser: "Edge/120",
    sessions: [{ id: "s3", browser: "Edge/120", ipAddress: "10.0.0.3", started: 1, lastAccess: 2, expires: 3 }],
  },
  {
    id: "d1",
    current: true,
    os: "Android",
    browser: "Chrome/130",
    sessions: [{ id: "s2", current: true, browser: "Chrome/130", clients: [{ clientId: "account-console" }] }],
  },
] as DeviceRepresentation[];

describe.each(FAULTS)("fault matrix: $name", ({ route, reason }) => {
  it("personal info save: danger alert, typed values kept", async () => {
    renderPage("", {
      routes: [
        { path: "/", body: user },
        { path: "/supportedLocales", body: [] },
        { method: "POST", path: "/", ...route },
      ],
    });
    await userEvent.clear(await screen.findByTestId("lastName", {}, PAGE_LOAD));
    await userEvent.type(screen.getByTestId("lastName"), "Pleasance");
    await userEvent.click(screen.getByTestId("save"));
    await expectDanger(reason, "Your account has been updated.");
    expect(screen.getByTestId("lastName")).toHaveValue("Pleasance");
    expect(screen.getByTestId("save")).toBeEnabled();
  });

  it("device activity, sign out one session: danger alert, the session still listed", async () => {
    renderPage("account-security/device-activity", {
      routes: [
        { path: "/sessions/devices", body: devices },
        { method: "DELETE", path: "/sessions/s3", ...route },
      ],
    });
    const rows = await screen.findAllByTestId(/^row-/, {}, PAGE_LOAD);
    const other = rows.find((row) => row.textContent?.includes("Windows"))!;
    await userEvent.click(within(other).getByRole("button", { name: "Sign out" }));
    await userEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    await expectDanger(reason, /^Signed out/);
    expect(screen.getByText(/Windows 10/)).toBeInTheDocument();
  });

  it("device activity, sign out all devices: danger alert, no sign-out of this session", async () => {
    const { auth } = renderPage("account-security/device-activity", {
      routes: [
        { path: "/sessions/devices", body: devices },
        { method: "DELETE", path: "/sessions", ...route },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Sign out all devices" }, PAGE_LOAD));
    await userEvent.click(await screen.findByRole("button", { name: "Confirm" }));
    await expectDanger(reason, /^Signed out/);
    expect(auth.logout).not.toHaveBeenCalled();
  });

  it("linked accounts, unlink: danger alert, the account still linked", async () => {
    renderPage("account-security/linked-accounts", {
      routes: [
        {
          path: "/linked-accounts",
          body: [
            {
              connected: true,
              providerAlias: "github",
              providerName: "github",
              displayName: "GitHub",
              social: true,
              linkedUsername: "alice-gh",
            },
          ],
        },
        { method: "DELETE", path: "/linked-accounts/github", ...route },
      ],
    });
    const [row] = await screen.findAllByTestId("linked-accounts/github", {}, PAGE_LOAD);
    await userEvent.click(within(row!).getByRole("button", { name: "Unlink account" }));
    await expectDanger(reason, "Successfully unlinked account");
    expect(within(row!).getByRole("button", { name: "Unlink account" })).toBeInTheDocument();
  });

  it("applications, remove access: danger alert, the consent still listed", async () => {
    renderPage("applications", {
      routes: [
        {
          path: "/applications",
          body: [
            {
              clientId: "shop",
              clientName: "Web Shop",
              userConsentRequired: true,
              inUse: true,
              consent: { createdDate: 1, grantedScopes: [{ id: "1", name: "email", displayText: "Email" }] },
            },
          ],
        },
        { method: "DELETE", path: "/applications/shop/consent", ...route },
      ],
    });
    await userEvent.click(await screen.findByTestId("toggle-shop", {}, PAGE_LOAD));
    await userEvent.click(screen.getByRole("button", { name: "Remove access" }));
    await userEvent.click(await screen.findByRole("button", { name: "Confirm" }, PAGE_LOAD));
    await expectDanger(reason, "Successfully removed consent");
    expect(screen.getByRole("button", { name: "Remove access" })).toBeInTheDocument();
  });

  it("verifiable credentials, revoke a credential type: danger alert, the credential still listed", async () => {
    renderCredentials([
      { path: "/verifiable-credentials", body: [jwt] },
      { method: "DELETE", path: "/verifiable-credentials/natural_person_jwt", ...route },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Revoke" }, PAGE_LOAD));
    const dialog = screen.getByRole("dialog", { name: "Revoke verifiable credential" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await expectDanger(reason, "Verifiable credential deleted successfully");
    expect(screen.getByRole("button", { name: "Revoke" })).toBeInTheDocument();
  });

  it("verifiable credentials, revoke an issued credential: danger alert, still listed", async () => {
    renderCredentials([
      { path: "/verifiable-credentials", body: [jwt] },
      { path: "/issued-verifiable-credentials", body: [issued("fresh")] },
      { method: "DELETE", path: "/issued-verifiable-credentials/fresh", ...route },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "View Issued Credentials" }, PAGE_LOAD));
    const dialog = await screen.findByTestId("issued-credentials-dialog");
    await userEvent.click(await within(dialog).findByRole("button", { name: "Revoke" }));
    const confirm = screen.getByRole("dialog", { name: "Revoke Issued Credential" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Revoke" }));
    await expectDanger(reason, "Revoke Issued Credential Success");
    expect(within(screen.getByTestId("issued-credentials-dialog")).getByText("My Wallet")).toBeInTheDocument();
  });
});
