import { fetchOrganizations } from "../../api/methods";
import type { OrganizationDomain, OrganizationRepresentation } from "../../api/representations";
import type { PageLoader } from "../page";
import { fetchMemberships, type Memberships } from "./memberships";

export type OrganizationsData = {
  organizations: OrganizationRepresentation[];
  /** Undefined where the server does not offer leaving. */
  memberships: Memberships | undefined;
};

export const loadOrganizations: PageLoader<OrganizationsData> = async ({ api, request }) => {
  const [organizations, memberships] = await Promise.all([
    fetchOrganizations(api, request.signal),
    fetchMemberships(api, request.signal).catch((error: unknown) => {
      // Only the offer to leave depends on it: the list stays, without the leave column.
      console.warn("The console extension could not say which organizations can be left.", error);
      return undefined;
    }),
  ]);
  return { organizations, memberships };
};

/** A domain's name, whichever shape the server sent it in. */
export const domainName = (domain: OrganizationDomain) => (typeof domain === "string" ? domain : domain.name);
