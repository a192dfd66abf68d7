import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { Features, FeatureFlag } from "../../environment/environment";

export type PageRoute = {
  /** Relative to the base path, as in content.json. */
  path: string;
  /** The route exists only while this flag is on; otherwise the URL lands on personal info with a warning. */
  feature?: FeatureFlag;
  Page: LazyExoticComponent<ComponentType>;
};

/** Every screen of the console, loaded on demand. */
export const PAGE_ROUTES: PageRoute[] = [
  { path: "", Page: lazy(() => import("../../pages/personal-info/PersonalInfo")) },
  { path: "account-security/signing-in", Page: lazy(() => import("../../pages/account-security/SigningIn")) },
  {
    path: "account-security/device-activity",
    Page: lazy(() => import("../../pages/account-security/DeviceActivity")),
  },
  {
    path: "account-security/linked-accounts",
    feature: "isLinkedAccountsEnabled",
    Page: lazy(() => import("../../pages/account-security/LinkedAccounts")),
  },
  {
    path: "applications",
    feature: "isViewApplicationsEnabled",
    Page: lazy(() => import("../../pages/applications/Applications")),
  },
  { path: "groups", feature: "isViewGroupsEnabled", Page: lazy(() => import("../../pages/groups/Groups")) },
  {
    path: "organizations",
    feature: "isViewOrganizationsEnabled",
    Page: lazy(() => import("../../pages/organizations/Organizations")),
  },
  { path: "resources", feature: "isMyResourcesEnabled", Page: lazy(() => import("../../pages/resources/Resources")) },
  {
    path: "verifiable-credentials",
    feature: "isOid4VciEnabled",
    Page: lazy(() => import("../../pages/verifiable-credentials/VerifiableCredentials")),
  },
  { path: "oid4vci", feature: "isOid4VciEnabled", Page: lazy(() => import("../../pages/oid4vci/Oid4Vci")) },
  { path: "content/:componentId", Page: lazy(() => import("../../pages/content/ContentPage")) },
];

export function enabledRoutes(features: Features, routes: PageRoute[] = PAGE_ROUTES): PageRoute[] {
  return routes.filter((route) => route.feature === undefined || features[route.feature]);
}
