import type { Locator, Page } from "@playwright/test";
import { DEMO_USER, demoLike, testUser, type KeycloakAdmin, type SignInUser } from "./support/admin";
import { accountAs, requestAccess, type ResourceServer } from "./support/resource-server";
import { expectAccessible } from "./support/axe";
import { screenshot } from "./support/screenshots";
import { expect, keycloakUrl, test } from "./support/test";

// A realm with User-Managed Access and a confidential resource server ("photoz") with authorization services.
// Alice owns most resources, Bob owns one; Carol asks for access. Resources are made through the Admin API's authz
// endpoints (owner + ownerManagedAccess), requests through the real UMA ticket flow, and every outcome is read back
// through the Account REST API with the user's own token.
const REALM = "e2e-resources";
const CLIENT = "photoz";
const SECRET = "photoz-secret";
const APP_URL = "https://photoz.example.org/";
const SCOPES = ["album:view", "album:edit"];
const ALICE = DEMO_USER;
const BOB = { username: "bob", password: "bob", displayName: "Bob Tester" };
const CAROL = { username: "carol", password: "carol", displayName: "Carol Tester" };
/** Owns nothing, and nothing is shared with him. */
const DAVE = { username: "dave", password: "dave", displayName: "Dave Tester" };
/** Alice's resources for paging and search: more than two pages of five. */
const PHOTOS = Array.from({ length: 12 }, (_, i) => `photo-${String(i + 1).padStart(2, "0")}`);

type Permission = { username: string; email?: string; scopes: string[] };
type AccountResource = { _id: string; name: string; scopes: { name: string }[] };

test.use({
  realms: {
    [REALM]: () =>
      demoLike({
        userManagedAccessAllowed: true,
        users: [ALICE, BOB, CAROL, DAVE].map((user) => testUser(user)),
        clients: [
          {
            clientId: CLIENT,
            name: "Photo album",
            secret: SECRET,
            publicClient: false,
            serviceAccountsEnabled: true,
            authorizationServicesEnabled: true,
            directAccessGrantsEnabled: true,
            standardFlowEnabled: true,
            baseUrl: APP_URL,
            redirectUris: [`${keycloakUrl()}/realms/${REALM}/*`],
          },
        ],
      }),
  },
  account: { realm: REALM, route: "resources" },
});

// Several sign-ins and round trips per test, on a machine shared with other work.
test.describe.configure({ timeout: 180_000 });

/** Resource ids by name, filled by the set-up below (again in a worker restarted after a failure). */
const resourceIds = new Map<string, string>();

async function addResource(
  admin: KeycloakAdmin,
  clientUuid: string,
  name: string,
  owner: string,
  extra: Record<string, unknown> = {},
) {
  const created = await admin.clients.createResource(
    { realm: REALM, id: clientUuid },
    // The owner by user name, as Keycloak reads a plain string there.
    {
      name,
      owner: { id: owner },
      ownerManagedAccess: true,
      scopes: SCOPES.map((scope) => ({ name: scope })),
      ...extra,
    },
  );
  resourceIds.set(name, created._id!);
}

test.beforeAll(async ({ admin }) => {
  test.setTimeout(240_000);
  const client = await admin.client(REALM, CLIENT);
  for (const scope of SCOPES) {
    await admin.clients.createAuthorizationScope({ realm: REALM, id: client.id }, { name: scope });
  }
  // "one" as the stock console's own suite names it; display names show instead of names where set.
  await addResource(admin, client.id, "one", ALICE.username);
  await addResource(admin, client.id, "holiday", ALICE.username, { displayName: "Holiday photos" });
  await addResource(admin, client.id, "garden", ALICE.username);
  await addResource(admin, client.id, "secret", ALICE.username);
  await addResource(admin, client.id, "diary", ALICE.username);
  for (const name of PHOTOS) await addResource(admin, client.id, name, ALICE.username);
  await addResource(admin, client.id, "bob-recipes", BOB.username);
});

const PHOTOZ: ResourceServer = { realm: REALM, clientId: CLIENT, secret: SECRET };
const account = <T>(user: SignInUser, path: string, init?: { method?: string; body?: unknown }) =>
  accountAs<T>(PHOTOZ, user, path, init);

const permissionsOf = (name: string) => account<Permission[]>(ALICE, `/resources/${resourceIds.get(name)}/permissions`);
const requestsOf = (name: string) =>
  account<Permission[]>(ALICE, `/resources/${resourceIds.get(name)}/permissions/requests`);
const shareAsAlice = (name: string, username: string, scopes: string[]) =>
  account(ALICE, `/resources/${resourceIds.get(name)}/permissions`, { method: "PUT", body: [{ username, scopes }] });

