import type {
  UserProfileAttribute,
  UserProfileConfig,
} from "@keycloak/keycloak-admin-client/lib/defs/userProfileMetadata.js";
import { DEMO_USER, demoLike, fixture } from "./support/admin";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, keycloakUrl, test } from "./support/test";

// Where a suite written for the stock console expects the stock behaviour (or the spec says so).
const REALM = "e2e-fidelity";

test.use({ realms: { [REALM]: demoLike() }, account: { realm: REALM } });

test.beforeAll(async ({ admin }) => {
  const profile = fixture<UserProfileConfig & { attributes: UserProfileAttribute[] }>("user-profile.json");
  const everyone = { view: ["admin", "user"], edit: ["admin", "user"] };
  profile.attributes.push(
    {
      name: "motto",
      displayName: "${locale_it}",
      group: "translated",
      permissions: everyone,
      annotations: {
        inputTypePlaceholder: "${locale_de}",
        inputHelperTextBefore: "${locale_fr}",
        inputHelperTextAfter: "${locale_es}",
      },
    },
    {
      name: "tier",
      displayName: "Tier",
      group: "translated",
      permissions: everyone,
      validations: { options: { options: ["gold", "silver"] } },
      annotations: { inputType: "select-radiobuttons", inputOptionLabels: { gold: "${locale_ja}", silver: "Silver" } },
    },
  );
  profile.groups = [
    ...(profile.groups ?? []),
    { name: "translated", displayHeader: "${locale_nl}", displayDescription: "${locale_pl}" },
  ];
  await admin.users.updateProfile({ realm: REALM, ...profile });
  await admin.updateUser(REALM, DEMO_USER.username, {
    attributes: { recoveryEmail: ["alice.recovery@example.org"], employeeNumber: ["E-1001"], nicknames: ["Al"] },
  });
});

test.describe("drop-in fidelity", () => {
  test("translates every annotation written as ${key}: placeholder, helper texts, option labels, group texts, name", async ({
    consolePage: page,
  }) => {
    // What the server's translation endpoint says for each key (the texts differ between Keycloak versions).
    const response = await page.request.get(`${keycloakUrl()}/resources/${REALM}/account/en`);
    const entries = (await response.json()) as { key: string; value: string }[];
    const text = (key: string) => entries.find((entry) => entry.key === key)?.value ?? `missing ${key}`;
    await expect(page.locator("#motto")).toHaveAttribute("placeholder", text("locale_de"));
    const section = page.getByTestId("section-translated");
    await expect(section.getByRole("heading", { name: text("locale_nl") })).toHaveCount(1);
    await expect(section.getByText(text("locale_pl"), { exact: true })).toHaveCount(1);
    await expect(section.getByText(text("locale_fr"), { exact: true }).first()).toBeVisible();
    await expect(section.getByText(text("locale_es"), { exact: true })).toHaveCount(1);
    await expect(page.getByLabel(text("locale_it"), { exact: true })).toHaveAttribute("id", "motto");
    await expect(page.getByRole("radio", { name: text("locale_ja") })).toHaveCount(1);
    await expect(page.locator("main")).not.toContainText("${");
    await screenshot(page, "fidelity-translated-annotations");
  });

  test("a value the client rules refuse: the field message and the danger alert; nothing reaches the server", async ({
    consolePage: page,
    admin,
  }) => {
    const posts: string[] = [];
    page.on(
      "request",
      (request) => request.method() === "POST" && request.url().includes("/account") && posts.push(request.url()),
    );
    await page.locator("#email").fill("not-an-address");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("last-alert")).toContainText("Could not update account due to validation errors");
    await expect(page.getByTestId("email-helper")).toHaveText("Invalid email address.");
    await expect(page.locator("#email")).toHaveValue("not-an-address");
    expect(posts).toEqual([]);
    expect((await admin.user(REALM, DEMO_USER.username)).email).not.toBe("not-an-address");
  });

  test("keeps one row of a multi-valued attribute: its remove button is off while it is the only one", async ({
    consolePage: page,
  }) => {
    await expect(page.getByTestId("remove0")).toBeDisabled();
    await page.getByTestId("addValue").click();
    await expect(page.getByTestId("addValue")).toBeDisabled();
    await page.getByTestId("nicknames1").fill("Ally");
    await expect(page.getByTestId("remove0")).toBeEnabled();
    await page.getByTestId("remove0").click();
    await expect(page.getByTestId("nicknames0")).toHaveValue("Ally");
    await expect(page.getByTestId("remove0")).toBeDisabled();
  });

  test("links the logo to the server root, as the spec says when the theme sets no logoUrl", async ({
    consolePage: page,
  }) => {
    await expect(page.getByTestId("logo-link")).toHaveAttribute("href", "/");
    const toggle = page.getByTestId("nav-toggle");
    await expect(toggle).toHaveAttribute("aria-label", "Navigation");
    await expect(toggle.locator("svg")).toHaveCount(1);
  });

  test("loads with no failed request for the theme's files", async ({ consolePage: page }) => {
    const failed: string[] = [];
    const assets: string[] = [];
    page.on("response", (response) => {
      const url = response.url();
      if (!url.includes("/resources/")) return;
      if (response.status() >= 400) failed.push(`${response.status()} ${url}`);
      if (url.includes("/assets/")) assets.push(url);
    });
    await page.reload();
    await expect(page.getByTestId("save")).toBeVisible();
    expect(failed).toEqual([]);
    expect(assets.length).toBeGreaterThan(0);
    // How often each asset is asked for is the start-up test's subject (startup.e2e.ts); here only that it is linked.
    const links = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((elements) => elements.map((element) => (element as HTMLLinkElement).href));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toContain("/assets/");
  });

  test("a page whose data cannot be loaded shows the error dialog with the server's reason; Try again drops query and hash", async ({
    consolePage: page,
  }) => {
    await page.route("**/account/sessions/devices*", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: "Session store unavailable" }),
      }),
    );
    await page.goto(accountUrl(REALM, "account-security/device-activity", "?referrer=x#part"));
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Something went wrong");
    await expect(dialog).toContainText("Session store unavailable");
    await screenshot(page, "fidelity-route-failure");

    await page.unroute("**/account/sessions/devices*");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page).toHaveURL(accountUrl(REALM, "account-security/device-activity"));
    await expect(page.getByTestId("page-heading")).toHaveText("Device activity");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a page that fails after a sidebar click shows the same dialog over the shell", async ({
    consolePage: page,
  }) => {
    await page.route("**/account/credentials*", (route) =>
      route.fulfill({ status: 503, contentType: "text/plain", body: "" }),
    );
    await page.getByTestId("accountSecurity").click();
    await page.getByTestId("account-security/signing-in").click();
    await expect(page.getByRole("dialog")).toContainText("503");
    await expect(page.locator("#page-sidebar")).toBeVisible();
  });
});
