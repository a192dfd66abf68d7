import type { FeatureFlag } from "../../environment/environment";
import { loadAccountActivity } from "../../pages/account-security/accountActivity";
import { loadCredentials, loadDevices, loadLinkedAccounts } from "../../pages/account-security/loaders";
import { loadSecureAccount } from "../../pages/account-security/secureAccount";
import { loadApplications } from "../../pages/applications/loader";
import { loadContentItem } from "../../pages/content/loader";
import { loadGroups } from "../../pages/groups/loader";
import { loadOrganizations } from "../../pages/organizations/loader";
import { definePage, type PageDefinition } from "../../pages/page";
import { PAGE_CODE } from "./pageCode";
import { loadPersonalInfo } from "../../pages/personal-info/loader";
import { loadResources } from "../../pages/resources/loader";
import { loadVerifiableCredentials } from "../../pages/verifiable-credentials/loader";

/**
 * Every screen, by page id. content.json decides which pages exist and where: a menu item's `id ?? path` names its
 * page here, and an item with a `modulePath` is a content page. Adding a screen = its folder under pages/, its code in
 * pageCode.ts, one line here, one item in content.json. `definePage` checks that each loader gives what its page takes.
 */
export const PAGES: Record<string, PageDefinition> = {
  "": definePage({ module: PAGE_CODE[""], loader: loadPersonalInfo }),
  "account-security/signing-in": definePage({
    module: PAGE_CODE["account-security/signing-in"],
    loader: loadCredentials,
  }),
  "account-security/device-activity": definePage({
    module: PAGE_CODE["account-security/device-activity"],
    loader: loadDevices,
  }),
  "account-security/account-activity": definePage({
    module: PAGE_CODE["account-security/account-activity"],
    loader: loadAccountActivity,
  }),
  "account-security/linked-accounts": definePage({
    module: PAGE_CODE["account-security/linked-accounts"],
    loader: loadLinkedAccounts,
  }),
  "account-security/secure-your-account": definePage({
    module: PAGE_CODE["account-security/secure-your-account"],
    loader: loadSecureAccount,
  }),
  applications: definePage({ module: PAGE_CODE.applications, loader: loadApplications }),
  groups: definePage({ module: PAGE_CODE.groups, loader: loadGroups }),
  organizations: definePage({
    module: PAGE_CODE.organizations,
    loader: loadOrganizations,
  }),
  resources: definePage({ module: PAGE_CODE.resources, loader: loadResources }),
  "verifiable-credentials": definePage({
    module: PAGE_CODE["verifiable-credentials"],
    loader: loadVerifiableCredentials,
  }),
  oid4vci: definePage({ module: PAGE_CODE.oid4vci }),
  content: definePage({ module: PAGE_CODE.content, loader: loadContentItem }),
};

/**
 * Pages that keep their URL even when the menu names none (the stock content.json has none of them). "Secure your
 * account" is where a sign-in alert's mail leads, never a menu item. `title`: the message key the browser tab is named
 * after when no menu item names the page.
 */
export const UNLISTED_ROUTES: { path: string; page: string; feature?: FeatureFlag; title?: string }[] = [
  { path: "oid4vci", page: "oid4vci", feature: "isOid4VciEnabled", title: "verifiableCredentialsTitle" },
  { path: "content/:componentId", page: "content" },
  {
    path: "account-security/secure-your-account",
    page: "account-security/secure-your-account",
    title: "secureAccountTitle",
  },
];
