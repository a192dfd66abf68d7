import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { CredentialContainer, DeviceRepresentation, LinkedAccountRepresentation } from "../../api/representations";
import { renderPage } from "../../testing/renderPage";
import { fetchPage } from "./loaders";
import { groupByCategory } from "./SigningIn";

const container = (type: string, category: string, extra: Partial<CredentialContainer> = {}): CredentialContainer => ({
  type,
  category,
  displayName: `${type}-display-name`,
  helptext: `${type}-help-text`,
  removeable: false,
  userCredentialMetadatas: [],
  ...extra,
});

describe("signing in", () => {
  it("orders categories basic, two-factor, passwordless, then unknown ones", () => {
    const grouped = groupByCategory([
      container("webauthn-passwordless", "passwordless"),
      container("custom", "custom-category"),
      container("otp", "two-factor"),
      container("password", "basic-authentication"),
    ]);
    expect(grouped.map(([category]) => category)).toEqual(["basic-authentication", "two-factor", "passwordless", "custom-category"]);
  });

  it("lists credentials with their actions, says when a type is not set up, and starts Keycloak actions", async () => {
    const { auth } = renderPage("account-security/signing-in", {
      routes: [
        {
          path: "/credentials",
          body: [
            container("password", "basic-authentication", {
              updateAction: "UPDATE_PASSWORD",
              userCredentialMetadatas: [{ credential: { id: "p1", type: "password", createdDate: Date.UTC(2026, 0, 2) } }],
            }),
            container("otp", "two-factor", { createAction: "CONFIGURE_TOTP", removeable: true }),
            container("webauthn", "two-factor", {
              createAction: "webauthn-register",
              removeable: true,
              userCredentialMetadatas: [
                {
                  credential: { id: "w1", type: "webauthn", userLabel: "YubiKey 5" },
                  infoProperties: [{ key: "webauthn-authenticator-provider", parameters: ["Yubico"] }],
                },
              ],
            }),
          ],
        },
      ],
    });
    expect(await screen.findByTestId("otp/not-set-up")).toHaveTextContent("Authenticator application is not set up.");
    const passwords = screen.getByTestId("password/credential-list");
    expect(passwords).toHaveTextContent("My password");
    expect(passwords).toHaveTextContent("Created January 2, 2026");
    expect(within(passwords).queryByRole("button", { name: "Delete" })).toBeNull();
    const keys = screen.getByTestId("webauthn/credential-list");
    expect(keys).toHaveTextContent("YubiKey 5");
    expect(keys).toHaveTextContent("Yubico");

    await userEvent.click(within(passwords).getByRole("button", { name: "Update" }));
    expect(auth.startAction).toHaveBeenLastCalledWith("UPDATE_PASSWORD");
    await userEvent.click(within(keys).getByRole("button", { name: "Delete" }));
    expect(auth.startAction).toHaveBeenLastCalledWith("delete_credential:w1");
    await userEvent.click(screen.getByTestId("otp/create"));
    expect(auth.startAction).toHaveBeenLastCalledWith("CONFIGURE_TOTP");
  });

  it("renders passwordless passkeys and recovery codes, with the server's info and warning messages", async () => {
    renderPage("account-security/signing-in", {
      routes: [
        {
          path: "/credentials",
          body: [
            container("webauthn-passwordless", "passwordless", {
              createAction: "webauthn-register-passwordless",
              removeable: true,
              userCredentialMetadatas: [{ credential: { id: "k1", type: "webauthn-passwordless", userLabel: "Laptop passkey" } }],
            }),
            container("recovery-authn-codes", "two-factor", {
              createAction: "CONFIGURE_RECOVERY_AUTHN_CODES",
              removeable: true,
              userCredentialMetadatas: [
                {
                  credential: { id: "r1", type: "recovery-authn-codes" },
                  infoMessage: { key: "recovery-codes-number-remaining", parameters: ["3"] },
                  warningMessageTitle: { key: "recovery-codes-generate-new-codes" },
                },
              ],
            }),
          ],
        },
      ],
    });
    expect(await screen.findByTestId("webauthn-passwordless/title")).toHaveTextContent("Passkey");
    expect(screen.getByText("Passwordless")).toBeInTheDocument();
    expect(screen.getByTestId("webauthn-passwordless/credential-list")).toHaveTextContent("Laptop passkey");
    const codes = screen.getByTestId("recovery-authn-codes/credential-list");
    expect(screen.getByTestId("recovery-authn-codes/title")).toHaveTextContent("Recovery authentication codes");
    expect(codes).toHaveTextContent("3 recovery codes remaining");
    expect(codes).toHaveTextContent("Generate new codes to ensure access to your account");
    expect(within(codes).getByRole("button", { name: "Delete" })).toBeInTheDocument();
  });

  it.each([
    ["account-security/signing-in", "/credentials"],
    ["account-security/device-activity", "/sessions/devices"],
    ["account-security/linked-accounts", "/linked-accounts"],
  ])("a failed first load of %s is a route failure: the error dialog with the server's reason", async (page, path) => {
    renderPage(page, { routes: [{ path, status: 500, body: { error: "the store is down" } }] });
    const dialog = await screen.findByRole("dialog", { name: /Something went wrong/ });
    expect(within(dialog).getByTestId("error-message")).toHaveTextContent("the store is down");
    expect(within(dialog).getByRole("button", { name: "Try again" })).toBeEnabled();
    expect(screen.queryByTestId("page-heading")).not.toBeInTheDocument();
  });
});

