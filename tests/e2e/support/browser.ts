import { expect, type Browser, type Page } from "@playwright/test";
import type { KeycloakAdmin } from "./admin";

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

/**
 * Every Content-Security-Policy violation of the console's own documents (not Keycloak's login pages) from now on, as
 * "<directive> blocked <URI> in <document>": the list fills while the test goes on.
 */
export async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding("__cspViolation", (_source, text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      if (!event.documentURI.includes("/account/")) return;
      const report = (window as unknown as { __cspViolation?: (text: string) => void }).__cspViolation;
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI} in ${event.documentURI}`);
    });
  });
  return violations;
}

/** The bearer token of the console's first request to its realm's endpoints after a reload (the page is signed in). */
export async function consoleToken(page: Page, realm: string): Promise<string> {
  const request = page.waitForRequest(
    (candidate) =>
      new URL(candidate.url()).pathname.startsWith(`/realms/${realm}/`) &&
      /^Bearer \S+$/.test(candidate.headers()["authorization"] ?? ""),
  );
  await page.reload();
  return (await request).headers()["authorization"]!.slice("Bearer ".length);
}

/** A page in a browser context of its own (no shared SSO session, English), closed after `use`. */
export async function freshPage<T>(browser: Browser, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ locale: "en-US" });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * Ends every session of a user, as an admin's "Sign out" in Users → Sessions does, once the page's own calls after its
 * first screen (the checkup's badge, the extension's probe) are done: one of them meeting the ended session would open
 * the session-ended dialog before the test's next step.
 */
export async function signOutByAdmin(page: Page, admin: KeycloakAdmin, realm: string, username: string) {
  await page.waitForLoadState("networkidle");
  await admin.users.logout({ realm, id: await admin.userId(realm, username) });
}
