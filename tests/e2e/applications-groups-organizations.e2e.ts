import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_USER, KeycloakAdmin } from "./support/admin";
import { launchBrowser, submitLogin } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { openConsole } from "./support/session";

// Three realms: applications (a consent-required client, a client with a javascript: URL), nested groups, and
// organizations (which makes the login identity-first).
const APPS = "e2e-applications";
const GROUPS = "e2e-groups";
const ORGS = "e2e-organizations";
const SHOP_URL = "https://shop.example.org/";
let browser: Browser;
const admin = new KeycloakAdmin();

const person = (username: string, firstName: string, roles: string[], extra: Record<string, unknown> = {}) => ({
  username,
  enabled: true,
  email: `${username}@example.org`,
  emailVerified: true,
  firstName,
  lastName: "Tester",
  credentials: [
    { type: "password", value: username === DEMO_USER.username ? DEMO_USER.password : username, temporary: false },
  ],
  clientRoles: { account: roles },
  ...extra,
});

/** No serious or critical WCAG 2.0/2.1 A/AA violation on the page as it is now. */
async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(bad).toEqual([]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const keycloak = inject("keycloakUrl");
  await admin.createRealm(APPS, {
    users: [person(DEMO_USER.username, "Alice", ["manage-account", "view-profile"])],
    clients: [
      {
        clientId: "shop",
        name: "Web Shop",
        description: "Buys things for you",
        publicClient: true,
        standardFlowEnabled: true,
        consentRequired: true,
        baseUrl: SHOP_URL,
        redirectUris: [`${keycloak}/realms/${APPS}`],
        attributes: { tosUri: "https://shop.example.org/terms", policyUri: "https://shop.example.org/privacy" },
      },
    ],
  });
  // The Admin API refuses javascript: URLs; a partial import stores them, as an old export could.
  await admin.request("POST", `/${APPS}/partialImport`, {
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
  });

  const group = (name: string, subGroups: unknown[] = []) => ({ name, path: `/${name}`, subGroups });
  await admin.createRealm(GROUPS, {
    users: [
      person(DEMO_USER.username, "Alice", ["manage-account", "view-groups"], {
        groups: ["/one/subgroup", "/four", "/five"],
      }),
      person("dave", "Dave", ["manage-account", "view-groups"], { groups: ["/one/subgroup/deep"] }),
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
    ],
  });

  await admin.createRealm(ORGS, {
    organizationsEnabled: true,
    users: [
      person(DEMO_USER.username, "Alice", ["manage-account", "view-profile"]),
      person("bob", "Bob", ["manage-account", "view-profile"]),
    ],
  });
  await admin.request("POST", `/${ORGS}/organizations`, {
    name: "Wonderland",
    alias: "wonderland",
    enabled: true,
    description: "Tea parties and croquet",
    domains: [{ name: "wonderland.example" }, { name: "looking-glass.example" }],
  });
  const [wonderland] = await admin.request<{ id: string }[]>(
    "GET",
    `/${ORGS}/organizations?search=Wonderland&exact=true`,
  );
  await admin.request(
    "POST",
    `/${ORGS}/organizations/${wonderland!.id}/members`,
    await admin.userId(ORGS, DEMO_USER.username),
  );
});

afterAll(async () => {
  await browser?.close();
  for (const realm of [APPS, GROUPS, ORGS]) await admin.deleteRealm(realm).catch(() => undefined);
});

/** Grants the shop its consent on Keycloak's own consent screen, in a browser context of its own. */
async function grantShopConsent() {
  const keycloak = inject("keycloakUrl");
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const query = new URLSearchParams({
      client_id: "shop",
      response_type: "code",
      scope: "openid profile email",
      redirect_uri: `${keycloak}/realms/${APPS}`,
    });
    await page.goto(`${keycloak}/realms/${APPS}/protocol/openid-connect/auth?${query}`);
    await submitLogin(page, DEMO_USER.username, DEMO_USER.password);
    await page.locator('[name="accept"]').click();
    await page.waitForURL(/[?&]code=/);
  } finally {
    await context.close();
  }
}

