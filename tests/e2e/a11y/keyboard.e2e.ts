import type { Locator, Page } from "@playwright/test";
import { DEMO_USER } from "../support/admin";
import { passReauthentication, submitLogin } from "../support/browser";
import { accountUrl, expect, test } from "../support/test";
import { expectFocusVisible, focusedDescription, focusStop, tabTo } from "./checks";
import {
  a11yRecipe,
  aliceResourceId,
  accountApi,
  BOB,
  DAVE,
  enterOttoCode,
  JWT_CREDENTIAL,
  OTTO,
  SCREENS,
  SD_CREDENTIAL,
} from "./realm";

// Every task with the keyboard alone: after the page is open, only page.keyboard acts on it. At every Tab stop the
// focus must be visible (checks.ts: tabTo), dialogs take the focus when they open and give it back when they close.
const REALM = "e2e-a11y-keyboard";

test.use({ realms: { [REALM]: a11yRecipe(REALM) }, account: { realm: REALM } });
test.describe.configure({ timeout: 180_000 });

const focused = (locator: Locator) => expect(locator).toBeFocused();

/** The focus is inside the open dialog. */
async function expectFocusInDialog(page: Page) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), {
      message: "the focus moves into the dialog",
    })
    .toBe(true);
}

/** A page's Tab stops, in order, with where each one is on the page and which landmark holds it. */
async function tabStops(page: Page) {
  const stops: { what: string; region: string; top: number; left: number; bottom: number; right: number }[] = [];
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    const stop = await focusStop(page, (element) => {
      const box = element.getBoundingClientRect();
      // A navigation inside the main region (a page's jump links, a column of its own) comes before its content.
      const main = element.closest("main");
      const region =
        element.closest("[data-testid=skip-to-content]") !== null
          ? "skip"
          : main
            ? main.contains(element.closest("nav"))
              ? "page-nav"
              : "main"
            : (element.closest("header, nav")?.tagName.toLowerCase() ?? "elsewhere");
      return { region, top: box.top, left: box.left, bottom: box.bottom, right: box.right };
    });
    // Past the last control the browser's own UI, or the page again from the top: one round is enough.
    if (!stop || (stop.where.region === "skip" && stops.length > 0)) break;
    expect(stop.problem, `the focus on ${stop.what}`).toBe("");
    stops.push({ what: stop.what, ...stop.where });
  }
  return stops;
}

test.describe("skip link and tab order", () => {
  // Tall enough that no screen scrolls: boxes are then where the eye finds them.
  test.use({ viewport: { width: 1280, height: 2400 } });

  test("the skip link is the first stop and moves the focus to the main content", async ({ consolePage: page }) => {
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await focused(skip);
    await expectFocusVisible(page);
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await focused(page.locator("main"));
    await expect(page).toHaveURL(accountUrl(REALM, ""));
    // The next stop is the first control of the page, past the header and the menu.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.querySelector("main")!.contains(document.activeElement))).toBe(true);
    await expectFocusVisible(page);
  });

  test("on every screen the focus is always visible and the tab order follows the visual order", async ({
    consolePage: page,
  }) => {
    const order = ["skip", "header", "nav", "page-nav", "main"];
    for (const { route, heading } of SCREENS) {
      await page.goto(accountUrl(REALM, route));
      await expect(page.getByTestId("page-heading")).toHaveText(heading);
      await expect(page.locator(".pf-v6-c-spinner")).toHaveCount(0);
      const stops = await tabStops(page);
      const where = route || "personal info";
      expect(stops.length, `${where}: Tab stops`).toBeGreaterThan(5);
      expect(stops[0]!.region, `${where}: the first stop`).toBe("skip");
      for (let i = 1; i < stops.length; i++) {
        const [previous, next] = [stops[i - 1]!, stops[i]!];
        const step = `${where}: from ${previous.what} to ${next.what}`;
        expect(order.indexOf(next.region), `${step}: landmarks in reading order`).toBeGreaterThanOrEqual(
          order.indexOf(previous.region),
        );
        if (next.region !== previous.region || next.region === "skip") continue;
        // Within a landmark: on down the page, or on along the same line.
        const sameLine = next.top < previous.bottom && previous.top < next.bottom;
        if (sameLine) expect(next.left, `${step}: along the line`).toBeGreaterThanOrEqual(previous.left - 1);
        else expect(next.top, `${step}: down the page`).toBeGreaterThanOrEqual(previous.bottom - 1);
      }
    }
  });
});

