import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_USER, demoLike, testUser, type KeycloakAdmin } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { oidcBroker, brokerClient } from "./support/broker";
import { consoleToken, freshPage, submitLogin } from "./support/browser";
import { expectError } from "./support/extension";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, keycloakUrl, test } from "./support/test";

// Leaving an organization (the extension's DELETE …/organizations/{id}, the Organizations page). Carol joins the
// partner organization through its identity provider, which makes her a managed member; alice, bob and dave were added
// by the admin (unmanaged).
const REALM = "e2e-leave-org";
const PARTNER = "e2e-leave-org-partner";
const BROKER_SECRET = "broker-secret";
const BOB = { username: "bob", password: "bob" };
const CAROL = { username: "carol", password: "carol" };
// Dave may only view his profile: the console's token then carries no manage-account.
const DAVE = { username: "dave", password: "dave" };

test.use({
  realms: {
    [PARTNER]: () =>
      demoLike({
        accountTheme: undefined,
        users: [testUser(CAROL, { email: "carol@partner.example", lastName: "Partner" })],
        clients: [brokerClient(REALM, "partner", BROKER_SECRET)],
      }),
    [REALM]: () =>
      demoLike({
        organizationsEnabled: true,
        adminEventsEnabled: true,
        adminEventsDetailsEnabled: true,
        users: [
          testUser(DEMO_USER, { lastName: "Liddell" }),
          testUser(BOB),
          testUser(DAVE, { roles: ["view-profile"] }),
        ],
        identityProviders: [oidcBroker("partner", "Partner", PARTNER, BROKER_SECRET)],
      }),
  },
  account: { realm: REALM, route: "organizations" },
});

type Org = { alias: string; name: string; domain: string; members: string[] };
const WONDERLAND: Org = { alias: "wonderland", name: "Wonderland", domain: "wonderland.example", members: ["alice"] };
const GLASS: Org = { alias: "glass", name: "Looking Glass", domain: "glass.example", members: ["bob", "dave"] };
const PARTNER_ORG: Org = { alias: "partner", name: "Partner", domain: "partner.example", members: [] };

async function organizationId(admin: KeycloakAdmin, org: Org): Promise<string> {
  const found = await admin.organizations.find({ realm: REALM });
  return found.find((candidate) => candidate.alias === org.alias)!.id!;
}

async function memberNames(admin: KeycloakAdmin, org: Org): Promise<string[]> {
  const members = await admin.organizations.listMembers({ realm: REALM, orgId: await organizationId(admin, org) });
  return members.map((member) => member.username!).sort();
}

/** Makes `username` a member of `org` (by the admin: unmanaged) unless it is one. */
async function ensureMember(admin: KeycloakAdmin, org: Org, username: string) {
  if ((await memberNames(admin, org)).includes(username)) return;
  await admin.organizations.addMember({
    realm: REALM,
    orgId: await organizationId(admin, org),
    userId: await admin.userId(REALM, username),
  });
}

test.beforeAll(async ({ admin }) => {
  if ((await admin.organizations.find({ realm: REALM })).length === 0) {
    for (const org of [WONDERLAND, GLASS, PARTNER_ORG]) {
      await admin.organizations.create({
        realm: REALM,
        name: org.name,
        alias: org.alias,
        enabled: true,
        domains: [{ name: org.domain }],
      });
    }
    // The partner's identity provider belongs to its organization and takes every address of its domain.
    const partnerIdp = await admin.identityProviders.findOne({ realm: REALM, alias: "partner" });
    await admin.identityProviders.update(
      { realm: REALM, alias: "partner" },
      {
        ...partnerIdp,
        config: {
          ...partnerIdp!.config,
          "kc.org.domain": PARTNER_ORG.domain,
          "kc.org.broker.redirect.mode.email-matches": "true",
        },
      },
    );
    await admin.organizations.linkIdp({
      realm: REALM,
      orgId: await organizationId(admin, PARTNER_ORG),
      alias: "partner",
    });
  }
});

// Every test starts with the admin's memberships in place (the first test ends alice's).
test.beforeEach(async ({ admin }) => {
  for (const org of [WONDERLAND, GLASS]) for (const username of org.members) await ensureMember(admin, org, username);
});

const extension = (path = "") => `${keycloakUrl()}/realms/${REALM}/account-console-extension/${path}`;

