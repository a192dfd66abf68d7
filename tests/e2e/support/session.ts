import type { Browser, BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";
import { DEMO_USER } from "./admin";
import { signIn } from "./browser";

export function accountUrl(realm: string, route = "", query = ""): string {
  return `${inject("keycloakUrl")}/realms/${encodeURIComponent(realm)}/account/${route}${query}`;
}

/** A fresh browser context (no cookies) signed in to the console of `realm`. */
export async function openConsole(
  browser: Browser,
  realm: string,
  { route = "", query = "", viewport = { width: 1280, height: 800 }, user = DEMO_USER, locale = "en-US" } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale });
  const page = await context.newPage();
  await page.goto(accountUrl(realm, route, query));
  await signIn(page, user.username, user.password);
  return { context, page };
}

/** The environment the theme template injected, parsed as the app parses it. */
export async function pageEnvironment(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator("#environment").textContent();
  return JSON.parse(text ?? "") as Record<string, unknown>;
}
