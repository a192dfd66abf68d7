import { expect, type Page } from "@playwright/test";

/** The sign-in button of Keycloak's own login page; by id, since its text follows the realm's language. */
export function loginButton(page: Page) {
  return page.locator("#kc-login");
}

/**
 * Fills and submits a Keycloak login page (any realm, any language). Realms with organizations sign in
 * identity-first: a username page, then a password page; both ways work.
 */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.locator("#username").fill(username);
  const passwordField = page.locator("#password");
  if (!(await passwordField.isVisible())) {
    await loginButton(page).click();
    await expect(passwordField).toBeVisible();
  }
  await passwordField.fill(password);
  await loginButton(page).click();
}

/** Signs in on Keycloak's own login page (the stock login theme), then waits for the console's shell. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await submitLogin(page, username, password);
  // The first page after sign-in loads the app, its translations and the page's data: allow it more time.
  await expect(page.getByTestId("page-heading")).toBeVisible({ timeout: 30_000 });
}

/**
 * Keycloak asks for the password again before sensitive actions when the sign-in is older than the action's
 * maximum age; answers that page if it comes, then waits for `target` (an element of the action's own page).
 */
export async function passReauthentication(page: Page, target: string, password: string): Promise<void> {
  const passwordField = page.locator("#password");
  await expect(page.locator(`${target}, #password`).first()).toBeVisible();
  if (await passwordField.isVisible()) {
    await passwordField.fill(password);
    await loginButton(page).click();
  }
  await expect(page.locator(target).first()).toBeVisible();
}
