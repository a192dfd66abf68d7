import { fetchOrganizations } from "../../api/methods";
import type { OrganizationDomain, OrganizationRepresentation } from "../../api/representations";
import type { PageLoader } from "../page";

export const loadOrganizations: PageLoader<OrganizationRepresentation[]> = ({ api, request }) =>
  fetchOrganizations(api, request.signal);

/** A domain's name, whichever shape the server sent it in. */
export const domainName = (domain: OrganizationDomain) => (typeof domain === "string" ? domain : domain.name);
