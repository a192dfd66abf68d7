import type { Page } from "@playwright/test";
import { DEMO_USER, demoLike, fixture } from "./support/admin";
import { passReauthentication } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { expect, test as base } from "./support/test";
import { keycloakAtLeast } from "./support/version";

// A realm whose user profile uses most of what Keycloak's user-profile editor offers (tests/fixtures/user-profile.json).
// Its tests run in order and share the realm; a failed test restarts the worker, which creates the realm anew.
const REALM = "e2e-profile";
const PLAIN = "e2e-profile-plain";
const LOCALES = ["en", "de", "fr", "es", "it", "nl", "pt-BR", "ja", "pl", "sv", "cs", "fi"];

const STARTING_ATTRIBUTES = {
  recoveryEmail: ["alice.recovery@example.org"],
  employeeNumber: ["E-1001"],
  nicknames: ["Al"],
};

// Clean-up as fixtures: it runs after the test whether it passed or failed, so a failure leaves the next test (and a
// reused server) the state it expects.
const test = base.extend<{ englishAfterwards: void; updateEmailAction: void }>({
  // The test saves another locale for alice: English again afterwards.
  englishAfterwards: async ({ admin }, use) => {
    await use();
    await admin.updateUser(REALM, DEMO_USER.username, { attributes: { locale: ["en"] } });
  },
  // Keycloak's update-email action, on for the test only.
  updateEmailAction: async ({ admin }, use) => {
    await admin.setRequiredAction(REALM, "UPDATE_EMAIL", true);
    await use();
    await admin.setRequiredAction(REALM, "UPDATE_EMAIL", false);
  },
});

test.use({
  realms: {
    [REALM]: demoLike({ internationalizationEnabled: true, supportedLocales: LOCALES, defaultLocale: "en" }),
    [PLAIN]: demoLike(),
  },
  account: { realm: REALM },
});

test.beforeAll(async ({ admin }) => {
  await admin.users.updateProfile({ realm: REALM, ...fixture("user-profile.json") });
  // Every required attribute has a value, so signing in asks nothing more (no "update your profile" step).
  await admin.updateUser(REALM, DEMO_USER.username, { attributes: STARTING_ATTRIBUTES });
  await admin.setRequiredAction(REALM, "delete_account", true);
});