function leave(request: APIRequestContext, id: string, token?: string) {
  return request.delete(extension(`organizations/${encodeURIComponent(id)}`), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/**
 * Carol signs in to the console through the partner's identity provider (identity-first: her address's domain sends
 * her there). The first time, Keycloak creates her account and makes her a managed member of the partner organization.
 */
async function signInThroughPartner(page: Page) {
  await page.goto(accountUrl(REALM, "organizations"));
  await page.locator("#username").fill("carol@partner.example");
  await page.locator("#kc-login").click();
  await expect(page).toHaveURL(new RegExp(`/realms/${PARTNER}/`));
  await submitLogin(page, CAROL.username, CAROL.password);
  await expect(page.getByTestId("page-heading")).toBeVisible({ timeout: 30_000 });
}

test.describe("an unmanaged member", () => {
  test("leaves after a confirmation: the row goes, an alert says so, the admin sees the membership gone and an admin event @core", async ({
    consolePage: page,
    admin,
  }) => {
    const row = page.getByTestId("organizations-list-item");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(WONDERLAND.name);
    const leaveButton = row.getByRole("button", { name: `Leave ${WONDERLAND.name}` });
    await expect(leaveButton).toBeVisible();
    await screenshot(page, "leave-organization-desktop");

    // Cancel changes nothing.
    await leaveButton.click();
    const dialog = page.getByRole("dialog", { name: `Leave “${WONDERLAND.name}”?` });
    await expect(dialog).toContainText("You will no longer be a member of this organization");
    await expect(dialog).toContainText("identity provider");
    await screenshot(page, "leave-organization-dialog-desktop");
    await expectAccessible(page, "leave organization dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    expect(await memberNames(admin, WONDERLAND)).toContain(DEMO_USER.username);

    await leaveButton.click();
    await dialog.getByRole("button", { name: "Leave" }).click();
    await expect(page.getByText(`You left “${WONDERLAND.name}”.`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText("No organizations")).toBeVisible();
    await screenshot(page, "leave-organization-done-desktop");

    // Keycloak's side: the membership is gone, the account is not, and an admin finds who did it.
    expect(await memberNames(admin, WONDERLAND)).not.toContain(DEMO_USER.username);
    const aliceId = await admin.userId(REALM, DEMO_USER.username);
    expect((await admin.users.findOne({ realm: REALM, id: aliceId }))?.username).toBe(DEMO_USER.username);
    const wonderlandId = await organizationId(admin, WONDERLAND);
    await expect
      .poll(async () =>
        (
          await admin.realms.findAdminEvents({
            realm: REALM,
            resourceTypes: "ORGANIZATION_MEMBERSHIP",
            operationTypes: "DELETE",
          })
        ).map((event) => ({ path: event.resourcePath, user: event.authDetails?.userId })),
      )
      .toContainEqual({ path: `organizations/${wonderlandId}/members/${aliceId}`, user: aliceId });

    // Leaving again (another tab, an old page): not a member any more, answered as an unknown organization.
    await expectError(
      await leave(page.request, wonderlandId, await consoleToken(page, REALM)),
      404,
      "organization_not_found",
    );
  });

  test("ten leaves of one membership at once: one 204, the rest 404, one admin event, the account intact", async ({
    consolePage: page,
    admin,
  }) => {
    const token = await consoleToken(page, REALM);
    const wonderlandId = await organizationId(admin, WONDERLAND);
    const aliceId = await admin.userId(REALM, DEMO_USER.username);
    const resourcePath = `organizations/${wonderlandId}/members/${aliceId}`;
    const events = async () =>
      (
        await admin.realms.findAdminEvents({
          realm: REALM,
          resourceTypes: "ORGANIZATION_MEMBERSHIP",
          operationTypes: "DELETE",
          resourcePath,
          max: 1000,
        })
      ).length;
    const before = await events();

    const answers = await Promise.all(Array.from({ length: 10 }, () => leave(page.request, wonderlandId, token)));
    const statuses = answers.map((answer) => answer.status()).sort();
    expect(statuses).toEqual([204, ...Array<number>(9).fill(404)]);
    for (const refused of answers.filter((answer) => answer.status() === 404)) {
      await expectError(refused, 404, "organization_not_found");
    }

    // Every answer is in, so every transaction has ended: the count waited for is the final one.
    await expect.poll(events).toBeGreaterThan(before);
    expect(await events()).toBe(before + 1);
    expect(await memberNames(admin, WONDERLAND)).not.toContain(DEMO_USER.username);
    expect((await admin.users.findOne({ realm: REALM, id: aliceId }))?.username).toBe(DEMO_USER.username);
  });

  test("the extension lists the memberships, none managed", async ({ consolePage: page, admin }) => {
    const token = await consoleToken(page, REALM);
    const response = await page.request.get(extension("organizations"), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(await response.json()).toEqual({
      organizations: [{ id: await organizationId(admin, WONDERLAND), managed: false }],
    });
  });

  test.describe("at 320 px in dark mode", () => {
    test.use({ viewport: { width: 320, height: 640 }, colorScheme: "dark" });

    test("the row, its leave button and the dialog fit and pass axe", async ({ consolePage: page }) => {
      const row = page.getByTestId("organizations-list-item");
      await expect(row.getByTestId("organization-leave")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await screenshot(page, "leave-organization-320-dark");
      await expectAccessible(page, "organizations with leave, 320 px dark");
      await row.getByTestId("organization-leave").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await screenshot(page, "leave-organization-dialog-320-dark");
      await expectAccessible(page, "leave organization dialog, 320 px dark");
    });
  });
});

test.describe("the API refuses", () => {
  test("another user's organization, an unknown one and a request without a token", async ({
    consolePage: page,
    admin,
  }) => {
    const token = await consoleToken(page, REALM);
    // Looking Glass is bob's and dave's, not alice's: answered as an unknown organization.
    await expectError(
      await leave(page.request, await organizationId(admin, GLASS), token),
      404,
      "organization_not_found",
    );
    await expectError(await leave(page.request, "no-such-organization", token), 404, "organization_not_found");
    const anonymous = await leave(page.request, await organizationId(admin, WONDERLAND));
    expect(anonymous.status()).toBe(401);
    expect(await memberNames(admin, GLASS)).toEqual(["bob", "dave"]);
    expect(await memberNames(admin, WONDERLAND)).toEqual(["alice"]);
  });

  test("a user without manage-account", async ({ browser, admin, request }) => {
    // Keycloak's Account API refuses dave's console its first screen, so his token is taken from its first call.
    const token = await freshPage(browser, async (page) => {
      const call = page.waitForRequest(
        (request) =>
          new URL(request.url()).pathname.startsWith(`/realms/${REALM}/`) &&
          /^Bearer \S+$/.test(request.headers()["authorization"] ?? ""),
      );
      await page.goto(accountUrl(REALM, "organizations"));
      await submitLogin(page, DAVE.username, DAVE.password);
      return (await call).headers()["authorization"]!.slice("Bearer ".length);
    });
    await expectError(await leave(request, await organizationId(admin, GLASS), token), 403, "forbidden");
    expect(await memberNames(admin, GLASS)).toEqual(["bob", "dave"]);
  });

  test("everything while the realm's organizations are switched off", async ({ consolePage: page, admin }) => {
    const token = await consoleToken(page, REALM);
    const wonderlandId = await organizationId(admin, WONDERLAND);
    await admin.realms.update({ realm: REALM }, { organizationsEnabled: false });
    await expectError(await leave(page.request, wonderlandId, token), 404, "not_found");
    await expectError(
      await page.request.get(extension("organizations"), { headers: { authorization: `Bearer ${token}` } }),
      404,
      "not_found",
    );
    await admin.realms.update({ realm: REALM }, { organizationsEnabled: true });
    expect(await memberNames(admin, WONDERLAND)).toEqual(["alice"]);
  });
});

test.describe("a managed member", () => {
  test("reads why they cannot leave and whom to ask, has no leave button, and the API refuses with the account intact @core", async ({
    browser,
    admin,
  }) => {
    await freshPage(browser, async (page) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await page.emulateMedia({ colorScheme: "dark" });
      await signInThroughPartner(page);
      expect(await memberNames(admin, PARTNER_ORG)).toEqual([CAROL.username]);

      const row = page.getByTestId("organizations-list-item");
      await expect(row).toContainText(PARTNER_ORG.name);
      await expect(row.getByTestId("organization-managed")).toHaveText(
        "Your account came with this organization through its identity provider, so you cannot leave it here. Ask your organization's administrator.",
      );
      await expect(row.getByRole("button")).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await screenshot(page, "leave-organization-managed-320-dark");
      await expectAccessible(page, "managed member, 320 px dark");

      const token = await consoleToken(page, REALM);
      const listed = await page.request.get(extension("organizations"), {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await listed.json()).toEqual({
        organizations: [{ id: await organizationId(admin, PARTNER_ORG), managed: true }],
      });
      await expectError(
        await leave(page.request, await organizationId(admin, PARTNER_ORG), token),
        409,
        "managed_member",
      );
      const carol = await admin.users.find({ realm: REALM, username: CAROL.username, exact: true });
      expect(carol).toHaveLength(1);
      expect(await memberNames(admin, PARTNER_ORG)).toEqual([CAROL.username]);
    });
  });
});
