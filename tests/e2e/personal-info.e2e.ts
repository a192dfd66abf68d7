import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USER, fixture, KeycloakAdmin } from "./support/admin";
import { launchBrowser, passReauthentication } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { openConsole } from "./support/session";

// A realm whose user profile uses most of what Keycloak's user-profile editor offers (tests/fixtures/user-profile.json).
const REALM = "e2e-profile";
const LOCALES = ["en", "de", "fr", "es", "it", "nl", "pt-BR", "ja", "pl", "sv", "cs", "fi"];
let browser: Browser;
const admin = new KeycloakAdmin();

const STARTING_ATTRIBUTES = {
  recoveryEmail: ["alice.recovery@example.org"],
  employeeNumber: ["E-1001"],
  nicknames: ["Al"],
};

beforeAll(async () => {
  browser = await launchBrowser();
  await admin.createRealm(REALM, {
    internationalizationEnabled: true,
    supportedLocales: LOCALES,
    defaultLocale: "en",
  });
  await admin.setUserProfile(REALM, fixture("user-profile.json"));
  // Every required attribute has a value, so signing in asks nothing more (no "update your profile" step).
  await admin.updateUser(REALM, DEMO_USER.username, { attributes: STARTING_ATTRIBUTES });
  await admin.setRequiredAction(REALM, "delete_account", true);
});

afterAll(async () => {
  await browser?.close();
  await admin.deleteRealm(REALM).catch(() => undefined);
});

