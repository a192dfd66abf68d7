import { act, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import type {
  IssuedVerifiableCredentialRepresentation,
  UserVerifiableCredentialRepresentation,
} from "../api/representations";
import { renderPage, type StubRoute } from "./renderPage";

/** A credential type the user holds. */
export const jwt: UserVerifiableCredentialRepresentation = {
  credentialScopeName: "natural_person_jwt",
  credentialConfigurationId: "natural_person_jwt_config",
  createdDate: Date.UTC(2026, 0, 2, 10, 30),
  updatedDate: Date.UTC(2026, 2, 4, 8, 0),
};

export const DAY = 24 * 60 * 60 * 1000;

/** A credential of type `jwt` in the wallet "My Wallet", issued two days ago, valid for 300 days more. */
export const issued = (
  id: string,
  extra: Partial<IssuedVerifiableCredentialRepresentation> = {},
): IssuedVerifiableCredentialRepresentation => ({
  id,
  credentialType: jwt.credentialScopeName,
  issuedAt: Date.now() - 2 * DAY,
  expiresAt: Date.now() + 300 * DAY,
  clientId: "wallet",
  clientName: "My Wallet",
  clientBaseUrl: "https://wallet.example.org/",
  ...extra,
});

/** An access token (unsigned: the console only reads it) with these account-client roles. */
export function tokenWithRoles(roles: string[]): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
  return `${part({ alg: "none" })}.${part({ resource_access: { account: { roles } } })}.`;
}

/** The verifiable credentials page for a user whose token holds `roles`. */
export function renderCredentials(routes: StubRoute[], roles = ["manage-account"]) {
  const result = renderPage("verifiable-credentials", { routes });
  // Read when the page mounts (after its code and data have loaded), so this is in time.
  let tokenRead: Promise<string> | undefined;
  result.auth.token = () => (tokenRead = Promise.resolve(tokenWithRoles(roles)));
  /** Waits until the page has read the token and React has drawn what its roles allow. */
  const tokenChecked = async () => {
    await waitFor(() => expect(tokenRead).toBeDefined());
    await act(async () => {
      await tokenRead;
    });
  };
  return { ...result, tokenChecked };
}
