import type { FeatureFlag } from "../../environment/environment";
import { loadAccountActivity } from "../../pages/account-security/accountActivity";
import { loadCredentials, loadDevices, loadLinkedAccounts } from "../../pages/account-security/loaders";
import { loadApplications } from "../../pages/applications/loader";
import { loadContentItem } from "../../pages/content/loader";
import { loadGroups } from "../../pages/groups/loader";
import { loadOrganizations } from "../../pages/organizations/loader";
import { definePage, type PageDefinition } from "../../pages/page";
import { loadPersonalInfo } from "../../pages/personal-info/loader";
import { loadResources } from "../../pages/resources/loader";
import { loadVerifiableCredentials } from "../../pages/verifiable-credentials/loader";

/**
 * Every screen, by page id. content.json decides which pages exist and where: a menu item's `id ?? path` names its
 * page here, and an item with a `modulePath` is a content page. Adding a screen = its folder under pages/, one line
 * here, one item in content.json. `definePage` checks that each loader gives what its page takes.
 */
export const PAGES: Record<string, PageDefinition> = {
  "": definePage({ module: () => import("../../pages/personal-info/PersonalInfo"), loader: loadPersonalInfo }),
  "account-security/signing-in": definePage({
    module: () => import("../../pages/account-security/SigningIn"),
    loader: loadCredentials,
  }),
  "account-security/device-activity": definePage({
    module: () => import("../../pages/account-security/DeviceActivity"),
    loader: loadDevices,
  }),
  "account-security/account-activity": definePage({
    module: () => import("../../pages/account-security/AccountActivity"),
    loader: loadAccountActivity,
  }),
  "account-security/linked-accounts": definePage({
    module: () => import("../../pages/account-security/LinkedAccounts"),
    loader: loadLinkedAccounts,
  }),
  applications: definePage({ module: () => import("../../pages/applications/Applications"), loader: loadApplications }),
  groups: definePage({ module: () => import("../../pages/groups/Groups"), loader: loadGroups }),
  organizations: definePage({
    module: () => import("../../pages/organizations/Organizations"),
    loader: loadOrganizations,
  }),
  resources: definePage({ module: () => import("../../pages/resources/Resources"), loader: loadResources }),
  "verifiable-credentials": definePage({
    module: () => import("../../pages/verifiable-credentials/VerifiableCredentials"),
    loader: loadVerifiableCredentials,
  }),
  oid4vci: definePage({ module: () => import("../../pages/oid4vci/Oid4Vci") }),
  content: definePage({ module: () => import("../../pages/content/ContentPage"), loader: loadContentItem }),
};

/** Pages that keep their URL even when the menu names none (the stock content.json has neither). */
export const UNLISTED_ROUTES: { path: string; page: string; feature?: FeatureFlag }[] = [
  { path: "oid4vci", page: "oid4vci", feature: "isOid4VciEnabled" },
  { path: "content/:componentId", page: "content" },
];
