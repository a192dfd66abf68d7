// The console extension's organization memberships (`…/account-console-extension/organizations`): which of the user's
// memberships Keycloak manages, and leaving one. The Account API has neither (Keycloak 26.0 to 26.7).
import { ApiError, isRecord, type ApiClient } from "../../api/client";
import { extensionUrl, readable } from "../../api/extension";

/** The extension's answer (its Java record `OrganizationMembershipsResource.Memberships`). */
type MembershipsAnswer = { organizations: { id: string; managed: boolean }[] };

/** Whether each of the user's organizations (by id) is a managed membership, which only its administrator can end. */
export type Memberships = ReadonlyMap<string, boolean>;

/** The extension's code for a managed member's try to leave: refused, the account stays. */
export const MANAGED_MEMBER = "managed_member";

/** The extension's code for an organization the user is not (or no longer) a member of. */
export const NOT_A_MEMBER = "organization_not_found";

/** Whether a leave failed because the membership is gone already (left in another tab, or ended by an admin). */
export function isNotAMember(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && isRecord(error.body) && error.body.error === NOT_A_MEMBER;
}

/**
 * The user's memberships, or undefined where leaving is not offered: a server whose extension does not answer for
 * organizations (404: organizations switched off, or an extension from before), or a user it does not serve (403).
 */
export async function fetchMemberships(api: ApiClient, signal?: AbortSignal): Promise<Memberships | undefined> {
  let body: MembershipsAnswer;
  try {
    body = await api.requestUrl<MembershipsAnswer>(extensionUrl(api, "organizations"), { signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return undefined;
    throw error;
  }
  return new Map(body.organizations.map(({ id, managed }) => [id, managed]));
}

/** Ends the user's own membership of one organization (204); a managed member is refused with `managed_member`. */
export async function leaveOrganization(api: ApiClient, id: string): Promise<void> {
  try {
    await readable(
      api.requestUrl<void>(extensionUrl(api, `organizations/${encodeURIComponent(id)}`), { method: "DELETE" }),
    );
  } catch (error) {
    // Said in the user's language (a message key); the server's sentence is English.
    if (error instanceof ApiError && isRecord(error.body) && error.body.error === MANAGED_MEMBER) {
      throw new ApiError("organizationManagedCannotLeave", error.status, undefined, error.body);
    }
    throw error;
  }
}
