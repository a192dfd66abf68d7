import { DEMO_USER, demoLike, testUser } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { submitLogin } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { expect, keycloakUrl, test } from "./support/test";

// Three realms: applications (a consent-required client, a client with a javascript: URL), nested groups, and
// organizations (which makes the login identity-first).
const APPS = "e2e-applications";
const GROUPS = "e2e-groups";
/** Erin's 60 groups: more than one page of the groups list. */
const MANY_GROUPS = Array.from({ length: 60 }, (_, i) => `team-${String(i + 1).padStart(2, "0")}`);
const ORGS = "e2e-organizations";
const SHOP_URL = "https://shop.example.org/";

/** A user whose password is their user name (as the demo user's is). */
const person = (username: string, roles: string[], extra: Record<string, unknown> = {}) =>
  testUser({ username, password: username }, { roles, ...extra });
const group = (name: string, subGroups: unknown[] = []) => ({ name, path: `/${name}`, subGroups });

test.use({
  realms: {
    [APPS]: () =>
      demoLike({
        users: [person(DEMO_USER.username, ["manage-account", "view-profile"])],
        clients: [
          {
            clientId: "shop",
            name: "Web Shop",
            description: "Buys things for you",
            publicClient: true,
            standardFlowEnabled: true,
            consentRequired: true,
            baseUrl: SHOP_URL,
            redirectUris: [`${keycloakUrl()}/realms/${APPS}`],
            attributes: { tosUri: "https://shop.example.org/terms", policyUri: "https://shop.example.org/privacy" },
          },
        ],
      }),
    [GROUPS]: demoLike({
      users: [
        person(DEMO_USER.username, ["manage-account", "view-groups"], {
          groups: ["/one/subgroup", "/four", "/five"],
        }),
        person("dave", ["manage-account", "view-groups"], { groups: ["/one/subgroup/deep"] }),
        person("erin", ["manage-account", "view-groups"], { groups: MANY_GROUPS.map((name) => `/${name}`) }),
      ],
      groups: [
        group("five"),
        group("four"),
        {
          name: "one",
          path: "/one",
          subGroups: [
            { name: "subgroup", path: "/one/subgroup", subGroups: [{ name: "deep", path: "/one/subgroup/deep" }] },
          ],
        },
        group("three"),
        ...MANY_GROUPS.map((name) => group(name)),
      ],
    }),
    [ORGS]: demoLike({
      organizationsEnabled: true,
      users: [
        person(DEMO_USER.username, ["manage-account", "view-profile"]),
        person("bob", ["manage-account", "view-profile"]),
      ],
    }),
  },
});

test.beforeAll(async ({ admin }) => {
  // The Admin API refuses javascript: URLs; a partial import stores them, as an old export could.
  await admin.realms.partialImport({
    realm: APPS,
    rep: {
      ifResourceExists: "OVERWRITE",
      clients: [
        {
          clientId: "archive",
          name: "Archive",
          publicClient: true,
          alwaysDisplayInConsole: true,
          baseUrl: "javascript:alert(document.domain)",
        },
      ],
    },
  });

  const wonderland = await admin.organizations.create({
    realm: ORGS,
    name: "Wonderland",
    alias: "wonderland",
    enabled: true,
    description: "Tea parties and croquet",
    domains: [{ name: "wonderland.example" }, { name: "looking-glass.example" }],
  });
  await admin.organizations.addMember({
    realm: ORGS,
    orgId: wonderland.id,
    userId: await admin.userId(ORGS, DEMO_USER.username),
  });
});