describe("applications", () => {
  it("lists a consent granted on Keycloak's consent screen with its scopes; Remove access revokes it on the server", async () => {
    await grantShopConsent();
    const userId = await admin.userId(APPS, DEMO_USER.username);
    const consents = () =>
      admin.request<{ clientId: string; grantedClientScopes: string[] }[]>("GET", `/${APPS}/users/${userId}/consents`);
    expect((await consents()).map((consent) => consent.clientId)).toContain("shop");

    const { context, page } = await openConsole(browser, APPS, { route: "applications" });
    try {
      const rows = page.getByTestId("applications-list-item");
      await rows.first().waitFor();
      const names = await rows.locator('[id^="application-name-"]').allTextContents();
      expect(names.map((name) => name.trim())).toEqual(
        [...names.map((name) => name.trim())].sort((a, b) => a.localeCompare(b)),
      );
      const shop = rows.filter({ hasText: "Web Shop" });
      expect(await shop.textContent()).toContain("Third-party");
      const link = shop.getByRole("link", { name: /Web Shop/ });
      expect(await link.getAttribute("href")).toBe(SHOP_URL);
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");

      await page.locator("#toggle-shop").click();
      expect(await page.getByTestId("toggle-shop").getAttribute("aria-expanded")).toBe("true");
      const details = shop.locator(".pf-v6-c-data-list__expandable-content");
      await details.getByText("Has access to").waitFor();
      const text = await details.textContent();
      expect(text).toContain("User profile");
      expect(text).toContain("Email address");
      expect(text).toContain("Access granted on");
      expect(await details.getByRole("link", { name: "https://shop.example.org/terms" }).getAttribute("rel")).toBe(
        "noopener noreferrer",
      );
      await screenshot(page, "applications-consent");
      await expectAccessible(page);

      await shop.getByRole("button", { name: "Remove access" }).click();
      const dialog = page.getByRole("dialog", { name: "Remove access" });
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await page.getByTestId("last-alert").getByText("Successfully removed consent").waitFor();
      expect((await consents()).map((consent) => consent.clientId)).not.toContain("shop");
      // The refreshed list no longer offers to remove what is gone.
      await page.waitForFunction(() => !document.body.textContent?.includes("Has access to"));
      expect(await page.getByRole("button", { name: "Remove access" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("shows a client whose URL is javascript: as plain text, never as a link, also at 360 px", async () => {
    const { context, page } = await openConsole(browser, APPS, {
      route: "applications",
      viewport: { width: 360, height: 740 },
    });
    try {
      const archive = page.getByTestId("applications-list-item").filter({ hasText: "Archive" });
      await archive.waitFor();
      await page.getByTestId("toggle-archive").click();
      await archive.getByText("javascript:alert(document.domain)").waitFor();
      expect(await archive.getByRole("link").count()).toBe(0);
      expect(await page.locator('a[href^="javascript"], img[src^="javascript"]').count()).toBe(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, "applications-360");
    } finally {
      await context.close();
    }
  });
});

describe("groups", () => {
  it("lists direct groups, then inherited ones; the checkbox switches both ways", async () => {
    const { context, page } = await openConsole(browser, GROUPS, { route: "groups" });
    try {
      const checkbox = page.getByTestId("directMembership-checkbox");
      await checkbox.waitFor();
      const pathRows = page.locator("#groups-list li").filter({ hasText: /\/\S+$/ });
      expect(await checkbox.isChecked()).toBe(false);
      expect(await page.getByTestId("group[3].name").textContent()).toBe("one");
      expect(await pathRows.count()).toBe(4);
      expect(await pathRows.nth(3).textContent()).toContain("Inherited");
      await screenshot(page, "groups");
      await expectAccessible(page);

      await checkbox.click();
      expect(await checkbox.isChecked()).toBe(true);
      expect(await pathRows.count()).toBe(3);
      expect(await page.getByTestId("group[2].name").textContent()).toBe("subgroup");
      expect(await page.getByText("Inherited").count()).toBe(0);

      await checkbox.press("Space");
      expect(await checkbox.isChecked()).toBe(false);
      expect(await pathRows.count()).toBe(4);
    } finally {
      await context.close();
    }
  });

  it("derives every ancestor of a deeply nested membership", async () => {
    const user = { username: "dave", password: "dave", displayName: "Dave Tester" };
    const { context, page } = await openConsole(browser, GROUPS, {
      route: "groups",
      user,
      viewport: { width: 360, height: 740 },
    });
    try {
      await page.getByTestId("group[0].name").waitFor();
      const paths = await page.locator("#groups-list li .group-path").allTextContents();
      expect(paths).toEqual(["/one/subgroup/deep", "/one/subgroup", "/one"]);
      await screenshot(page, "groups-360");
    } finally {
      await context.close();
    }
  });
});

describe("organizations", () => {
  it("lists the organization the user belongs to with its domains (identity-first sign-in)", async () => {
    const { context, page } = await openConsole(browser, ORGS, { route: "organizations" });
    try {
      const row = page.getByTestId("organizations-list-item");
      await row.first().waitFor();
      expect(await row.count()).toBe(1);
      const text = await row.textContent();
      expect(text).toContain("Wonderland");
      expect(text).toContain("wonderland.example");
      expect(text).toContain("looking-glass.example");
      expect(text).toContain("Tea parties and croquet");
      expect(await page.getByTestId("organizations").count()).toBe(1);
      await screenshot(page, "organizations");
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });

  it("shows the empty state to a user in no organization", async () => {
    const user = { username: "bob", password: "bob", displayName: "Bob Tester" };
    const { context, page } = await openConsole(browser, ORGS, { route: "organizations", user });
    try {
      await page.getByText("No organizations").waitFor();
      expect(await page.getByText("You have not joined any organizations yet.").count()).toBe(1);
      expect(await page.getByTestId("organizations-list-item").count()).toBe(0);
      await screenshot(page, "organizations-empty");
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});
