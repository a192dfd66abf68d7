import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { CredentialContainer } from "../../../api/representations";
import { renderPage } from "../../../testing/renderPage";
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
    expect(grouped.map(([category]) => category)).toEqual([
      "basic-authentication",
      "two-factor",
      "passwordless",
      "custom-category",
    ]);
  });

  it("lists credentials with their actions, says when a type is not set up, and starts Keycloak actions", async () => {
    const { auth } = renderPage("account-security/signing-in", {
      routes: [
        {
          path: "/credentials",
          body: [
            container("password", "basic-authentication", {
              updateAction: "UPDATE_PASSWORD",
              userCredentialMetadatas: [
                { credential: { id: "p1", type: "password", createdDate: Date.UTC(2026, 0, 2) } },
              ],
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
    // Dates read as the app passwords' do: "Created: <day>", plain, a line each; the list's items are its credentials.
    const dates = within(passwords).getByText("Created: January 2, 2026");
    expect(dates.closest("[data-testrole=dates]")).not.toBeNull();
    expect(dates.querySelector("strong")).toBeNull();
    expect(within(passwords).getAllByRole("listitem")).toHaveLength(1);
    expect(within(passwords).queryByRole("button", { name: "Delete" })).toBeNull();
    const keys = screen.getByTestId("webauthn/credential-list");
    expect(keys).toHaveTextContent("YubiKey 5");
    expect(keys).toHaveTextContent("Yubico");
    // A destructive action is drawn as a secondary button in danger's colour: a list of them is no row of alarms.
    expect(within(keys).getByRole("button", { name: "Delete" })).toHaveClass("pf-m-secondary", "pf-m-danger");

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
              userCredentialMetadatas: [
                { credential: { id: "k1", type: "webauthn-passwordless", userLabel: "Laptop passkey" } },
              ],
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
});
