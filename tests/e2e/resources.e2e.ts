import AxeBuilder from "@axe-core/playwright";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_USER, KeycloakAdmin } from "./support/admin";
import { launchBrowser } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { openConsole } from "./support/session";

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

/** Several sign-ins and round trips per test, on a machine shared with other work. */
const SLOW = { timeout: 180_000 };

let browser: Browser;
const admin = new KeycloakAdmin();
let keycloak: string;

type Permission = { username: string; email?: string; scopes: string[] };
type AccountResource = { _id: string; name: string; scopes: { name: string }[] };

const person = (username: string, password: string) => ({
  username,
  enabled: true,
  email: `${username}@example.org`,
  emailVerified: true,
  firstName: username[0]!.toUpperCase() + username.slice(1),
  lastName: "Tester",
  credentials: [{ type: "password", value: password, temporary: false }],
  clientRoles: { account: ["manage-account", "view-profile"] },
});

/** A token of the realm: a user's (password grant through the resource server) or the resource server's own (PAT). */
async function token(user?: { username: string; password: string }): Promise<string> {
  const params: Record<string, string> = user
    ? { grant_type: "password", username: user.username, password: user.password }
    : { grant_type: "client_credentials" };
  const response = await fetch(`${keycloak}/realms/${REALM}/protocol/openid-connect/token`, {
    method: "POST",
    body: new URLSearchParams({ client_id: CLIENT, client_secret: SECRET, ...params }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`token: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** The Account REST API as `user` (what the console calls, read back independently of it). */
async function account<T>(
  user: { username: string; password: string },
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${keycloak}/realms/${REALM}/account${path}`, {
    method: init.method ?? "GET",
    headers: {
      accept: "application/json",
      authorization: `Bearer ${await token(user)}`,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const resourceIds = new Map<string, string>();
const permissionsOf = (name: string) => account<Permission[]>(ALICE, `/resources/${resourceIds.get(name)}/permissions`);
const requestsOf = (name: string) =>
  account<Permission[]>(ALICE, `/resources/${resourceIds.get(name)}/permissions/requests`);
const shareAsAlice = (name: string, username: string, scopes: string[]) =>
  account(ALICE, `/resources/${resourceIds.get(name)}/permissions`, { method: "PUT", body: [{ username, scopes }] });

/** The UMA grant flow: the resource server asks for a permission ticket, the user submits it as a request. */
async function requestAccess(user: { username: string; password: string }, name: string, scopes: string[]) {
  const pat = await token();
  const ticketResponse = await fetch(`${keycloak}/realms/${REALM}/authz/protection/permission`, {
    method: "POST",
    headers: { authorization: `Bearer ${pat}`, "content-type": "application/json" },
    body: JSON.stringify([{ resource_id: resourceIds.get(name), resource_scopes: scopes }]),
  });
  const { ticket } = (await ticketResponse.json()) as { ticket: string };
  const grant = await fetch(`${keycloak}/realms/${REALM}/protocol/openid-connect/token`, {
    method: "POST",
    headers: { authorization: `Bearer ${await token(user)}` },
    body: new URLSearchParams({
      grant_type: "urn:ietf:params:oauth:grant-type:uma-ticket",
      ticket,
      submit_request: "true",
    }),
  });
  // Keycloak denies the token and files the request for the owner to decide.
  expect(await grant.json()).toMatchObject({ error: "access_denied", error_description: "request_submitted" });
}

/** No serious or critical WCAG 2.0/2.1 A/AA violation on the page as it is now. */
async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(bad).toEqual([]);
}

const normalized = async (locator: Locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
const rowNames = (page: Page) => page.locator('[data-testid^="row["][data-testid$="].name"]').allTextContents();

/** Waits until the table shows exactly `names` (after a page change or a search). */
async function waitForRows(page: Page, names: string[]) {
  await page.waitForFunction(
    (expected) =>
      JSON.stringify(
        [...document.querySelectorAll('[data-testid^="row["][data-testid$="].name"]')].map((cell) =>
          cell.textContent?.trim(),
        ),
      ) === JSON.stringify(expected),
    names,
  );
}

/** Picks scopes in the share or edit dialog's scope select (`testId` wraps the select's toggle). */
async function pickScopes(page: Page, container: Locator, scopes: string[]) {
  await container.getByRole("button", { expanded: false }).click();
  for (const scope of scopes) await page.getByRole("option", { name: scope }).click();
  await container.getByRole("button", { expanded: true }).click();
}

async function addResource(clientUuid: string, name: string, owner: string, extra: Record<string, unknown> = {}) {
  const created = await admin.request<{ _id: string }>(
    "POST",
    `/${REALM}/clients/${clientUuid}/authz/resource-server/resource`,
    { name, owner, ownerManagedAccess: true, scopes: SCOPES.map((scope) => ({ name: scope })), ...extra },
  );
  resourceIds.set(name, created._id);
}

beforeAll(async () => {
  browser = await launchBrowser();
  keycloak = inject("keycloakUrl");
  await admin.createRealm(REALM, {
    userManagedAccessAllowed: true,
    users: [
      person(ALICE.username, ALICE.password),
      person(BOB.username, BOB.password),
      person(CAROL.username, CAROL.password),
      person(DAVE.username, DAVE.password),
    ],
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
        redirectUris: [`${keycloak}/realms/${REALM}/*`],
      },
    ],
  });
  const [client] = await admin.request<{ id: string }[]>("GET", `/${REALM}/clients?clientId=${CLIENT}`);
  for (const scope of SCOPES) {
    await admin.request("POST", `/${REALM}/clients/${client!.id}/authz/resource-server/scope`, { name: scope });
  }
  // "one" as the stock console's own suite names it; display names show instead of names where set.
  await addResource(client!.id, "one", ALICE.username);
  await addResource(client!.id, "holiday", ALICE.username, { displayName: "Holiday photos" });
  await addResource(client!.id, "garden", ALICE.username);
  await addResource(client!.id, "secret", ALICE.username);
  await addResource(client!.id, "diary", ALICE.username);
  for (const name of PHOTOS) await addResource(client!.id, name, ALICE.username);
  await addResource(client!.id, "bob-recipes", BOB.username);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await admin.deleteRealm(REALM).catch(() => undefined);
});

describe("my resources", SLOW, () => {
  it("lists the owned resources; search and paging follow the server across more than ten resources", async () => {
    const { context, page } = await openConsole(browser, REALM, { route: "resources" });
    try {
      await page.getByTestId("row[0].name").waitFor();
      expect(await page.getByTestId("page-heading").textContent()).toBe("Resources");
      expect(await rowNames(page)).toHaveLength(5);
      // Bob's resource is not Alice's.
      expect(await page.getByText("bob-recipes").count()).toBe(0);
      const link = page.getByRole("link", { name: /Photo album/ }).first();
      expect(await link.getAttribute("href")).toBe(APP_URL);
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
      await screenshot(page, "resources-my-resources");
      await expectAccessible(page);

      const search = page.getByRole("textbox", { name: "Search: My Resources" });
      await search.fill("photo");
      await search.press("Enter");
      await waitForRows(page, PHOTOS.slice(0, 5));
      const toolbar = page.locator("#my-resources-toolbar");
      const next = toolbar.getByRole("button", { name: /next page/i });
      const prev = toolbar.getByRole("button", { name: /previous page/i });
      expect(await prev.isDisabled()).toBe(true);
      await next.click();
      await waitForRows(page, PHOTOS.slice(5, 10));
      await next.click();
      await waitForRows(page, PHOTOS.slice(10));
      expect(await next.isDisabled()).toBe(true);
      await prev.click();
      await waitForRows(page, PHOTOS.slice(5, 10));

      // 20 per page: every photo on one page, starting over at the first.
      await page.locator("#my-resources-pagination-top-toggle").click();
      await page.getByRole("menuitem", { name: /^20/ }).click();
      await waitForRows(page, PHOTOS);
      expect(await next.isDisabled()).toBe(true);

      await search.fill("photo-1");
      await search.press("Enter");
      await waitForRows(page, ["photo-10", "photo-11", "photo-12"]);
      await search.fill("nothing-like-this");
      await search.press("Enter");
      await page.getByText("Nothing matches your search").waitFor();
    } finally {
      await context.close();
    }
  });

  it("pages at 375 px too: rows stack with their column names, the pager stays whole", async () => {
    const { context, page } = await openConsole(browser, REALM, {
      route: "resources",
      viewport: { width: 375, height: 812 },
    });
    try {
      await page.getByTestId("row[0].name").waitFor();
      const first = await rowNames(page);
      const next = page.locator("#my-resources-toolbar").getByRole("button", { name: /next page/i });
      expect(await next.isVisible()).toBe(true);
      await screenshot(page, "resources-my-resources-375");
      await next.click();
      await page.waitForFunction((before) => {
        const text = document.querySelector('[data-testid="row[4].name"]')?.textContent;
        return text !== undefined && document.querySelector('[data-testid="row[0].name"]')?.textContent !== before;
      }, first[0]);
      expect(await rowNames(page)).toHaveLength(5);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });

  it("passes the stock console's own resources test unchanged", async () => {
    // The steps of Keycloak's account-ui test/resources.spec.ts, with playwright-core instead of @playwright/test.
    const { context, page } = await openConsole(browser, REALM, { route: "resources", user: BOB });
    try {
      await page.getByRole("gridcell", { name: "bob-recipes" }).waitFor();
      await page.getByTestId("expand-bob-recipes").click();
      await page.getByText("This resource is not shared.").waitFor();

      await page.getByTestId("share-bob-recipes").click();
      await page.getByTestId("users").click();
      await page.getByTestId("users").fill("alice");
      await page.getByTestId("add").click();
      expect(await normalized(page.getByRole("group", { name: "Share with" }))).toBe("Share with alice");

      await page.getByTestId("permissions").getByRole("button", { expanded: false }).click();
      await page.getByRole("option", { name: "album:view" }).click();
      await page.getByTestId("permissions").getByRole("button", { expanded: true }).click();
      await page.getByTestId("done").click();

      await page.getByTestId("expand-bob-recipes").click();
      await page.getByTestId("shared-with-alice").waitFor();
    } finally {
      await context.close();
    }
    const alice = await openConsole(browser, REALM, { route: "resources" });
    try {
      await alice.page.getByTestId("sharedWithMe").click();
      await alice.page.getByTestId("row[0].name").getByText("bob-recipes").waitFor();
      expect(await alice.page.getByTestId("row[0].name").textContent()).toBe("bob-recipes");
    } finally {
      await alice.context.close();
    }
  });
});

describe("sharing", SLOW, () => {
  it("shares by username and by email with a chosen scope; the other user sees it with that scope", async () => {
    const { context, page } = await openConsole(browser, REALM, { route: "resources" });
    try {
      const search = page.getByRole("textbox", { name: "Search: My Resources" });
      await search.fill("holiday");
      await search.press("Enter");
      await waitForRows(page, ["Holiday photos"]);

      await page.getByTestId("share-holiday").click();
      const dialog = page.getByRole("dialog", { name: "Share the resource - Holiday photos" });
      await dialog.getByTestId("shared-with-none").waitFor();
      const done = dialog.getByTestId("done");
      await dialog.getByTestId("users").fill("bob");
      await dialog.getByTestId("add").click();
      expect(await done.isDisabled()).toBe(true);
      await pickScopes(page, dialog.getByTestId("permissions"), ["album:view"]);
      expect(await done.isEnabled()).toBe(true);
      await screenshot(page, "resources-share-dialog");
      await expectAccessible(page);
      await done.click();
      await page.getByTestId("last-alert").getByText("Resource successfully shared.").waitFor();
      expect(await permissionsOf("holiday")).toEqual([
        expect.objectContaining({ username: "bob", scopes: ["album:view"] }),
      ]);

      // By email, another scope; the duplicate check knows Bob by his email too.
      await page.getByTestId("share-holiday").click();
      await dialog.getByTestId("shared-with-bob").waitFor();
      await dialog.getByTestId("users").fill("bob@example.org");
      await dialog.getByText("Resource is already shared with this user.").waitFor();
      expect(await dialog.getByTestId("add").isDisabled()).toBe(true);
      await dialog.getByTestId("users").fill("carol@example.org");
      await dialog.getByTestId("add").click();
      await pickScopes(page, dialog.getByTestId("permissions"), ["album:edit"]);
      await done.click();
      await page.getByTestId("last-alert").getByText("Resource successfully shared.").waitFor();
      const shared = await permissionsOf("holiday");
      expect(shared.map((p) => [p.username, p.scopes]).sort()).toEqual([
        ["bob", ["album:view"]],
        ["carol", ["album:edit"]],
      ]);

      await page.getByTestId("expand-holiday").click();
      const summary = page.locator('[data-testid^="shared-with-"]');
      await summary.waitFor();
      expect((await summary.getAttribute("data-testid"))?.split("shared-with-")[1]?.split(",").sort()).toEqual([
        "bob",
        "carol",
      ]);
      expect(await normalized(summary)).toMatch(/^Resource is shared with (bob|carol) and 1 other users$/);
      await screenshot(page, "resources-expanded");
    } finally {
      await context.close();
    }

    for (const [user, scope] of [
      [BOB, "album:view"],
      [CAROL, "album:edit"],
    ] as const) {
      const viewport = user === BOB ? { width: 375, height: 812 } : { width: 1280, height: 800 };
      const other = await openConsole(browser, REALM, { route: "resources", user, viewport });
      try {
        await other.page.getByTestId("sharedWithMe").click();
        const cell = other.page.getByTestId("row[0].name");
        await cell.getByText("Holiday photos").waitFor();
        const row = other.page.locator("tr", { has: cell });
        expect(await row.getByText(scope, { exact: true }).count()).toBe(1);
        expect(
          await row
            .getByText(
              SCOPES.find((s) => s !== scope)!,
              { exact: true },
            )
            .count(),
        ).toBe(0);
        if (user === BOB) {
          const overflow = await other.page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
          await screenshot(other.page, "resources-shared-with-me-375");
          await expectAccessible(other.page);
        }
      } finally {
        await other.context.close();
      }
    }
  });

  it("shows the server's answer for an unknown user on the field and shares nothing", async () => {
    const { context, page } = await openConsole(browser, REALM, { route: "resources" });
    try {
      const search = page.getByRole("textbox", { name: "Search: My Resources" });
      await search.fill("secret");
      await search.press("Enter");
      await waitForRows(page, ["secret"]);
      await page.getByTestId("share-secret").click();
      const dialog = page.getByRole("dialog", { name: "Share the resource - secret" });
      await dialog.getByTestId("shared-with-none").waitFor();
      await dialog.getByTestId("users").fill("no-such-user");
      await dialog.getByTestId("add").click();
      await pickScopes(page, dialog.getByTestId("permissions"), ["album:view"]);
      await dialog.getByTestId("done").click();
      const helper = dialog.getByTestId("users-helper");
      await helper.waitFor();
      expect(await helper.textContent()).toContain('No user has the username or email "no-such-user".');
      const alert = page.getByTestId("last-alert");
      expect(await alert.textContent()).toContain("Could not share the resource due to: no-such-user");
      expect(await alert.getAttribute("class")).toMatch(/danger/);
      expect(await page.getByText("Resource successfully shared.").count()).toBe(0);
      // The dialog keeps the user, and Done waits until it is removed.
      expect(await normalized(dialog.getByRole("group", { name: "Share with" }))).toBe("Share with no-such-user");
      expect(await dialog.getByTestId("done").isDisabled()).toBe(true);
      await screenshot(page, "resources-share-unknown-user");
      expect(await permissionsOf("secret")).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("edits a user's scopes and unshares everyone", async () => {
    await shareAsAlice("garden", "bob", ["album:view"]);
    await shareAsAlice("garden", "carol", ["album:view"]);
    const { context, page } = await openConsole(browser, REALM, { route: "resources" });
    try {
      const search = page.getByRole("textbox", { name: "Search: My Resources" });
      await search.fill("garden");
      await search.press("Enter");
      await waitForRows(page, ["garden"]);

      await page.getByTestId("actions-garden").click();
      await page.getByRole("menuitem", { name: "Edit" }).click();
      const edit = page.getByRole("dialog", { name: "Edit the resource - garden" });
      const bob = edit.getByTestId("edit-permissions-bob");
      await bob.waitFor();
      await pickScopes(page, bob, ["album:edit"]);
      await screenshot(page, "resources-edit-dialog");
      await edit.getByTestId("done").click();
      await page.getByTestId("last-alert").getByText("Resource successfully updated.").waitFor();
      const edited = await permissionsOf("garden");
      expect(edited.map((p) => [p.username, [...p.scopes].sort()]).sort()).toEqual([
        ["bob", ["album:edit", "album:view"]],
        ["carol", ["album:view"]],
      ]);

      await page.getByTestId("actions-garden").click();
      await page.getByRole("menuitem", { name: "Unshare all" }).click();
      const confirm = page.getByRole("dialog", { name: "Unshare all" });
      await confirm.getByText("Are you sure you want to completely remove all shares?").waitFor();
      await confirm.getByRole("button", { name: "Confirm" }).click();
      await page.getByTestId("last-alert").getByText("Resource successfully un-shared.").waitFor();
      expect(await permissionsOf("garden")).toEqual([]);
      const bobSees = await account<AccountResource[]>(BOB, "/resources/shared-with-me?first=0&max=20&name=garden");
      expect(bobSees).toEqual([]);
      await page.getByTestId("expand-garden").click();
      await page.getByTestId("shared-with-none").waitFor();
    } finally {
      await context.close();
    }
  });

  it("accepts one access request and denies another, filed through the UMA ticket flow", async () => {
    await requestAccess(BOB, "diary", ["album:view"]);
    await requestAccess(CAROL, "diary", ["album:edit"]);
    expect((await requestsOf("diary")).map((r) => r.username).sort()).toEqual(["bob", "carol"]);
    const { context, page } = await openConsole(browser, REALM, { route: "resources" });
    try {
      const search = page.getByRole("textbox", { name: "Search: My Resources" });
      await search.fill("diary");
      await search.press("Enter");
      await waitForRows(page, ["diary"]);
      await page.getByRole("button", { name: "Permission requests: 2" }).click();
      const dialog = page.getByRole("dialog", { name: "Permission requests - diary" });
      await dialog.getByText("bob@example.org").waitFor();
      await screenshot(page, "resources-requests-dialog");
      await expectAccessible(page);

      await dialog.getByRole("button", { name: "Accept: bob" }).click();
      await page.getByTestId("last-alert").getByText("Resource successfully shared.").waitFor();
      await dialog.getByText("bob@example.org").waitFor({ state: "detached" });
      expect(await permissionsOf("diary")).toEqual([
        expect.objectContaining({ username: "bob", scopes: ["album:view"] }),
      ]);

      await dialog.getByRole("button", { name: "Deny: carol" }).click();
      await page.getByTestId("last-alert").getByText("Resource successfully updated.").waitFor();
      await dialog.waitFor({ state: "detached" });
      expect(await requestsOf("diary")).toEqual([]);
      expect((await permissionsOf("diary")).map((p) => p.username)).toEqual(["bob"]);
      expect(await page.getByRole("button", { name: /Permission requests: / }).count()).toBe(0);
      const bobSees = await account<AccountResource[]>(BOB, "/resources/shared-with-me?first=0&max=20&name=diary");
      expect(bobSees.map((r) => [r.name, r.scopes.map((s) => s.name)])).toEqual([["diary", ["album:view"]]]);
    } finally {
      await context.close();
    }
  });
});

describe("shared with me", SLOW, () => {
  it("says when there is nothing to list, at 375 px too", async () => {
    const { context, page } = await openConsole(browser, REALM, {
      route: "resources",
      user: DAVE,
      viewport: { width: 375, height: 812 },
    });
    try {
      await page.getByText("You don’t have any resources").waitFor();
      await screenshot(page, "resources-empty-375");
      await page.getByTestId("sharedWithMe").click();
      await page.getByText("There are no resources shared with you").waitFor();
      const search = page.getByRole("textbox", { name: "Search: Shared with Me" });
      await search.fill("nothing-like-this");
      await search.press("Enter");
      await page.getByText("Nothing matches your search").waitFor();
      expect(await page.locator("table > tr").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
