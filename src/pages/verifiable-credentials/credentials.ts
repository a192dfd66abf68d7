import type { TFunction } from "i18next";
import type { IssuedVerifiableCredentialRepresentation } from "../../api/representations";
import { translateLabel } from "../../i18n/translateLabel";

/** The account-client roles in an access token (`resource_access.account.roles`); none when it cannot be read. */
export function accountRoles(accessToken: string): string[] {
  try {
    const payload = accessToken.split(".")[1] ?? "";
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(payload.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)),
    );
    const roles = (JSON.parse(json) as { resource_access?: { account?: { roles?: unknown } } }).resource_access?.account
      ?.roles;
    return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === "string") : [];
  } catch {
    return [];
  }
}

/** The server lets these roles revoke credentials; without them the console does not offer to. */
export const canRevokeCredentials = (roles: string[]) =>
  roles.includes("manage-account") || roles.includes("manage-verifiable-credentials");

/**
 * A server time as a Date. Keycloak sends epoch milliseconds; a value too small for that (before 1973) is taken as
 * epoch seconds, which some stores keep.
 */
export function serverDate(value: number | undefined): Date | undefined {
  if (value === undefined || value === null || !Number.isFinite(value) || value <= 0) return undefined;
  return new Date(value < 1e11 ? value * 1000 : value);
}

export const isExpired = (credential: IssuedVerifiableCredentialRepresentation, now: Date) => {
  const expires = serverDate(credential.expiresAt);
  return expires !== undefined && expires.getTime() <= now.getTime();
};

/** The wallet client as users know it: its (translated) name, else its client id. */
export const walletName = (t: TFunction, credential: IssuedVerifiableCredentialRepresentation) =>
  translateLabel(t, credential.clientName, credential.clientId ?? "") || credential.clientId || "";

/**
 * The issued credentials of one credential type whose id, client or revision contains the search text (any case),
 * newest first.
 */
export function issuedOfType(
  issued: IssuedVerifiableCredentialRepresentation[],
  credentialType: string,
  search: string,
  t: TFunction,
): IssuedVerifiableCredentialRepresentation[] {
  const needle = search.trim().toLocaleLowerCase();
  return issued
    .filter((credential) => credential.credentialType === credentialType)
    .filter(
      (credential) =>
        !needle ||
        [
          credential.id,
          credential.clientId,
          credential.clientName,
          walletName(t, credential),
          credential.revision,
        ].some((field) => field?.toLocaleLowerCase().includes(needle)),
    )
    .sort((a, b) => (serverDate(b.issuedAt)?.getTime() ?? 0) - (serverDate(a.issuedAt)?.getTime() ?? 0));
}

/** Keycloak's `verifiable_credential_offer` action: the configuration to offer, as base64 JSON. */
export function credentialOfferAction(credentialConfigurationId: string): string {
  const json = JSON.stringify({ credentialConfigurationId, preAuthorized: false });
  const bytes = new TextEncoder().encode(json);
  return `verifiable_credential_offer:${btoa(String.fromCharCode(...bytes))}`;
}
