import type { Page } from "@playwright/test";
import { demoLike } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { screenshot } from "./support/screenshots";
import { expect, test } from "./support/test";

// A user profile with attribute groups (Realm settings → User profile → Attribute groups): personal info then has
// "Jump to section" links to them.
const REALM = "e2e-parity-jump";

const editable = (name: string, displayName: string, group: string) => ({
  name,
  displayName,
  group,
  permissions: { view: ["admin", "user"], edit: ["admin", "user"] },
  multivalued: false,
});

test.use({
  realms: { [REALM]: demoLike({ localizationTexts: { en: { jumpSizes: "Clothing sizes" } } }) },
  account: { realm: REALM },
});

test.beforeAll(async ({ admin }) => {
  const config = await admin.users.getProfile({ realm: REALM });
  if (config.attributes!.some((attribute) => attribute.name === "street")) return;
  await admin.users.updateProfile({
    realm: REALM,
    ...config,
    attributes: [
      ...config.attributes!,
      editable("street", "Street", "address"),
      editable("postalCode", "Postal code", "address"),
      editable("city", "City", "address"),
      editable("country", "Country", "address"),
      editable("shoeSize", "Shoe size", "sizes"),
      editable("hatSize", "Hat size", "sizes"),
    ],
    groups: [
      ...(config.groups ?? []),
      { name: "address", displayHeader: "Postal address", displayDescription: "Where letters reach you" },
      { name: "sizes", displayHeader: "${jumpSizes}" },
    ],
  });
});

const nav = (page: Page) => page.getByRole("navigation", { name: "Jump to section" });

test.describe("jump to section", () => {
  test("links every group; Enter on a link brings its heading into view and the keyboard on from there", async ({
    consolePage: page,
  }) => {
    const links = nav(page).getByRole("link");
    await expect(links).toHaveText(["General", "Postal address", "Clothing sizes"]);
    await expect(page.getByTestId("jump-link-clothing-sizes")).toBeVisible();
    await expect(links.first()).toHaveAttribute("aria-current", "location");

    await page.getByTestId("jump-link-clothing-sizes").focus();
    await page.keyboard.press("Enter");
    const heading = page.getByRole("heading", { level: 2, name: "Clothing sizes" });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(page.getByTestId("jump-link-clothing-sizes")).toHaveAttribute("aria-current", "location");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Shoe size")).toBeFocused();
    // Beside the form, and still in view after the jump.
    await expect(nav(page)).toBeInViewport();
    await screenshot(page, "parity-jump-desktop-light");
    await expectAccessible(page, "personal info with jump links");

    // Scrolling back up with the wheel makes the first section the current one again.
    await page.mouse.move(640, 500);
    await page.mouse.wheel(0, -5000);
    await expect(page.getByTestId("page-heading")).toBeInViewport();
    await expect(links.first()).toHaveAttribute("aria-current", "location");
    await expect(page.getByTestId("jump-link-clothing-sizes")).not.toHaveAttribute("aria-current");
  });

  test.describe("on a phone in dark mode", () => {
    test.use({ viewport: { width: 360, height: 740 }, colorScheme: "dark" });

    test("folds the links above the form; a jump closes them and lands on the heading", async ({
      consolePage: page,
    }) => {
      const toggle = page.getByRole("button", { name: "Jump to section" });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      // Folded: the links are in the page but not shown.
      await expect(nav(page).locator("a")).toHaveCount(3);
      await expect(nav(page).locator("a").first()).toBeHidden();
      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await screenshot(page, "parity-jump-phone-dark-open");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await expect(page.getByTestId("jump-link-postal-address")).toBeFocused();
      await page.keyboard.press("Enter");
      const heading = page.getByRole("heading", { level: 2, name: "Postal address" });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await screenshot(page, "parity-jump-phone-dark");
      await expectAccessible(page, "personal info with jump links, dark, 360 px");
    });
  });
});