test.describe("applications", () => {
  test.use({ account: { realm: APPS, route: "applications" } });

  test("lists a consent granted on Keycloak's consent screen with its scopes; Remove access revokes it on the server @core", async ({
    browser,
    admin,
    consolePage: page,
  }) => {
    // Grant the shop its consent on Keycloak's own consent screen, in a browser context of its own.
    const consentContext = await browser.newContext();
    const consentPage = await consentContext.newPage();
    const query = new URLSearchParams({
      client_id: "shop",
      response_type: "code",
      scope: "openid profile email",
      redirect_uri: `${keycloakUrl()}/realms/${APPS}`,
    });
    await consentPage.goto(`${keycloakUrl()}/realms/${APPS}/protocol/openid-connect/auth?${query}`);
    await submitLogin(consentPage, DEMO_USER.username, DEMO_USER.password);
    await consentPage.locator('[name="accept"]').click();
    await expect(consentPage).toHaveURL(/[?&]code=/);
    await consentContext.close();
    const userId = await admin.userId(APPS, DEMO_USER.username);
    const consents = async () =>
      (await admin.users.listConsents({ realm: APPS, id: userId })).map((consent) => consent.clientId);
    expect(await consents()).toContain("shop");

    await page.reload();
    const rows = page.getByTestId("applications-list-item");
    const shop = rows.filter({ hasText: "Web Shop" });
    await expect(shop).toContainText("Third-party");
    const names = (await rows.locator('[id^="application-name-"]').allTextContents()).map((name) => name.trim());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const link = shop.getByRole("link", { name: /Web Shop/ });
    await expect(link).toHaveAttribute("href", SHOP_URL);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");

    await page.locator("#toggle-shop").click();
    await expect(page.getByTestId("toggle-shop")).toHaveAttribute("aria-expanded", "true");
    const details = shop.locator(".pf-v6-c-data-list__expandable-content");
    await expect(details).toContainText("Has access to");
    for (const text of ["User profile", "Email address", "Access granted on"])
      await expect(details).toContainText(text);
    await expect(details.getByRole("link", { name: "https://shop.example.org/terms" })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );
    await screenshot(page, "applications-consent");
    await expectAccessible(page);

    await shop.getByRole("button", { name: "Remove access" }).click();
    await page.getByRole("dialog", { name: "Remove access" }).getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("last-alert")).toContainText("Successfully removed consent");
    expect(await consents()).not.toContain("shop");
    // The refreshed list no longer offers to remove what is gone.
    await expect(page.getByText(/Has access to/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Remove access" })).toHaveCount(0);
  });

  test.describe(() => {
    test.use({ viewport: { width: 360, height: 740 } });
    test("shows a client whose URL is javascript: as plain text, never as a link, also at 360 px", async ({
      consolePage: page,
    }) => {
      const archive = page.getByTestId("applications-list-item").filter({ hasText: "Archive" });
      await page.getByTestId("toggle-archive").click();
      await expect(archive.getByText("javascript:alert(document.domain)")).toBeVisible();
      await expect(archive.getByRole("link")).toHaveCount(0);
      await expect(page.locator('a[href^="javascript"], img[src^="javascript"]')).toHaveCount(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, "applications-360");
    });
  });
});

test.describe("groups", () => {
  test.describe(() => {
    test.use({ account: { realm: GROUPS, route: "groups" } });
    test("lists direct groups, then inherited ones; the checkbox switches both ways @core", async ({
      consolePage: page,
    }) => {
      const checkbox = page.getByTestId("directMembership-checkbox");
      const pathRows = page.locator("#groups-list li").filter({ hasText: /\/\S+$/ });
      await expect(checkbox).not.toBeChecked();
      await expect(page.getByTestId("group[3].name")).toHaveText("one");
      await expect(pathRows).toHaveCount(4);
      await expect(pathRows.nth(3)).toContainText("Inherited");
      await screenshot(page, "groups");
      await expectAccessible(page);

      await checkbox.click();
      await expect(checkbox).toBeChecked();
      await expect(pathRows).toHaveCount(3);
      await expect(page.getByTestId("group[2].name")).toHaveText("subgroup");
      await expect(page.getByText("Inherited")).toHaveCount(0);

      await checkbox.press("Space");
      await expect(checkbox).not.toBeChecked();
      await expect(pathRows).toHaveCount(4);
    });
  });

  test.describe(() => {
    test.use({
      account: { realm: GROUPS, route: "groups", user: { username: "dave", password: "dave" } },
      viewport: { width: 360, height: 740 },
    });
    test("derives every ancestor of a deeply nested membership", async ({ consolePage: page }) => {
      await expect(page.locator("#groups-list li .group-path")).toHaveText([
        "/one/subgroup/deep",
        "/one/subgroup",
        "/one",
      ]);
      await screenshot(page, "groups-360");
    });
  });
});

test.describe("groups, many", () => {
  test.use({ account: { realm: GROUPS, route: "groups", user: { username: "erin", password: "erin" } } });
  test("shows sixty memberships fifty at a time, and pages to the rest", async ({ consolePage: page }) => {
    const names = page.locator("#groups-list li .group-name");
    await expect(names).toHaveCount(50);
    await expect(page.getByTestId("group[49].name")).toBeVisible();
    await page.getByRole("button", { name: "Go to next page" }).click();
    await expect(names).toHaveCount(10);
    await expect(page.getByTestId("group[50].name")).toBeVisible();
    await expect(page.getByTestId("group[0].name")).toHaveCount(0);
    await screenshot(page, "groups-paged");
    await expectAccessible(page);
  });
});

test.describe("organizations", () => {
  test.use({ account: { realm: ORGS, route: "organizations" } });

  test("lists the organization the user belongs to with its domains (identity-first sign-in) @core", async ({
    consolePage: page,
  }) => {
    const row = page.getByTestId("organizations-list-item");
    await expect(row).toHaveCount(1);
    for (const text of ["Wonderland", "wonderland.example", "looking-glass.example", "Tea parties and croquet"]) {
      await expect(row).toContainText(text);
    }
    await expect(page.getByTestId("organizations")).toHaveCount(1);
    await screenshot(page, "organizations");
    await expectAccessible(page);
  });

  test.describe(() => {
    test.use({ account: { realm: ORGS, route: "organizations", user: { username: "bob", password: "bob" } } });
    test("shows the empty state to a user in no organization @core", async ({ consolePage: page }) => {
      await expect(page.getByText("No organizations")).toBeVisible();
      await expect(page.getByText("You have not joined any organizations yet.")).toHaveCount(1);
      await expect(page.getByTestId("organizations-list-item")).toHaveCount(0);
      await screenshot(page, "organizations-empty");
      await expectAccessible(page);
    });
  });
});
