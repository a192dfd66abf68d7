import type { Browser, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KeycloakAdmin } from "./support/admin";
import { launchBrowser } from "./support/browser";
import { accountUrl, openConsole } from "./support/session";

let browser: Browser;
const admin = new KeycloakAdmin();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("start-up on a real Keycloak (performance issue)", () => {
  it("loads the console once: check-sso in a frame on a tiny page, nothing before the profile but sign-in", async () => {
    const realm = await admin.createRealm("e2e-startup");
    const { context, page } = await openConsole(browser, realm);
    try {
      const requests: Request[] = [];
      const failed: string[] = [];
      page.on("request", (request) => requests.push(request));
      page.on("requestfailed", (request) => failed.push(request.url()));
      page.on("response", (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });

      await page.goto(accountUrl(realm));
      await expect.poll(() => page.locator("input#email").inputValue()).toBe("alice@example.org");

      const urls = requests.map((request) => request.url());
      const consolePages = requests.filter(
        (request) => request.resourceType() === "document" && request.frame() === page.mainFrame(),
      );
      expect(consolePages.map((request) => request.url())).toEqual([accountUrl(realm)]);
      // keycloak-js's third-party-cookie pages are not needed: the console and Keycloak share one origin.
      expect(urls.filter((url) => url.includes("/3p-cookies/"))).toEqual([]);

      const silent = requests.find((request) => request.url().includes("?scope=silent-check-sso&"));
      expect(silent, "the silent check-sso frame").toBeDefined();
      const silentPage = await (await silent!.response())!.text();
      expect(silentPage).toContain("silent-check-sso.js");
      expect(silentPage).not.toContain('id="environment"');

      const profile = urls.findIndex((url) => url.includes("/account/?userProfileMetadata=true"));
      const statusFrame = urls.findIndex((url) => url.includes("login-status-iframe.html"));
      expect(profile).toBeGreaterThan(-1);
      // Session detection starts after the first screen, never before its data.
      if (statusFrame !== -1) expect(statusFrame).toBeGreaterThan(profile);
      expect(urls.filter((url) => url.includes("/assets/RedHatTextVF-"))).toHaveLength(1);
      expect(failed).toEqual([]);
    } finally {
      await context.close();
      await admin.deleteRealm(realm);
    }
  });

  it("notices a sign-out in another tab and goes to the login page (session detection after start)", async () => {
    const realm = await admin.createRealm("e2e-session-ended");
    const { context, page } = await openConsole(browser, realm);
    try {
      await expect.poll(() => page.locator("input#email").inputValue()).toBe("alice@example.org");
      await expect
        .poll(() => page.frames().some((frame) => frame.url().includes("login-status-iframe.html")))
        .toBe(true);
      // Signing out in another tab of the same browser (Keycloak's own logout page).
      const other = await context.newPage();
      await other.goto(`${new URL(accountUrl(realm)).origin}/realms/${realm}/protocol/openid-connect/logout`);
      await other.locator("#kc-logout").click();
      await other.waitForLoadState();
      // The status frame is asked every 5 s; a changed session sends the browser to sign in again.
      await page.locator("#kc-login").waitFor({ timeout: 20000 });
      expect(page.url()).toContain(`/realms/${realm}/protocol/openid-connect/auth`);
    } finally {
      await context.close();
      await admin.deleteRealm(realm);
    }
  });
});
