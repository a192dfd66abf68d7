import type { FeatureFlag } from "../../environment/environment";
import { trimSlashes } from "../../lib/paths";
import { definePage, type PageDefinition } from "../../pages/page";

/**
 * The route table: every screen by page id, its code and its loader each a dynamic import, which react-router loads
 * in parallel when the page opens (routes.tsx). content.json decides which pages exist and where: a menu item's
 * `id ?? path` names its page here, and an item with a `modulePath` is a content page. Nothing here is loaded at run
 * time but this file, so the entry imports it to start the first page early.
 */
export const PAGES: Record<string, PageDefinition> = {
  "": definePage({
    Component: () => import("../../pages/personal-info/PersonalInfo"),
    loader: async () => (await import("../../pages/personal-info/loader")).loadPersonalInfo,
  }),
  "account-security/signing-in": definePage({
    Component: () => import("../../pages/account-security/signing-in/SigningIn"),
    loader: async () => (await import("../../pages/account-security/signing-in/loader")).loadSigningIn,
  }),
  "account-security/device-activity": definePage({
    Component: () => import("../../pages/account-security/device-activity/DeviceActivity"),
    loader: async () => (await import("../../pages/account-security/device-activity/loader")).loadDevices,
  }),
  "account-security/account-activity": definePage({
    Component: () => import("../../pages/account-security/account-activity/AccountActivity"),
    loader: async () =>
      (await import("../../pages/account-security/account-activity/accountActivity")).loadAccountActivity,
  }),
  "account-security/linked-accounts": definePage({
    Component: () => import("../../pages/account-security/linked-accounts/LinkedAccounts"),
    loader: async () => (await import("../../pages/account-security/linked-accounts/loader")).loadLinkedAccounts,
  }),
  "account-security/security-checkup": definePage({
    Component: () => import("../../pages/security-checkup/SecurityCheckup"),
    loader: async () => (await import("../../pages/security-checkup/loader")).loadSecurityCheckup,
    menuBadge: {
      label: "checkupMenuCount",
      testId: "checkup-count",
      count: async () => (await import("../../pages/security-checkup/checkupCount")).countFindings,
      fromData: (result) => result.findings.length,
    },
  }),
  "account-security/secure-your-account": definePage({
    Component: () => import("../../pages/account-security/secure-your-account/SecureAccount"),
    loader: async () =>
      (await import("../../pages/account-security/secure-your-account/secureAccount")).loadSecureAccount,
  }),
  applications: definePage({
    Component: () => import("../../pages/applications/Applications"),
    loader: async () => (await import("../../pages/applications/loader")).loadApplications,
  }),
  groups: definePage({
    Component: () => import("../../pages/groups/Groups"),
    loader: async () => (await import("../../pages/groups/loader")).loadGroups,
  }),
  organizations: definePage({
    Component: () => import("../../pages/organizations/Organizations"),
    loader: async () => (await import("../../pages/organizations/loader")).loadOrganizations,
  }),
  resources: definePage({
    Component: () => import("../../pages/resources/Resources"),
    loader: async () => (await import("../../pages/resources/loader")).loadResources,
  }),
  "verifiable-credentials": definePage({
    Component: () => import("../../pages/verifiable-credentials/VerifiableCredentials"),
    loader: async () => (await import("../../pages/verifiable-credentials/loader")).loadVerifiableCredentials,
  }),
  oid4vci: definePage({ Component: () => import("../../pages/oid4vci/Oid4Vci") }),
  content: definePage({
    Component: () => import("../../pages/content/ContentPage"),
    loader: async () => (await import("../../pages/content/loader")).loadContentItem,
  }),
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

/** The id of the page at `pathname` under `base` (lower case, as the router matches), or undefined. */
export function pageIdAt(pathname: string, base: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined; // an address that cannot be decoded names no page: the router sends it to personal info
  }
  if (!decoded.toLowerCase().startsWith(base.toLowerCase())) return undefined;
  return trimSlashes(decoded.slice(base.length)).toLowerCase();
}

/**
 * Starts loading the code and loader of the page at `pathname` ahead of the router (the entry calls it as soon as it
 * runs), so the first route does not wait for them. A hint only: the router still decides which page that path is.
 */
export function preloadPage(pathname: string, base: string, pages = PAGES): void {
  const id = pageIdAt(pathname, base);
  if (id !== undefined) void pages[id]?.preload();
}
