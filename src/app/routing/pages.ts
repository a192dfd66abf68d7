import type { ComponentType } from "react";
import type { FeatureFlag } from "../../environment/environment";
import { loadCredentials, loadDevices, loadLinkedAccounts } from "../../pages/account-security/loaders";
import { loadApplications } from "../../pages/applications/loader";
import { loadGroups } from "../../pages/groups/loader";
import { loadOrganizations } from "../../pages/organizations/loader";
import { loadPersonalInfo } from "../../pages/personal-info/loader";
import { loadResources } from "../../pages/resources/loader";
import { loadVerifiableCredentials } from "../../pages/verifiable-credentials/loader";
import type { PageLoader } from "../../ui/pageData";

export type PageDefinition = {
  /** The page's code, loaded on demand: its default export is the screen. */
  module: () => Promise<{ default: ComponentType }>;
  /** Its first data, loaded in parallel with the code; a failure is a route failure (the error dialog). */
  loader?: PageLoader<unknown>;
};

/**
 * Every screen, by page id. content.json decides which pages exist and where: a menu item's `id ?? path`
 * names its page here. Adding a screen = its folder under pages/, one line here, one item in content.json.
 */
export const PAGES: Record<string, PageDefinition> = {
  "": { module: () => import("../../pages/personal-info/PersonalInfo"), loader: loadPersonalInfo },
  "account-security/signing-in": {
    module: () => import("../../pages/account-security/SigningIn"),
    loader: loadCredentials,
  },
  "account-security/device-activity": {
    module: () => import("../../pages/account-security/DeviceActivity"),
    loader: loadDevices,
  },
  "account-security/linked-accounts": {
    module: () => import("../../pages/account-security/LinkedAccounts"),
    loader: loadLinkedAccounts,
  },
  applications: { module: () => import("../../pages/applications/Applications"), loader: loadApplications },
  groups: { module: () => import("../../pages/groups/Groups"), loader: loadGroups },
  organizations: { module: () => import("../../pages/organizations/Organizations"), loader: loadOrganizations },
  resources: { module: () => import("../../pages/resources/Resources"), loader: loadResources },
  "verifiable-credentials": {
    module: () => import("../../pages/verifiable-credentials/VerifiableCredentials"),
    loader: loadVerifiableCredentials,
  },
  oid4vci: { module: () => import("../../pages/oid4vci/Oid4Vci") },
  // Its loader (the menu item to show) comes from the menu: see pageRoutes in routes.tsx.
  content: { module: () => import("../../pages/content/ContentPage") },
};

/** Pages that keep their URL even when the menu names none (the stock content.json has neither). */
export const UNLISTED_ROUTES: { path: string; page: string; feature?: FeatureFlag }[] = [
  { path: "oid4vci", page: "oid4vci", feature: "isOid4VciEnabled" },
  { path: "content/:componentId", page: "content" },
];