const requestAccessAs = (user: SignInUser, name: string, scopes: string[]) =>
  requestAccess(PHOTOZ, user, resourceIds.get(name)!, scopes);

/** The name cells of the table's rows, in order. */
const rowNames = (page: Page) => page.locator('[data-testid^="row["][data-testid$="].name"]');

/** How far the page scrolls sideways (0 or less: it fits the viewport). */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Picks scopes in the share or edit dialog's scope select (`container` wraps the select's toggle). */
async function pickScopes(page: Page, container: Locator, scopes: string[]) {
  await container.getByRole("button", { expanded: false }).click();
  for (const scope of scopes) await page.getByRole("option", { name: scope }).click();
  await container.getByRole("button", { expanded: true }).click();
}

/** Searches My Resources and waits until the table shows exactly `names`. */
async function searchMine(page: Page, text: string, names: string[]) {
  const search = page.getByRole("textbox", { name: "Search: My Resources" });
  await search.fill(text);
  await search.press("Enter");
  await expect(rowNames(page)).toHaveText(names);
}

test.describe("my resources", () => {
  test("lists the owned resources; search and paging follow the server across more than ten resources @core", async ({
    consolePage: page,
  }) => {
    await expect(page.getByTestId("page-heading")).toHaveText("Resources");
    await expect(rowNames(page)).toHaveCount(5);
    // Bob's resource is not Alice's.
    await expect(page.getByText("bob-recipes")).toHaveCount(0);
    const link = page.getByRole("link", { name: /Photo album/ }).first();
    await expect(link).toHaveAttribute("href", APP_URL);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await screenshot(page, "resources-my-resources");
    await expectAccessible(page);

    await searchMine(page, "photo", PHOTOS.slice(0, 5));
    const toolbar = page.locator("#my-resources-toolbar");
    const next = toolbar.getByRole("button", { name: /next page/i });
    const prev = toolbar.getByRole("button", { name: /previous page/i });
    await expect(prev).toBeDisabled();
    await next.click();
    await expect(rowNames(page)).toHaveText(PHOTOS.slice(5, 10));
    await next.click();
    await expect(rowNames(page)).toHaveText(PHOTOS.slice(10));
    await expect(next).toBeDisabled();
    await prev.click();
    await expect(rowNames(page)).toHaveText(PHOTOS.slice(5, 10));

    // 20 per page: every photo on one page, starting over at the first.
    await page.locator("#my-resources-pagination-top-toggle").click();
    await page.getByRole("menuitem", { name: /^20/ }).click();
    await expect(rowNames(page)).toHaveText(PHOTOS);
    await expect(next).toBeDisabled();

    await searchMine(page, "photo-1", ["photo-10", "photo-11", "photo-12"]);
    const search = page.getByRole("textbox", { name: "Search: My Resources" });
    await search.fill("nothing-like-this");
    await search.press("Enter");
    await expect(page.getByText("Nothing matches your search")).toBeVisible();
  });

  test.describe(() => {
    test.use({ viewport: { width: 375, height: 812 } });
    test("pages at 375 px too: rows stack with their column names, the pager stays whole", async ({
      consolePage: page,
    }) => {
      await expect(rowNames(page)).toHaveCount(5);
      const first = (await rowNames(page).first().textContent()) ?? "";
      const next = page.locator("#my-resources-toolbar").getByRole("button", { name: /next page/i });
      await expect(next).toBeVisible();
      await screenshot(page, "resources-my-resources-375");
      await next.click();
      await expect(rowNames(page).first()).not.toHaveText(first);
      await expect(rowNames(page)).toHaveCount(5);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    });
  });

  test("passes the stock console's own resources test unchanged", async ({ openConsole }) => {
    // The steps of Keycloak's account-ui test/resources.spec.ts.
    const page = await openConsole(REALM, { route: "resources", user: BOB });
    await expect(page.getByRole("gridcell", { name: "bob-recipes" })).toBeVisible();
    await page.getByTestId("expand-bob-recipes").click();
    await expect(page.getByText("This resource is not shared.")).toBeVisible();

    await page.getByTestId("share-bob-recipes").click();
    await page.getByTestId("users").click();
    await page.getByTestId("users").fill("alice");
    await page.getByTestId("add").click();
    await expect(page.getByRole("group", { name: "Share with" })).toHaveText("Share with alice");

    await page.getByTestId("permissions").getByRole("button", { expanded: false }).click();
    await page.getByRole("option", { name: "album:view" }).click();
    await page.getByTestId("permissions").getByRole("button", { expanded: true }).click();
    await page.getByTestId("done").click();

    await page.getByTestId("expand-bob-recipes").click();
    await expect(page.getByTestId("shared-with-alice")).toBeVisible();

    const alice = await openConsole(REALM, { route: "resources" });
    await alice.getByTestId("sharedWithMe").click();
    await expect(alice.getByTestId("row[0].name")).toHaveText("bob-recipes");
  });
});

