import type { Page } from "@playwright/test";
import { DEMO_USER, demoLike, type KeycloakAdmin, type UserRepresentation } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { screenshot } from "./support/screenshots";
import { expect, keycloakUrl, test } from "./support/test";

// Names a realm admin wrote as ${key}, with the texts in the realm's own translations (Realm settings → Localization):
// an organization, a group, a client's description and a client scope's consent text.
const REALM = "e2e-parity-labels";
const TEXTS = {
  orgWonderland: "Wonderland Trading",
  orgWonderlandAbout: "Tea parties and croquet, since 1865",
  groupStaff: "Palace staff",
  groupStaffAbout: "Everyone who works at the palace",
  shopAbout: "Buys tarts for you",
  scopeOrders: "Read the orders you placed",
};

const ALICE = {
  username: DEMO_USER.username,
  enabled: true,
  email: "alice@example.org",
  emailVerified: true,
  firstName: "Alice",
  lastName: "Liddell",
  credentials: [{ type: "password", value: DEMO_USER.password, temporary: false }],
  clientRoles: { account: ["manage-account", "view-profile", "view-groups", "view-applications"] },
  groups: ["/${groupStaff}"],
};

test.use({
  realms: {
    [REALM]: () =>
      demoLike({
        organizationsEnabled: true,
        localizationTexts: { en: TEXTS },
        groups: [{ name: "${groupStaff}", description: "${groupStaffAbout}" }],
        users: [ALICE],
      }),
  },
});

async function organizationId(admin: KeycloakAdmin): Promise<string> {
  const [organization] = await admin.organizations.find({ realm: REALM, search: "wonderland", exact: false });
  return organization!.id!;
}

/** The organization's members as the Admin API lists them, with how each belongs (not in the library's type). */
async function members(admin: KeycloakAdmin) {
  const listed = await admin.organizations.listMembers({ realm: REALM, orgId: await organizationId(admin) });
  return listed as (UserRepresentation & { membershipType?: string })[];
}

test.beforeAll(async ({ admin }) => {
  const existing = await admin.organizations.find({ realm: REALM, search: "wonderland" });
  if (existing.length > 0) return;
  // Client scopes in the realm's JSON would replace Keycloak's default ones (profile, roles...): add this one after.
  await admin.clientScopes.create({
    realm: REALM,
    name: "orders",
    protocol: "openid-connect",
    attributes: { "display.on.consent.screen": "true", "consent.screen.text": "${scopeOrders}" },
  });
  await admin.realms.partialImport({
    realm: REALM,
    rep: {
      ifResourceExists: "OVERWRITE",
      clients: [
        {
          clientId: "shop",
          name: "Tart Shop",
          description: "${shopAbout}",
          publicClient: true,
          consentRequired: true,
          baseUrl: "https://shop.example.org/",
          redirectUris: [`${keycloakUrl()}/realms/${REALM}`],
          optionalClientScopes: ["orders"],
        },
      ],
      // The consent comes with the user (the Admin API has no call that grants one): the same user, re-imported.
      users: [{ ...ALICE, clientConsents: [{ clientId: "shop", grantedClientScopes: ["orders"] }] }],
    },
  });
  const org = await admin.organizations.create({
    realm: REALM,
    name: "${orgWonderland}",
    alias: "wonderland",
    enabled: true,
    description: "${orgWonderlandAbout}",
    domains: [{ name: "wonderland.example" }],
  });
  await admin.organizations.addMember({
    realm: REALM,
    orgId: org.id,
    userId: await admin.userId(REALM, DEMO_USER.username),
  });
});

const noBundleKeys = async (page: Page) => expect(page.locator("main")).not.toContainText("${");

/** Reloads the page with the real organizations answer, each organization with `membershipType` added to it. */
async function showMembershipType(page: Page, membershipType: string) {
  await page.route(/\/account\/organizations$/, async (route) => {
    if (route.request().resourceType() !== "fetch") return route.fallback();
    const response = await route.fetch();
    const organizations = (await response.json()) as Record<string, unknown>[];
    await route.fulfill({
      response,
      json: organizations.map((organization) => ({ ...organization, membershipType })),
    });
  });
  await page.reload();
}

test.describe("organizations", () => {
  test.use({ account: { realm: REALM, route: "organizations" } });

  test("a name and description written as ${key} show the realm's text; no membership type column, as Keycloak sends none", async ({
    consolePage: page,
    admin,
  }) => {
    const row = page.getByTestId("organizations-list-item");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(TEXTS.orgWonderland);
    await expect(row).toContainText(TEXTS.orgWonderlandAbout);
    await noBundleKeys(page);

    // Keycloak knows how alice belongs (its Admin API says so), but its Account API does not tell the console.
    expect((await members(admin)).find((member) => member.username === DEMO_USER.username)?.membershipType).toBe(
      "UNMANAGED",
    );
    const answer = page.waitForResponse(
      (response) => response.request().resourceType() === "fetch" && /\/account\/organizations$/.test(response.url()),
    );
    await page.reload();
    const organizations = (await (await answer).json()) as Record<string, unknown>[];
    expect(organizations).toHaveLength(1);
    expect(organizations[0]).not.toHaveProperty("membershipType");
    await expect(row).toContainText(TEXTS.orgWonderland);
    await expect(page.getByText("Membership type")).toHaveCount(0);
    await expect(page.getByTestId("organization-membership-type")).toHaveCount(0);
  });

  test("shows the membership type when the server sends it (the Admin API's value, added to the real answer)", async ({
    consolePage: page,
    admin,
  }) => {
    const type = (await members(admin)).find((member) => member.username === DEMO_USER.username)!.membershipType!;
    await showMembershipType(page, type);
    const row = page.getByTestId("organizations-list-item");
    await expect(page.getByText("Membership type")).toBeVisible();
    await expect(row.getByTestId("organization-membership-type")).toHaveText("Unmanaged");
    await screenshot(page, "parity-organizations-membership-desktop-light");
    await expectAccessible(page, "organizations with membership type");
  });

  test.describe("on a phone in dark mode", () => {
    test.use({ viewport: { width: 360, height: 740 }, colorScheme: "dark" });

    test("the row with its membership type fits the screen", async ({ consolePage: page }) => {
      await showMembershipType(page, "MANAGED");
      const row = page.getByTestId("organizations-list-item");
      await expect(row.getByTestId("organization-membership-type")).toHaveText("Managed");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(page, "parity-organizations-membership-phone-dark");
    });
  });
});

test.describe("groups", () => {
  test.use({ account: { realm: REALM, route: "groups" } });

  test("a group named ${key} shows the realm's text, with its description", async ({ consolePage: page }) => {
    await expect(page.getByTestId("group[0].name")).toHaveText(TEXTS.groupStaff);
    await expect(page.getByTestId("group[0].description")).toHaveText(TEXTS.groupStaffAbout);
    await screenshot(page, "parity-groups-labels");
    await expectAccessible(page, "groups with translated names");
  });
});

test.describe("applications", () => {
  test.use({ account: { realm: REALM, route: "applications" } });

  test("a client's description and a scope's consent text written as ${key} show the realm's text", async ({
    consolePage: page,
  }) => {
    await page.getByTestId("toggle-shop").click();
    const row = page.getByTestId("applications-list-item").filter({ hasText: "Tart Shop" });
    await expect(row).toContainText(TEXTS.shopAbout);
    await expect(row).toContainText(TEXTS.scopeOrders);
    await noBundleKeys(page);
    await screenshot(page, "parity-applications-labels");
  });
});
