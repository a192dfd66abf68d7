import type { Page } from "@playwright/test";
import { DEMO_USER } from "../support/admin";
import { goInApp } from "./checks";
import { expect, test } from "../support/test";
import { a11yRecipe, SCREENS } from "./realm";

// What a screen reader gets, read from the browser's accessibility tree (Playwright's aria snapshots and accessible
// names and descriptions), not from markup: headings, landmarks, live announcements, errors on their fields, busy
// buttons.
const REALM = "e2e-a11y-screen-reader";

test.use({ realms: { [REALM]: a11yRecipe(REALM) }, account: { realm: REALM } });
test.describe.configure({ timeout: 180_000 });

const go = (page: Page, route: string, heading: string) => goInApp(page, REALM, route, heading);

/** The headings of the accessibility tree, in reading order, with their levels. */
async function headings(page: Page): Promise<{ level: number; name: string }[]> {
  const snapshot = await page.locator("body").ariaSnapshot();
  return [...snapshot.matchAll(/heading "((?:[^"\\]|\\.)*)" \[level=(\d)\]/g)].map((match) => ({
    name: match[1]!,
    level: Number(match[2]),
  }));
}

test("every screen has one h1, headings that skip no level, and the header, navigation and main landmarks", async ({
  consolePage: page,
}) => {
  await expect(page.locator("body")).toMatchAriaSnapshot(`
    - link "Skip to main content"
    - banner:
      - button "Navigation"
      - link "Logo"
      - button /Appearance/
      - switch "Show help"
      - button /Alice Liddell/
    - navigation "Navigation":
      - list:
        - listitem:
          - link "Personal info"
    - main:
      - heading "Personal info" [level=1]
  `);
  for (const { route, heading, title } of SCREENS) {
    await go(page, route, heading);
    const where = route || "personal info";
    // The browser tab names the page, then the console.
    await expect(page, where).toHaveTitle(`${title} - Account Management`);
    await expect(page.getByRole("banner"), where).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "Navigation" }), where).toHaveCount(1);
    await expect(page.getByRole("main"), where).toHaveCount(1);
    const found = await headings(page);
    expect(
      found.filter((h) => h.level === 1),
      `${where}: one h1`,
    ).toEqual([{ level: 1, name: heading }]);
    expect(found[0], `${where}: the h1 comes first`).toEqual({ level: 1, name: heading });
    for (let i = 1; i < found.length; i++) {
      expect(found[i]!.level, `${where}: "${found[i]!.name}" after "${found[i - 1]!.name}"`).toBeLessThanOrEqual(
        found[i - 1]!.level + 1,
      );
    }
  }
});

test("personal info: the profile's sections and Your data are h2 sections under the h1", async ({
  consolePage: page,
}) => {
  await expect(page.getByRole("main")).toMatchAriaSnapshot(`
    - main:
      - heading "Personal info" [level=1]
      - group "General":
        - heading "General" [level=2]
      - group "About you":
        - heading "About you" [level=2]
      - button "Save"
      - region "Your data":
        - heading "Your data" [level=2]
        - button "Download your data"
  `);
});

test("an alert is announced by a live region, a form error is tied to its field and announced on submit", async ({
  consolePage: page,
}) => {
  const alerts = page.getByTestId("global-alerts");
  await expect(alerts).toHaveAttribute("aria-live", "polite");

  // A required field left empty: Save puts the focus on it, and the error is its description.
  const firstName = page.getByRole("textbox", { name: "First name" });
  // The fields about the user say what they hold, for the browser to fill them in (WCAG 1.3.5).
  await expect(firstName).toHaveAttribute("autocomplete", "given-name");
  await expect(page.getByRole("textbox", { name: "Last name" })).toHaveAttribute("autocomplete", "family-name");
  await firstName.fill("");
  await page.getByRole("button", { name: "Save" }).press("Enter");
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  await expect(firstName).toHaveAccessibleDescription(/first name/i);

  // Refused by the server: the message is on the field, and the alert says so in the live region.
  await firstName.fill("Alice");
  const recovery = page.getByRole("textbox", { name: "Recovery email" });
  await recovery.fill("not-an-address");
  await page.getByRole("button", { name: "Save" }).press("Enter");
  await expect(recovery).toBeFocused();
  await expect(recovery).toHaveAccessibleDescription(/invalid email/i);
  await expect(alerts.getByText("Could not update account due to validation errors").first()).toBeVisible();
  await recovery.fill(`${DEMO_USER.username}.recovery@example.org`);
  await expect(recovery).not.toHaveAttribute("aria-invalid", "true");

  // Success is announced too.
  await page.getByRole("button", { name: "Save" }).press("Enter");
  await expect(alerts).toContainText("Your account has been updated.");
});

test("a busy button says that it is busy", async ({ consolePage: page }) => {
  // Hold the save on its way to the server to look at the button meanwhile.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/account\/?(\?.*)?$/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  const save = page.getByTestId("save");
  await page.getByRole("textbox", { name: "Last name" }).fill("Liddell");
  await save.press("Enter");
  // The button's name says so (its progress indicator's text comes first), and it takes no second press.
  await expect(save).toHaveAccessibleName("Loading Save");
  await expect(save).toBeDisabled();
  release();
  await expect(page.getByTestId("last-alert")).toHaveText("Your account has been updated.");
  await expect(save).toHaveAccessibleName("Save");
  // The keyboard focus, which the browser takes from a disabled button, is back on it.
  await expect(save).toBeFocused();
});