test.describe("sharing", () => {
  test("shares by username and by email with a chosen scope; the other user sees it with that scope @core", async ({
    consolePage: page,
    openConsole,
  }) => {
    await searchMine(page, "holiday", ["Holiday photos"]);

    await page.getByTestId("share-holiday").click();
    const dialog = page.getByRole("dialog", { name: "Share the resource - Holiday photos" });
    await expect(dialog.getByTestId("shared-with-none")).toBeVisible();
    const done = dialog.getByTestId("done");
    await dialog.getByTestId("users").fill("bob");
    await dialog.getByTestId("add").click();
    await expect(done).toBeDisabled();
    await pickScopes(page, dialog.getByTestId("permissions"), ["album:view"]);
    await expect(done).toBeEnabled();
    await screenshot(page, "resources-share-dialog");
    await expectAccessible(page);
    await done.click();
    await expect(page.getByTestId("last-alert").getByText("Resource successfully shared.")).toBeVisible();
    expect(await permissionsOf("holiday")).toEqual([
      expect.objectContaining({ username: "bob", scopes: ["album:view"] }),
    ]);

    // By email, another scope; the duplicate check knows Bob by his email too.
    await page.getByTestId("share-holiday").click();
    await expect(dialog.getByTestId("shared-with-bob")).toBeVisible();
    await dialog.getByTestId("users").fill("bob@example.org");
    await expect(dialog.getByText("Resource is already shared with this user.")).toBeVisible();
    await expect(dialog.getByTestId("add")).toBeDisabled();
    await dialog.getByTestId("users").fill("carol@example.org");
    await dialog.getByTestId("add").click();
    await pickScopes(page, dialog.getByTestId("permissions"), ["album:edit"]);
    await done.click();
    // The dialog closes once the share is done; the first share's alert may still be showing.
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("last-alert").getByText("Resource successfully shared.")).toBeVisible();
    const shared = await permissionsOf("holiday");
    expect(shared.map((p) => [p.username, p.scopes]).sort()).toEqual([
      ["bob", ["album:view"]],
      ["carol", ["album:edit"]],
    ]);

    await page.getByTestId("expand-holiday").click();
    const summary = page.locator('[data-testid^="shared-with-"]');
    // Both users, in either order.
    await expect(summary).toHaveAttribute("data-testid", /^shared-with-(bob,carol|carol,bob)$/);
    await expect(summary).toHaveText(/^Resource is shared with (bob|carol) and 1 other users$/);
    await screenshot(page, "resources-expanded");

    for (const [user, scope] of [
      [BOB, "album:view"],
      [CAROL, "album:edit"],
    ] as const) {
      const viewport = user === BOB ? { width: 375, height: 812 } : { width: 1280, height: 800 };
      const other = await openConsole(REALM, { route: "resources", user, viewport });
      await other.getByTestId("sharedWithMe").click();
      const cell = other.getByTestId("row[0].name");
      await expect(cell.getByText("Holiday photos")).toBeVisible();
      const row = other.locator("tr", { has: cell });
      await expect(row.getByText(scope, { exact: true })).toHaveCount(1);
      await expect(
        row.getByText(
          SCOPES.find((s) => s !== scope)!,
          { exact: true },
        ),
      ).toHaveCount(0);
      if (user === BOB) {
        expect(await horizontalOverflow(other)).toBeLessThanOrEqual(0);
        await screenshot(other, "resources-shared-with-me-375");
        await expectAccessible(other);
      }
    }
  });

  test("shows the server's answer for an unknown user on the field and shares nothing", async ({
    consolePage: page,
  }) => {
    await searchMine(page, "secret", ["secret"]);
    await page.getByTestId("share-secret").click();
    const dialog = page.getByRole("dialog", { name: "Share the resource - secret" });
    await expect(dialog.getByTestId("shared-with-none")).toBeVisible();
    await dialog.getByTestId("users").fill("no-such-user");
    await dialog.getByTestId("add").click();
    await pickScopes(page, dialog.getByTestId("permissions"), ["album:view"]);
    await dialog.getByTestId("done").click();
    await expect(dialog.getByTestId("users-helper")).toContainText('No user has the username or email "no-such-user".');
    const alert = page.getByTestId("last-alert");
    await expect(alert).toContainText("Could not share the resource due to: no-such-user");
    await expect(alert).toHaveClass(/danger/);
    await expect(page.getByText("Resource successfully shared.")).toHaveCount(0);
    // The dialog keeps the user, and Done waits until it is removed.
    await expect(dialog.getByRole("group", { name: "Share with" })).toHaveText("Share with no-such-user");
    await expect(dialog.getByTestId("done")).toBeDisabled();
    await screenshot(page, "resources-share-unknown-user");
    expect(await permissionsOf("secret")).toEqual([]);
  });

  test("edits a user's scopes and unshares everyone", async ({ openConsole }) => {
    await shareAsAlice("garden", "bob", ["album:view"]);
    await shareAsAlice("garden", "carol", ["album:view"]);
    const page = await openConsole(REALM, { route: "resources" });
    await searchMine(page, "garden", ["garden"]);

    await page.getByTestId("actions-garden").click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit the resource - garden" });
    const bob = edit.getByTestId("edit-permissions-bob");
    await expect(bob).toBeVisible();
    await pickScopes(page, bob, ["album:edit"]);
    await screenshot(page, "resources-edit-dialog");
    await edit.getByTestId("done").click();
    await expect(page.getByTestId("last-alert").getByText("Resource successfully updated.")).toBeVisible();
    const edited = await permissionsOf("garden");
    expect(edited.map((p) => [p.username, [...p.scopes].sort()]).sort()).toEqual([
      ["bob", ["album:edit", "album:view"]],
      ["carol", ["album:view"]],
    ]);

    await page.getByTestId("actions-garden").click();
    await page.getByRole("menuitem", { name: "Unshare all" }).click();
    const confirm = page.getByRole("dialog", { name: "Unshare all" });
    await expect(confirm.getByText("Are you sure you want to completely remove all shares?")).toBeVisible();
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("last-alert").getByText("Resource successfully un-shared.")).toBeVisible();
    expect(await permissionsOf("garden")).toEqual([]);
    const bobSees = await account<AccountResource[]>(BOB, "/resources/shared-with-me?first=0&max=20&name=garden");
    expect(bobSees).toEqual([]);
    await page.getByTestId("expand-garden").click();
    await expect(page.getByTestId("shared-with-none")).toBeVisible();
  });

  test("accepts one access request and denies another, filed through the UMA ticket flow @core", async ({
    openConsole,
  }) => {
    await requestAccessAs(BOB, "diary", ["album:view"]);
    await requestAccessAs(CAROL, "diary", ["album:edit"]);
    expect((await requestsOf("diary")).map((r) => r.username).sort()).toEqual(["bob", "carol"]);
    const page = await openConsole(REALM, { route: "resources" });
    await searchMine(page, "diary", ["diary"]);
    await page.getByRole("button", { name: "Permission requests: 2" }).click();
    const dialog = page.getByRole("dialog", { name: "Permission requests - diary" });
    await expect(dialog.getByText("bob@example.org")).toBeVisible();
    await screenshot(page, "resources-requests-dialog");
    await expectAccessible(page);

    await dialog.getByRole("button", { name: "Accept: bob" }).click();
    await expect(page.getByTestId("last-alert").getByText("Resource successfully shared.")).toBeVisible();
    await expect(dialog.getByText("bob@example.org")).toHaveCount(0);
    expect(await permissionsOf("diary")).toEqual([
      expect.objectContaining({ username: "bob", scopes: ["album:view"] }),
    ]);

    await dialog.getByRole("button", { name: "Deny: carol" }).click();
    await expect(page.getByTestId("last-alert").getByText("Resource successfully updated.")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect(await requestsOf("diary")).toEqual([]);
    expect((await permissionsOf("diary")).map((p) => p.username)).toEqual(["bob"]);
    await expect(page.getByRole("button", { name: /Permission requests: / })).toHaveCount(0);
    const bobSees = await account<AccountResource[]>(BOB, "/resources/shared-with-me?first=0&max=20&name=diary");
    expect(bobSees.map((r) => [r.name, r.scopes.map((s) => s.name)])).toEqual([["diary", ["album:view"]]]);
  });
});

test.describe("shared with me", () => {
  test.use({
    account: { realm: REALM, route: "resources", user: DAVE },
    viewport: { width: 375, height: 812 },
  });

  test("says when there is nothing to list, at 375 px too", async ({ consolePage: page }) => {
    await expect(page.getByText("You don’t have any resources")).toBeVisible();
    await screenshot(page, "resources-empty-375");
    await page.getByTestId("sharedWithMe").click();
    await expect(page.getByText("There are no resources shared with you")).toBeVisible();
    const search = page.getByRole("textbox", { name: "Search: Shared with Me" });
    await search.fill("nothing-like-this");
    await search.press("Enter");
    await expect(page.getByText("Nothing matches your search")).toBeVisible();
    // No table at all, so no rows (the old `table > tr` could never match: rows sit in thead/tbody).
    await expect(page.getByRole("grid")).toHaveCount(0);
    await expect(rowNames(page)).toHaveCount(0);
  });
});
