import { FEATURE_FLAGS } from "../../src/environment/environment";
import { demoLike } from "./support/admin";
import { accountUrl, expect, pageEnvironment, test } from "./support/test";

const ESCAPING = "e2e-escaping";
const NASTY = `Tom's "App" </script><!-- & \\ ünï <b>x</b>`;

test.use({
  realms: {
    [ESCAPING]: demoLike({
      clients: [
        {
          clientId: "nasty-app",
          name: NASTY,
          publicClient: true,
          redirectUris: ["https://app.example.test/*"],
          rootUrl: "https://app.example.test",
        },
      ],
    }),
  },
});

test.describe("the theme served by a real Keycloak", () => {
  // Signing in is this test's subject: through the login page, not with the worker's session.
  test.describe(() => {
    test.use({ account: { ownSession: true } });
    test("signs in through Keycloak's login page and shows the shell with the user's name @core", async ({
      consolePage: page,
    }) => {
      await expect(page.getByTestId("options-toggle")).toContainText("Alice Liddell");
      await expect(page.getByTestId("page-heading")).toHaveText("Personal info");

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
    });
  });

  test("keeps the page and its environment intact whatever characters a client name and referrer URL hold", async ({
    openConsole,
  }) => {
    // Keycloak drops referrer URIs that are not valid URIs (raw quotes or angle brackets), so those come encoded.
    const referrerUri = "https://app.example.test/back?q=%22x%22&y=%3C/script%3E&who=O'Brien_hash_section";
    const page = await openConsole(ESCAPING, {
      query: `?referrer=nasty-app&referrer_uri=${encodeURIComponent(referrerUri)}`,
    });
    const environment = await pageEnvironment(page);
    expect(environment.realm).toBe(ESCAPING);
    expect(environment.referrerName).toBe(NASTY);
    expect(environment.referrerUrl).toBe(referrerUri);

    const link = page.getByTestId("referrer-link");
    await expect(link).toContainText(`Back to ${NASTY}`);
    await expect(link).toHaveAttribute("href", referrerUri.replace("_hash_", "#"));
    // Nothing of the name leaked into the markup as elements.
    await expect(page.locator("b", { hasText: "x" })).toHaveCount(0);
  });
});
