import { chromium, type Browser, type Page } from "playwright-core";

/** Debian's Chromium (Playwright's own download does not work on these machines). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

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
    await passwordField.waitFor();
  }
  await passwordField.fill(password);
  await loginButton(page).click();
}

/** Signs in on Keycloak's own login page (the stock login theme), then waits for the console's shell. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await submitLogin(page, username, password);
  await page.getByTestId("page-heading").waitFor();
}

/**
 * Keycloak asks for the password again before sensitive actions when the sign-in is older than the action's
 * maximum age; answers that page if it comes, then waits for `target` (an element of the action's own page).
 */
export async function passReauthentication(page: Page, target: string, password: string): Promise<void> {
  const passwordField = page.locator("#password");
  await page.locator(`${target}, #password`).first().waitFor();
  if (await passwordField.isVisible()) {
    await passwordField.fill(password);
    await loginButton(page).click();
  }
  await page.locator(target).waitFor();
}