test.describe("personal info", () => {
  test("edits and saves a field, adds and removes a value of a multi-valued field", async ({
    consolePage: page,
    admin,
  }) => {
    await tabTo(page, page.getByTestId("lastName"));
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Liddell-Keys");

    // Add a nickname: the new row takes the focus.
    await tabTo(page, page.getByTestId("addValue"));
    await page.keyboard.press("Enter");
    await focused(page.getByTestId("nicknames1"));
    await page.keyboard.type("Ally");
    // Remove the first one: the focus stays in the field, on the row that took its place.
    await tabTo(page, page.getByTestId("remove0"), { key: "Shift+Tab" });
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("nicknames1")).toHaveCount(0);
    await focused(page.getByTestId("nicknames0"));
    await expect(page.getByTestId("nicknames0")).toHaveValue("Ally");

    await tabTo(page, page.getByTestId("save"));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("last-alert")).toHaveText("Your account has been updated.");
    // Disabled while saving, the button had to give up the focus; it has it back.
    await focused(page.getByTestId("save"));
    const user = await admin.user(REALM, DEMO_USER.username);
    expect(user.lastName).toBe("Liddell-Keys");
    expect(user.attributes?.nicknames).toEqual(["Ally"]);
    // The alert's close button is reachable too, and closes it.
    await tabTo(page, page.getByRole("button", { name: "Close alert" }));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("last-alert")).toHaveCount(0);
  });

  test("switches the language in the locale picker, and back", async ({ consolePage: page, admin }) => {
    const picker = page.locator('[id="attributes.locale"]');
    await tabTo(page, picker);
    await page.keyboard.type("Deutsch");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("option", { name: "Deutsch" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(picker).toHaveValue("Deutsch");
    await tabTo(page, page.getByTestId("save"));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("page-heading")).toHaveText("Persönliche Angaben");
    expect((await admin.user(REALM, DEMO_USER.username)).attributes?.locale).toEqual(["de"]);

    await tabTo(page, picker, { key: "Shift+Tab" });
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("English");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByTestId("save"));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("page-heading")).toHaveText("Personal info");
  });

  test("switches the theme and help from the header", async ({ consolePage: page }) => {
    const toggle = page.getByTestId("theme-switch");
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("option").first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await focused(page.getByRole("option", { name: "Dark" }));
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveClass(/pf-v6-theme-dark/);
    await focused(toggle);
    await expectFocusVisible(page);

    const help = page.getByTestId("help-toggle");
    await expect(page.getByTestId("help-label-favoriteColor")).toBeVisible();
    await tabTo(page, help);
    await page.keyboard.press("Space");
    await expect(help).not.toBeChecked();
    await expect(page.getByTestId("help-label-favoriteColor")).toHaveCount(0);
    await page.keyboard.press("Space");
    await expect(page.getByTestId("help-label-favoriteColor")).toBeVisible();
    // The help popover opens from its icon and closes with Escape, back on the icon.
    await tabTo(page, page.getByTestId("help-label-favoriteColor"));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await focused(page.getByTestId("help-label-favoriteColor"));
  });
});

test.describe("signing in", () => {
  test("starts removing a credential and setting one up, up to Keycloak's own pages", async ({ page }) => {
    // Otto signs in with his password and his authenticator's code.
    await page.goto(accountUrl(REALM, "account-security/signing-in"));
    await submitLogin(page, OTTO.username, OTTO.password);
    await enterOttoCode(page);
    await expect(page.getByTestId("page-heading")).toBeVisible();
    await tabTo(page, page.getByTestId("otp/credential-list").locator('[data-testrole="remove"]'));
    await page.keyboard.press("Enter");
    await passReauthentication(page, "#kc-form-buttons, #kc-accept, [name=accept]", OTTO.password);
    await expect(page).toHaveURL(/delete_credential/);

    await page.goto(accountUrl(REALM, "account-security/signing-in"));
    await expect(page.getByTestId("page-heading")).toBeVisible();
    await tabTo(page, page.getByTestId("password/credential-list").locator('[data-testrole="update"]'));
    await page.keyboard.press("Enter");
    await passReauthentication(page, "#password-new", OTTO.password);
    await expect(page).toHaveURL(/UPDATE_PASSWORD/);
  });
});