/** Opens a closed select (plain or typeahead) by its id and picks the option with this text. */
async function pick(page: Page, id: string, option: string) {
  await page.locator(`[id="${id}"]`).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("personal info", () => {
  it("renders every kind of attribute from the realm's user-profile metadata", async () => {
    const { context, page } = await openConsole(browser, REALM);
    try {
      await page.getByTestId("save").waitFor();
      await screenshot(page, "personal-info");

      // A select with three options and its helper text (shown before the input, and as help).
      await expect.poll(() => page.getByText("Pick the colour you like best.").count()).toBeGreaterThan(0);
      expect(await page.getByTestId("help-label-favoriteColor").count()).toBe(1);
      await page.locator("#favoriteColor").click();
      expect(await page.getByRole("option").allTextContents()).toEqual(["Red", "Green", "Blue"]);
      await page.keyboard.press("Escape");

      // A textarea in its own group, under the group's header and description.
      const about = page.getByTestId("section-about");
      expect(await about.getByRole("heading", { name: "About you" }).count()).toBe(1);
      expect(await about.getByText("Tell others who you are.").count()).toBe(1);
      expect(await about.locator("textarea#bio").getAttribute("rows")).toBe("4");

      // An html5 email input required for users, with its placeholder and the text after it.
      const recovery = page.locator("#recoveryEmail");
      expect(await recovery.getAttribute("type")).toBe("email");
      expect(await recovery.getAttribute("required")).not.toBeNull();
      expect(await recovery.getAttribute("placeholder")).toBe("you@example.org");
      expect(await page.getByText("Used only to recover your account.").count()).toBe(1);

      // 24 options: filters as you type.
      const country = page.locator("#country");
      await country.fill("sw");
      await expect.poll(() => page.getByRole("option").allTextContents()).toEqual(["Sweden", "Switzerland"]);
      await page.keyboard.press("Escape");

      // Multivalued, read-only, a dotted name.
      expect(await page.getByTestId("nicknames0").inputValue()).toBe("Al");
      expect(await page.getByTestId("addValue").isEnabled()).toBe(true);
      expect(await page.locator("#employeeNumber").inputValue()).toBe("E-1001");
      expect(await page.locator("#employeeNumber").isDisabled()).toBe(true);
      expect(await page.locator('[id="contact.phone"]').getAttribute("type")).toBe("tel");

      // 12 locales: a typeahead listing each in its own language.
      await page.locator('[id="attributes.locale"]').click();
      const locales = await page.getByRole("option").allTextContents();
      expect(locales).toHaveLength(LOCALES.length);
      expect(locales).toEqual(expect.arrayContaining(["Deutsch", "français", "日本語"]));
      await page.keyboard.press("Escape");
    } finally {
      await context.close();
    }
  });

  it("saves valid data, which is still there after a reload and on the server", async () => {
    const { context, page } = await openConsole(browser, REALM);
    try {
      await page.getByTestId("save").waitFor();
      await page.getByTestId("firstName").fill("Alicia");
      await pick(page, "favoriteColor", "Green");
      await page.locator("#country").fill("switz");
      await page.getByRole("option", { name: "Switzerland" }).click();
      await page.getByTestId("addValue").click();
      await page.getByTestId("nicknames1").fill("Ally");
      await page.locator('[id="contact.phone"]').fill("+41 44 000 00 00");
      await page.locator("#bio").fill("Follows white rabbits.");
      await page.getByTestId("save").click();
      await expect.poll(() => page.getByTestId("last-alert").textContent()).toContain("Your account has been updated.");
      // The header shows the new name (the token was refreshed).
      await expect.poll(() => page.getByTestId("options-toggle").textContent()).toContain("Alicia Liddell");

      await page.reload();
      await page.getByTestId("save").waitFor();
      expect(await page.getByTestId("firstName").inputValue()).toBe("Alicia");
      expect(await page.locator("#favoriteColor").textContent()).toBe("Green");
      expect(await page.locator("#country").inputValue()).toBe("Switzerland");
      expect(await page.getByTestId("nicknames1").inputValue()).toBe("Ally");

      const stored = await admin.user(REALM, DEMO_USER.username);
      expect(stored.firstName).toBe("Alicia");
      expect(stored.attributes).toMatchObject({
        favoriteColor: ["green"],
        country: ["ch"],
        nicknames: ["Al", "Ally"],
        "contact.phone": ["+41 44 000 00 00"],
        bio: ["Follows white rabbits."],
        employeeNumber: ["E-1001"],
        recoveryEmail: ["alice.recovery@example.org"],
      });
    } finally {
      await context.close();
    }
  });

  it("shows Keycloak's own message on the field when the server refuses a value, keeping what was typed", async () => {
    const { context, page } = await openConsole(browser, REALM);
    try {
      await page.getByTestId("save").waitFor();
      // Passes the form's own check; Keycloak refuses a local part over 64 characters.
      const invalid = `${"a".repeat(65)}@example.org`;
      await page.getByTestId("email").fill(invalid);
      await page.getByTestId("lastName").fill("Pleasance");
      await page.getByTestId("save").click();
      await expect
        .poll(() => page.getByTestId("last-alert").textContent())
        .toContain("Could not update account due to validation errors");
      expect(await page.getByTestId("email-helper").textContent()).toBe("Invalid email address.");
      expect(await page.getByTestId("email").inputValue()).toBe(invalid);
      expect(await page.getByTestId("lastName").inputValue()).toBe("Pleasance");
      await screenshot(page, "personal-info-server-error");
      expect((await admin.user(REALM, DEMO_USER.username)).lastName).toBe("Liddell");

      // The form's own rules answer before any request: a required field left empty.
      await page.locator("#recoveryEmail").fill("");
      await page.getByTestId("save").click();
      await expect
        .poll(() => page.getByTestId("recoveryEmail-helper").textContent())
        .toBe("Please specify 'Recovery email'.");
    } finally {
      await context.close();
    }
  });

  it("switches the interface to the locale the user saves, without reloading", async () => {
    const { context, page } = await openConsole(browser, REALM);
    try {
      await page.getByTestId("save").waitFor();
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      await page.locator('[id="attributes.locale"]').fill("deu");
      await page.getByRole("option", { name: "Deutsch" }).click();
      await page.getByTestId("save").click();
      await expect.poll(() => page.getByTestId("page-heading").textContent()).toBe("Persönliche Angaben");
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      expect(await page.locator("html").getAttribute("lang")).toBe("de");
      expect((await admin.user(REALM, DEMO_USER.username)).attributes?.locale).toEqual(["de"]);
      await admin.updateUser(REALM, DEMO_USER.username, { attributes: { locale: ["en"] } });
    } finally {
      await context.close();
    }
  });

  it("starts Keycloak's update-email action and comes back", async () => {
    await admin.setRequiredAction(REALM, "UPDATE_EMAIL", true);
    const { context, page } = await openConsole(browser, REALM);
    try {
      // With the action on, Keycloak makes the email read-only in the profile: it changes only through the action.
      expect(await page.getByTestId("email").isDisabled()).toBe(true);
      await page.locator("#update-email-btn").click();
      await passReauthentication(page, "input#email", DEMO_USER.password);
      expect(page.url()).toContain("UPDATE_EMAIL");
      await screenshot(page, "personal-info-update-email");
      // Keycloak's page offers to go back without changing anything.
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.waitForURL(new RegExp(`/realms/${REALM}/account`));
      await page.getByTestId("page-heading").waitFor();
    } finally {
      await context.close();
      await admin.setRequiredAction(REALM, "UPDATE_EMAIL", false);
    }
  });

  it("deletes the account through Keycloak's delete-account action", async () => {
    const { context, page } = await openConsole(browser, REALM);
    try {
      await page.getByTestId("delete-account").getByRole("button", { name: "Delete account" }).click();
      await page.getByText("This is irreversible.", { exact: false }).waitFor();
      await page.locator("#delete-account-btn").click();
      await passReauthentication(page, "#kc-form-buttons, form#kc-deleteaccount-form", DEMO_USER.password);
      expect(page.url()).toContain("delete_account");
      await screenshot(page, "personal-info-delete-account");
      await page.getByRole("button", { name: "Confirm" }).click();
      await expect.poll(() => admin.userExists(REALM, DEMO_USER.username)).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe("personal info on a realm without extra attributes", () => {
  const PLAIN = "e2e-profile-plain";
  beforeAll(() => admin.createRealm(PLAIN));
  afterAll(() => admin.deleteRealm(PLAIN).catch(() => undefined));

  it("shows the four built-in fields with no sections, no locale picker and no delete-account section", async () => {
    const { context, page } = await openConsole(browser, PLAIN);
    try {
      await page.getByTestId("save").waitFor();
      for (const name of ["username", "email", "firstName", "lastName"]) {
        expect(await page.getByTestId(name).count()).toBe(1);
      }
      expect(await page.locator('[id="attributes.locale"]').count()).toBe(0);
      expect(await page.getByRole("heading", { level: 2 }).count()).toBe(0);
      expect(await page.getByTestId("delete-account").count()).toBe(0);
      expect(await page.locator("#update-email-btn").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("the demo realm", () => {
  it("shows the showcase profile with update email and delete account", async () => {
    const { context, page } = await openConsole(browser, "demo");
    try {
      await page.getByTestId("save").waitFor();
      expect(await page.locator("#update-email-btn").count()).toBe(1);
      expect(await page.getByTestId("delete-account").count()).toBe(1);
      expect(await page.locator("#favoriteColor").textContent()).toBe("Blue");
      await screenshot(page, "demo-personal-info");
      // The page scrolls inside PatternFly's main area: scroll it to see the rest.
      await page.getByTestId("delete-account").scrollIntoViewIfNeeded();
      await screenshot(page, "demo-personal-info-bottom");
    } finally {
      await context.close();
    }
  });
});
