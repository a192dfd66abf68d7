import { fetchVerifiableCredentials } from "../../api/methods";
import type { UserVerifiableCredentialRepresentation } from "../../api/representations";
import type { PageLoader } from "../page";

/** The user's credential types, by name. A failed load fails the route: the user sees the error dialog. */
export const loadVerifiableCredentials: PageLoader<UserVerifiableCredentialRepresentation[]> = async ({
  api,
  request,
}) =>
  (await fetchVerifiableCredentials(api, request.signal)).sort((a, b) =>
    a.credentialScopeName.localeCompare(b.credentialScopeName),
  );
