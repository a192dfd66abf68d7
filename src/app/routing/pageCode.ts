import { trimSlashes } from "../../lib/paths";

/**
 * Each screen's code, by page id (pages.ts pairs it with the screen's loader). Only dynamic imports, so the entry can
 * import this to start the first page's code while the app's own code still downloads.
 */
export const PAGE_CODE = {
  "": () => import("../../pages/personal-info/PersonalInfo"),
  "account-security/signing-in": () => import("../../pages/account-security/SigningIn"),
  "account-security/device-activity": () => import("../../pages/account-security/DeviceActivity"),
  "account-security/account-activity": () => import("../../pages/account-security/AccountActivity"),
  "account-security/linked-accounts": () => import("../../pages/account-security/LinkedAccounts"),
  "account-security/secure-your-account": () => import("../../pages/account-security/SecureAccount"),
  applications: () => import("../../pages/applications/Applications"),
  groups: () => import("../../pages/groups/Groups"),
  organizations: () => import("../../pages/organizations/Organizations"),
  resources: () => import("../../pages/resources/Resources"),
  "verifiable-credentials": () => import("../../pages/verifiable-credentials/VerifiableCredentials"),
  oid4vci: () => import("../../pages/oid4vci/Oid4Vci"),
  content: () => import("../../pages/content/ContentPage"),
};

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
 * Starts loading the code of the page at `pathname` ahead of the router (the entry calls it as soon as it runs), so
 * the first route does not wait for it. A hint only: the router still decides which page that path is.
 */
export function preloadPageCode(
  pathname: string,
  base: string,
  code: Record<string, () => Promise<unknown>> = PAGE_CODE,
): void {
  const id = pageIdAt(pathname, base);
  if (id !== undefined) code[id]?.().catch(() => undefined);
}
