import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_USER, fixture, KeycloakAdmin } from "./support/admin";
import { launchBrowser } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { accountUrl, openConsole } from "./support/session";

// Where a suite written for the stock console expects the stock behaviour (or the spec says so).
const REALM = "e2e-fidelity";
let browser: Browser;
const admin = new KeycloakAdmin();

type Attribute = { name: string; [key: string]: unknown };

beforeAll(async () => {
  browser = await launchBrowser();
  await admin.createRealm(REALM);
  const profile = fixture<{ attributes: Attribute[]; groups?: unknown[] }>("user-profile.json");
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
  await admin.setUserProfile(REALM, profile);
  await admin.updateUser(REALM, DEMO_USER.username, {
    attributes: { recoveryEmail: ["alice.recovery@example.org"], employeeNumber: ["E-1001"], nicknames: ["Al"] },
  });
});

afterAll(async () => {
  await browser?.close();
  await admin.deleteRealm(REALM).catch(() => undefined);
});

describe("drop-in fidelity", () => {
  it("translates every annotation written as ${key}: placeholder, helper texts, option labels, group texts, name", async () => {
    const { context, page } = await openConsole(browser, REALM);
    try {
      // What the server's translation endpoint says for each key (the texts differ between Keycloak versions).
      const response = await page.request.get(`${inject("keycloakUrl")}/resources/${REALM}/account/en`);
      const entries = (await response.json()) as { key: string; value: string }[];
      const text = (key: string) => entries.find((entry) => entry.key === key)?.value ?? `missing ${key}`;
      const motto = page.locator("#motto");
      await motto.waitFor();
      expect(await motto.getAttribute("placeholder")).toBe(text("locale_de"));
      const section = page.getByTestId("section-translated");
      expect(await section.getByRole("heading", { name: text("locale_nl") }).count()).toBe(1);
      expect(await section.getByText(text("locale_pl"), { exact: true }).count()).toBe(1);
      expect(await section.getByText(text("locale_fr"), { exact: true }).count()).toBeGreaterThan(0);
      expect(await section.getByText(text("locale_es"), { exact: true }).count()).toBe(1);
      expect(await page.getByLabel(text("locale_it"), { exact: true }).getAttribute("id")).toBe("motto");
      expect(await page.getByRole("radio", { name: text("locale_ja") }).count()).toBe(1);
      expect(await page.locator("main").innerText()).not.toContain("${");
      await screenshot(page, "fidelity-translated-annotations");
    } finally {
      await context.close();
    }
  });

  it("a value the client rules refuse: the field message and the danger alert; nothing reaches the server", async () => {
    const { context, page } = await openConsole(browser, REALM);
    try {
      const posts: string[] = [];
      page.on(
        "request",
        (request) => request.method() === "POST" && request.url().includes("/account") && posts.push(request.url()),
      );
      await page.locator("#email").fill("not-an-address");
      await page.getByTestId("save").click();
      const alert = page.getByTestId("last-alert");
      await alert.waitFor();
      expect(await alert.innerText()).toContain("Could not update account due to validation errors");
      expect(await page.getByTestId("email-helper").innerText()).toBe("Invalid email address.");
      expect(await page.locator("#email").inputValue()).toBe("not-an-address");
      expect(posts).toEqual([]);
      expect((await admin.user(REALM, DEMO_USER.username)).email).not.toBe("not-an-address");
    } finally {
      await context.close();
    }
  });

  it("keeps one row of a multi-valued attribute: its remove button is off while it is the only one", async () => {
    const { context, page } = await openConsole(browser, REALM);
    try {
      await page.getByTestId("nicknames0").waitFor();
      expect(await page.getByTestId("remove0").isDisabled()).toBe(true);
      await page.getByTestId("addValue").click();
      expect(await page.getByTestId("addValue").isDisabled()).toBe(true);
      await page.getByTestId("nicknames1").fill("Ally");
      expect(await page.getByTestId("remove0").isEnabled()).toBe(true);
      await page.getByTestId("remove0").click();
      expect(await page.getByTestId("nicknames0").inputValue()).toBe("Ally");
      expect(await page.getByTestId("remove0").isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("links the logo to the server root, as the spec says when the theme sets no logoUrl", async () => {
    const { context, page } = await openConsole(browser, REALM);
    try {
      expect(await page.getByTestId("logo-link").getAttribute("href")).toBe("/");
      const toggle = page.getByTestId("nav-toggle");
      expect(await toggle.getAttribute("aria-label")).toBe("Navigation");
      expect(await toggle.locator("svg").count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("loads with no failed request for the theme's files", async () => {
    const { context, page } = await openConsole(browser, REALM);
    try {
      const failed: string[] = [];
      const assets: string[] = [];
      page.on("response", (response) => {
        const url = response.url();
        if (!url.includes("/resources/")) return;
        if (response.status() >= 400) failed.push(`${response.status()} ${url}`);
        if (url.includes("/assets/")) assets.push(url);
      });
      await page.reload();
      await page.getByTestId("save").waitFor();
      expect(failed).toEqual([]);
      expect(assets.length).toBeGreaterThan(0);
      // Each asset is still asked for twice per visit: check-sso sends the whole page through Keycloak and back
      // (the performance issue replaces that with a silent check), so no "once" assertion here yet.
      const links = await page
        .locator('link[rel="modulepreload"]')
        .evaluateAll((elements) => elements.map((element) => (element as HTMLLinkElement).href));
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toContain("/assets/");
    } finally {
      await context.close();
    }
  });

  it("a page whose data cannot be loaded shows the error dialog with the server's reason; Try again drops query and hash", async () => {
    const { context, page } = await openConsole(browser, REALM);
    try {
      await page.route("**/account/sessions/devices*", (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: "Session store unavailable" }),
        }),
      );
      await page.goto(accountUrl(REALM, "account-security/device-activity", "?referrer=x#part"));
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain("Something went wrong");
      expect(await dialog.innerText()).toContain("Session store unavailable");
      await screenshot(page, "fidelity-route-failure");

      await page.unroute("**/account/sessions/devices*");
      await page.getByRole("button", { name: "Try again" }).click();
      await page.waitForURL(accountUrl(REALM, "account-security/device-activity"));
      await page.getByTestId("page-heading").waitFor();
      expect(await page.getByTestId("page-heading").innerText()).toBe("Device activity");
      expect(await page.getByRole("dialog").count()).toBe(0);
      expect(new URL(page.url()).search).toBe("");
      expect(new URL(page.url()).hash).toBe("");
    } finally {
      await context.close();
    }
  });

  it("a page that fails after a sidebar click shows the same dialog over the shell", async () => {
    const { context, page } = await openConsole(browser, REALM);
    try {
      await page.route("**/account/credentials*", (route) =>
        route.fulfill({ status: 503, contentType: "text/plain", body: "" }),
      );
      await page.getByTestId("accountSecurity").click();
      await page.getByTestId("account-security/signing-in").click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain("503");
      expect(await page.locator("#page-sidebar").isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
