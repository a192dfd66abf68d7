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

/** Signs in on Keycloak's own login page (the stock login theme), then waits for the console's shell. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.locator("#username").fill(username);
  await page.locator("#password").fill(password);
  await loginButton(page).click();
  await page.getByTestId("page-heading").waitFor();
}
