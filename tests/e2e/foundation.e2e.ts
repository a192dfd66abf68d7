import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEATURE_FLAGS } from "../../src/environment/environment";
import { KeycloakAdmin } from "./support/admin";
import { launchBrowser } from "./support/browser";
import { accountUrl, openConsole, pageEnvironment } from "./support/session";

let browser: Browser;
const admin = new KeycloakAdmin();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the theme served by a real Keycloak", () => {
  it("signs in through Keycloak's login page and shows the shell with the user's name", async () => {
    const { context, page } = await openConsole(browser, "demo");
    try {
      await expect.poll(() => page.getByTestId("options-toggle").textContent()).toContain("Alice Liddell");
      expect(await page.getByTestId("page-heading").textContent()).toBe("Personal info");

      const environment = await pageEnvironment(page);
      expect(environment.realm).toBe("demo");
      expect(environment.clientId).toBe("account-console");
      expect(environment.baseUrl).toBe(accountUrl("demo"));
      expect(Object.keys(environment.features as object).sort()).toEqual([...FEATURE_FLAGS].sort());
      for (const key of [
        "serverBaseUrl",
        "locale",
        "resourceUrl",
        "logo",
        "logoUrl",
        "referrerUrl",
        "referrerName",
        "scope",
      ]) {
        expect(typeof environment[key], key).toBe("string");
      }
      expect(environment.darkMode).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("keeps the page and its environment intact whatever characters a client name and referrer URL hold", async () => {
    const nasty = `Tom's "App" </script><!-- & \\ ünï <b>x</b>`;
    const realm = await admin.createRealm("e2e-escaping", {
      clients: [
        {
          clientId: "nasty-app",
          name: nasty,
          publicClient: true,
          redirectUris: ["https://app.example.test/*"],
          rootUrl: "https://app.example.test",
        },
      ],
    });
    // Keycloak drops referrer URIs that are not valid URIs (raw quotes or angle brackets), so those come encoded.
    const referrerUri = "https://app.example.test/back?q=%22x%22&y=%3C/script%3E&who=O'Brien_hash_section";
    const { context, page } = await openConsole(browser, realm, {
      query: `?referrer=nasty-app&referrer_uri=${encodeURIComponent(referrerUri)}`,
    });
    try {
      const environment = await pageEnvironment(page);
      expect(environment.realm).toBe(realm);
      expect(environment.referrerName).toBe(nasty);
      expect(environment.referrerUrl).toBe(referrerUri);

      const link = page.getByTestId("referrer-link");
      expect(await link.textContent()).toContain(`Back to ${nasty}`);
      expect(await link.getAttribute("href")).toBe(referrerUri.replace("_hash_", "#"));
      // Nothing of the name leaked into the markup as elements.
      expect(await page.locator("b", { hasText: "x" }).count()).toBe(0);
    } finally {
      await context.close();
      await admin.deleteRealm(realm);
    }
  });
});
