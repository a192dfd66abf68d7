import { expect, type APIResponse, type Browser } from "@playwright/test";
import { SIGN_IN_CREDENTIAL_TYPES, type KeycloakAdmin, type SignInUser } from "./admin";
import { consoleToken, freshPage, submitLogin } from "./browser";
import { accountUrl } from "./test";

/**
 * An error answer of the console extension's REST API (docs/extension.md): `status`, never cached, the machine-readable
 * `error` and a description for people.
 */
export async function expectError(response: APIResponse, status: number, error: string): Promise<void> {
  expect(response.status()).toBe(status);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const body = (await response.json()) as { error: string; errorDescription: string };
  expect(body.error).toBe(error);
  expect(body.errorDescription).toEqual(expect.any(String));
}

/**
 * The Admin API lists only ways to sign in among the user's credentials (Keycloak's and app passwords): nothing of the
 * extension's own state. Returns the types listed.
 */
export async function expectOnlySignInMethods(
  admin: KeycloakAdmin,
  realm: string,
  username: string,
): Promise<string[]> {
  const id = await admin.userId(realm, username);
  const types = (await admin.users.getCredentials({ realm, id })).map((credential) => credential.type ?? "");
  expect(types.filter((type) => !SIGN_IN_CREDENTIAL_TYPES.includes(type))).toEqual([]);
  return types;
}

/** Signs `user` in to the realm's console in a page of its own: the bearer token the console sends, for the API. */
export function freshConsoleToken(browser: Browser, realm: string, { username, password }: SignInUser) {
  return freshPage(browser, async (page) => {
    await page.goto(accountUrl(realm));
    await submitLogin(page, username, password);
    await expect(page.getByTestId("page-heading")).toBeVisible({ timeout: 30_000 });
    return consoleToken(page, realm);
  });
}
