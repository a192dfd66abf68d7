import type { CredentialContainer, CredentialMetadata } from "../api/representations";

/** One of the user's credentials as `/credentials` lists it, made on 2 January 2026. */
export const credential = (id: string, type: string, userLabel: string): CredentialMetadata => ({
  credential: { id, type, userLabel, createdDate: Date.UTC(2026, 0, 2) },
});

/** A credential type of `/credentials` with the user's credentials of it; only a password cannot be removed. */
export const container = (
  type: string,
  category: string,
  credentials: CredentialMetadata[],
  displayName = `${type}-display-name`,
): CredentialContainer => ({
  type,
  category,
  displayName,
  removeable: type !== "password",
  userCredentialMetadatas: credentials,
});