test.describe("device activity", () => {
  test.use({ account: { realm: REALM, route: "account-security/device-activity", user: DAVE, ownSession: true } });
  test("signs out another device through its dialog", async ({ consolePage: page, openConsole }) => {
    await openConsole(REALM, { user: DAVE, ownSession: true });
    await page.reload();
    await expect(page.locator('[data-testid^="row-"]')).toHaveCount(2);
    const signOut = page.getByTestId("row-1").getByRole("button", { name: "Sign out" });
    await tabTo(page, signOut);
    await page.keyboard.press("Enter");
    await expectFocusInDialog(page);
    // Escape closes it without signing out; the focus is back on the row's button.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await focused(signOut);
    await page.keyboard.press("Enter");
    await expectFocusInDialog(page);
    await tabTo(page, page.getByRole("dialog").getByRole("button", { name: "Confirm" }));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("last-alert")).toHaveText(/^Signed out /);
    await expect(page.locator('[data-testid^="row-"]')).toHaveCount(1);
    // The button is gone with its row: the focus has not fallen to the page's body.
    expect(await focusedDescription(page)).not.toBe("body");
  });
});

test.describe("applications", () => {
  test.use({ account: { realm: REALM, route: "applications" } });
  test("removes an application's access", async ({ consolePage: page }) => {
    await tabTo(page, page.getByTestId("toggle-notes"));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("toggle-notes")).toHaveAttribute("aria-expanded", "true");
    await tabTo(page, page.getByRole("button", { name: "Remove access" }));
    await page.keyboard.press("Enter");
    await expectFocusInDialog(page);
    await tabTo(page, page.getByRole("dialog").getByRole("button", { name: "Confirm" }));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("last-alert")).toContainText("Successfully removed consent");
    await expect(page.getByRole("button", { name: "Remove access" })).toHaveCount(0);
    expect(await focusedDescription(page)).not.toBe("body");
  });
});

test.describe("resources", () => {
  test.use({ account: { realm: REALM, route: "resources" } });
  test("shares a resource and answers a request", async ({ consolePage: page }) => {
    const garden = await aliceResourceId(REALM, "garden");
    const share = page.getByTestId("share-garden");
    await tabTo(page, share);
    await page.keyboard.press("Enter");
    await expectFocusInDialog(page);
    const dialog = page.getByRole("dialog");
    await tabTo(page, dialog.getByTestId("users"));
    await page.keyboard.type(OTTO.username);
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("group", { name: "Share with" })).toContainText(OTTO.username);
    await tabTo(page, dialog.locator("#permissions-input"));
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(dialog.getByTestId("permissions")).toContainText("album:view");
    await tabTo(page, dialog.getByTestId("done"));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("last-alert")).toHaveText("Resource successfully shared.");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await focused(share);
    const shared = await accountApi<{ username: string }[]>(REALM, DEMO_USER, `/resources/${garden}/permissions`);
    expect(shared.map((p) => p.username)).toContain(OTTO.username);

    // Bob's request for the garden: accepted from its dialog.
    const requests = page.getByTestId("requests-garden");
    await tabTo(page, requests, { key: "Shift+Tab" });
    await page.keyboard.press("Enter");
    await expectFocusInDialog(page);
    await tabTo(page, page.getByTestId(`accept-${BOB.username}`));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("last-alert")).toHaveText("Resource successfully shared.");
    // The share above left the same alert text: the server's list is what says this request was answered.
    await expect
      .poll(async () => {
        const after = await accountApi<{ username: string }[]>(REALM, DEMO_USER, `/resources/${garden}/permissions`);
        return after.map((p) => p.username);
      })
      .toContain(BOB.username);
  });
});

test.describe("verifiable credentials", () => {
  test.use({ account: { realm: REALM, route: "verifiable-credentials" } });
  test("revokes a credential; the issued-credentials dialog gives the focus back", async ({ consolePage: page }) => {
    const view = page.locator(`#credential-${JWT_CREDENTIAL}-view-issued`);
    await tabTo(page, view);
    await page.keyboard.press("Enter");
    await expectFocusInDialog(page);
    await page.keyboard.press("Escape");
    await focused(view);

    await tabTo(page, page.locator(`#credential-${SD_CREDENTIAL}-revoke`));
    await page.keyboard.press("Enter");
    await expectFocusInDialog(page);
    await tabTo(page, page.getByRole("dialog").getByRole("button", { name: "Revoke" }));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("last-alert")).toContainText("Verifiable credential deleted successfully");
    await expect(page.locator(`#credential-${SD_CREDENTIAL}`)).toHaveCount(0);
    expect(await focusedDescription(page)).not.toBe("body");
  });
});
