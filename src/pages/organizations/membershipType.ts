import type { TFunction } from "i18next";
import type { OrganizationRepresentation } from "../../api/representations";

/** Whether the list has a membership type column: only when the server says how the user belongs to some organization. */
export const hasMembershipTypes = (organizations: OrganizationRepresentation[]) =>
  organizations.some((organization) => !!organization.membershipType);

/** Keycloak's two membership types in the user's language; another value as the server wrote it. */
export function membershipTypeLabel(t: TFunction, type: string | undefined): string {
  switch (type?.toUpperCase()) {
    case undefined:
    case "":
      return "";
    case "MANAGED":
      return t("membershipTypeManaged");
    case "UNMANAGED":
      return t("membershipTypeUnmanaged");
    default:
      return type ?? "";
  }
}