/** Opens a closed select (plain or typeahead) by its id and picks the option with this text. */
async function pick(page: Page, id: string, option: string) {
  await page.locator(`[id="${id}"]`).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test.describe("personal info", () => {
  test("renders every kind of attribute from the realm's user-profile metadata @core", async ({
    consolePage: page,
  }) => {
    await expect(page.getByTestId("save")).toBeVisible();
    await screenshot(page, "personal-info");

    // A select with three options and its helper text (shown before the input, and as help).
    await expect(page.getByText("Pick the colour you like best.").first()).toBeVisible();
    await expect(page.getByTestId("help-label-favoriteColor")).toHaveCount(1);
    await page.locator("#favoriteColor").click();
    await expect(page.getByRole("option")).toHaveText(["Red", "Green", "Blue"]);
    await page.keyboard.press("Escape");

    // A textarea in its own group, under the group's header and description.
    const about = page.getByTestId("section-about");
    await expect(about.getByRole("heading", { name: "About you" })).toHaveCount(1);
    await expect(about.getByText("Tell others who you are.")).toHaveCount(1);
    await expect(about.locator("textarea#bio")).toHaveAttribute("rows", "4");

    // An html5 email input required for users, with its placeholder and the text after it.
    const recovery = page.locator("#recoveryEmail");
    await expect(recovery).toHaveAttribute("type", "email");
    await expect(recovery).toHaveAttribute("required");
    await expect(recovery).toHaveAttribute("placeholder", "you@example.org");
    await expect(page.getByText("Used only to recover your account.")).toHaveCount(1);

    // 24 options: filters as you type.
    await page.locator("#country").fill("sw");
    await expect(page.getByRole("option")).toHaveText(["Sweden", "Switzerland"]);
    await page.keyboard.press("Escape");

    // Multivalued, read-only, a dotted name.
    await expect(page.getByTestId("nicknames0")).toHaveValue("Al");
    await expect(page.getByTestId("addValue")).toBeEnabled();
    await expect(page.locator("#employeeNumber")).toHaveValue("E-1001");
    await expect(page.locator("#employeeNumber")).toBeDisabled();
    await expect(page.locator('[id="contact.phone"]')).toHaveAttribute("type", "tel");

    // 12 locales: a typeahead listing each in its own language.
    await page.locator('[id="attributes.locale"]').click();
    const locales = page.getByRole("option");
    await expect(locales).toHaveCount(LOCALES.length);
    expect(await locales.allTextContents()).toEqual(expect.arrayContaining(["Deutsch", "français", "日本語"]));
    await page.keyboard.press("Escape");
  });

  test("saves valid data, which is still there after a reload and on the server @core", async ({
    consolePage: page,
    admin,
  }) => {
    await page.getByTestId("firstName").fill("Alicia");
    await pick(page, "favoriteColor", "Green");
    await page.locator("#country").fill("switz");
    await page.getByRole("option", { name: "Switzerland" }).click();
    await page.getByTestId("addValue").click();
    await page.getByTestId("nicknames1").fill("Ally");
    await page.locator('[id="contact.phone"]').fill("+41 44 000 00 00");
    await page.locator("#bio").fill("Follows white rabbits.");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("last-alert")).toContainText("Your account has been updated.");
    // The header shows the new name (the token was refreshed).
    await expect(page.getByTestId("options-toggle")).toContainText("Alicia Liddell");

    await page.reload();
    await expect(page.getByTestId("firstName")).toHaveValue("Alicia");
    await expect(page.locator("#favoriteColor")).toHaveText("Green");
    await expect(page.locator("#country")).toHaveValue("Switzerland");
    await expect(page.getByTestId("nicknames1")).toHaveValue("Ally");

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
  });

  test("shows Keycloak's own message on the field when the server refuses a value, keeping what was typed @core", async ({
    consolePage: page,
    admin,
  }) => {
    // Passes the form's own check; Keycloak refuses a local part over 64 characters.
    const invalid = `${"a".repeat(65)}@example.org`;
    await page.getByTestId("email").fill(invalid);
    await page.getByTestId("lastName").fill("Pleasance");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("last-alert")).toContainText("Could not update account due to validation errors");
    await expect(page.getByTestId("email-helper")).toHaveText("Invalid email address.");
    await expect(page.getByTestId("email")).toHaveValue(invalid);
    await expect(page.getByTestId("lastName")).toHaveValue("Pleasance");
    await screenshot(page, "personal-info-server-error");
    expect((await admin.user(REALM, DEMO_USER.username)).lastName).toBe("Liddell");

    // The form's own rules answer before any request: a required field left empty.
    await page.locator("#recoveryEmail").fill("");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("recoveryEmail-helper")).toHaveText("Please specify 'Recovery email'.");
  });

  test("switches the interface to the locale the user saves, without reloading @core", async ({
    consolePage: page,
    admin,
    englishAfterwards: _,
  }) => {
    await expect(page.getByTestId("save")).toBeVisible();
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await page.locator('[id="attributes.locale"]').fill("deu");
    await page.getByRole("option", { name: "Deutsch" }).click();
    await page.getByTestId("save").click();
    await expect(page.getByTestId("page-heading")).toHaveText("Persönliche Angaben");
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    expect((await admin.user(REALM, DEMO_USER.username)).attributes?.locale).toEqual(["de"]);
  });

  test.describe(() => {
    test.skip(
      () => !keycloakAtLeast("26.4.0"),
      "Update email is a preview feature before 26.4, off unless the server turns it on: neither stock nor ours offers it",
    );
    test("starts Keycloak's update-email action and comes back @core", async ({
      openConsole,
      updateEmailAction: _,
    }) => {
      const page = await openConsole(REALM);
      // With the action on, Keycloak makes the email read-only in the profile: it changes only through the action.
      await expect(page.getByTestId("email")).toBeDisabled();
      await page.locator("#update-email-btn").click();
      await passReauthentication(page, "input#email", DEMO_USER.password);
      await expect(page).toHaveURL(/UPDATE_EMAIL/);
      await screenshot(page, "personal-info-update-email");
      // Keycloak's page offers to go back without changing anything.
      await page.getByRole("button", { name: "Cancel" }).click();
      await expect(page).toHaveURL(new RegExp(`/realms/${REALM}/account`));
      await expect(page.getByTestId("page-heading")).toBeVisible();
    });
  });

  test.describe(() => {
    // Deleting the account ends its session: a session of its own.
    test.use({ account: { realm: REALM, ownSession: true } });
    test("deletes the account through Keycloak's delete-account action @core", async ({ consolePage: page, admin }) => {
      await page.getByTestId("delete-account").getByRole("button", { name: "Delete account" }).click();
      await expect(page.getByText("This is irreversible.", { exact: false })).toBeVisible();
      await page.locator("#delete-account-btn").click();
      await passReauthentication(page, "#kc-form-buttons, form#kc-deleteaccount-form", DEMO_USER.password);
      await expect(page).toHaveURL(/delete_account/);
      await screenshot(page, "personal-info-delete-account");
      await page.getByRole("button", { name: "Confirm" }).click();
      await expect
        .poll(() => admin.users.find({ realm: REALM, username: DEMO_USER.username, exact: true }))
        .toEqual([]);
    });
  });
});

test.describe("personal info on a realm without extra attributes", () => {
  test.use({ account: { realm: PLAIN } });
  test("shows the four built-in fields with no sections, no locale picker and no delete-account section", async ({
    consolePage: page,
  }) => {
    await expect(page.getByTestId("save")).toBeVisible();
    for (const name of ["username", "email", "firstName", "lastName"]) {
      await expect(page.getByTestId(name)).toHaveCount(1);
    }
    await expect(page.locator('[id="attributes.locale"]')).toHaveCount(0);
    // No user-profile sections (each would be an h2): the one h2 is the page's own Your data section.
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(["Your data"]);
    await expect(page.getByTestId("delete-account")).toHaveCount(0);
    await expect(page.locator("#update-email-btn")).toHaveCount(0);
  });
});

test.describe("the demo realm", () => {
  test.use({ account: { realm: "demo" } });
  test("shows the showcase profile with update email and delete account", async ({ consolePage: page }) => {
    await expect(page.getByTestId("save")).toBeVisible();
    await expect(page.locator("#update-email-btn")).toHaveCount(1);
    await expect(page.getByTestId("delete-account")).toHaveCount(1);
    await expect(page.locator("#favoriteColor")).toHaveText("Blue");
    await screenshot(page, "demo-personal-info");
    // The page scrolls inside PatternFly's main area: scroll it to see the rest.
    await page.getByTestId("delete-account").scrollIntoViewIfNeeded();
    await screenshot(page, "demo-personal-info-bottom");
  });
});
