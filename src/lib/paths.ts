/** The path without slashes at either end: "/account-security/signing-in/" → "account-security/signing-in". */
export function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, "");
}