const devices: DeviceRepresentation[] = [
  {
    id: "d2",
    os: "Windows",
    osVersion: "10",
    browser: "Edge/120",
    mobile: false,
    sessions: [{ id: "s3", browser: "Edge/120", ipAddress: "10.0.0.3", started: 1, lastAccess: 2, expires: 3, clients: [] }],
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

describe("device activity", () => {
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
});

const account = (alias: string, connected: boolean, extra: Partial<LinkedAccountRepresentation> = {}): LinkedAccountRepresentation => ({
  connected,
  providerAlias: alias,
  providerName: alias,
  displayName: alias.toUpperCase(),
  social: false,
  ...extra,
});

describe("linked accounts", () => {
  it("asks for one row more than a page, to know whether a next page exists", async () => {
    const asked: number[] = [];
    const load = async ({ max }: { max: number }) => {
      asked.push(max);
      return Array.from({ length: 6 }, (_, i) => account(`p${i}`, false));
    };
    const page = await fetchPage(load, { first: 0, pageSize: 5, search: "" });
    expect(asked).toEqual([6]);
    expect(page.rows).toHaveLength(5);
    expect(page.hasNext).toBe(true);
    expect((await fetchPage(async () => [account("a", false)], { first: 5, pageSize: 5, search: "" })).hasNext).toBe(false);
  });

  it("shows both lists, with labels, empty states and the search sent to the server", async () => {
    const { fetchStub } = renderPage("account-security/linked-accounts", {
      routes: [
        { path: "/linked-accounts", body: [] },
      ],
    });
    expect(await screen.findByText("No linked providers")).toBeInTheDocument();
    expect(await screen.findByText("No unlinked providers")).toBeInTheDocument();
    const [linkedSearch] = screen.getAllByPlaceholderText("Filter by name...");
    await userEvent.type(linkedSearch!, "git{Enter}");
    await waitFor(() =>
      expect(fetchStub.mock.calls.map(([url]) => String(url))).toContainEqual(
        "http://kc.test/realms/demo/account/linked-accounts?linked=true&first=0&max=6&search=git",
      ),
    );
    expect(await screen.findByText("Nothing matches your search")).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses to unlink", async () => {
    renderPage("account-security/linked-accounts", {
      routes: [
        { path: "/linked-accounts", body: [account("github", true, { social: true, linkedUsername: "alice-gh" })] },
        { method: "DELETE", path: "/linked-accounts/github", status: 400, body: { errorMessage: "You can not remove last federated identity as you do not have a password." } },
      ],
    });
    const [row] = await screen.findAllByTestId("linked-accounts/github");
    expect(row).toHaveTextContent("Social login");
    expect(row).toHaveTextContent("alice-gh");
    await userEvent.click(within(row!).getByRole("button", { name: "Unlink account" }));
    expect(await screen.findByTestId("last-alert")).toHaveTextContent(
      "Could not unlink due to: You can not remove last federated identity as you do not have a password.",
    );
    expect(screen.queryByText("Successfully unlinked account")).toBeNull();
  });
});
