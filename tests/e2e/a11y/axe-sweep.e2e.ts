import type { Page } from "@playwright/test";
import { screenshot } from "../support/screenshots";
import { expect, test } from "../support/test";
import { axeViolations, goInApp } from "./checks";
import { a11yRecipe, JWT_CREDENTIAL, LINKED_SCREENS, SCREENS } from "./realm";

// axe (WCAG 2.2 A and AA, every impact, colour contrast included) on every screen and every dialog, in light and
// dark, at 1280 px and at 320 px (400 % zoom of 1280). One test per scheme and width walks all screens in one page.
const REALM = "e2e-a11y-axe";

test.use({ realms: { [REALM]: a11yRecipe(REALM) }, account: { realm: REALM } });
test.describe.configure({ timeout: 240_000 });

/** Opens a dialog from its screen: the dialog locator once it shows. */
type DialogOpener = { name: string; route: string; open: (page: Page) => Promise<void>; shot?: string };

const click = (testId: string) => (page: Page) => page.getByTestId(testId).click();
const clickButton = (name: string) => (page: Page) => page.getByRole("button", { name }).click();
const clickCss = (selector: string) => (page: Page) => page.locator(selector).click();
/** A resource's actions menu, then one of its items. */
const resourceAction = (item: string) => async (page: Page) => {
  await page.getByTestId("actions-holiday").click();
  await page.getByRole("menuitem", { name: item }).click();
};
const CREDENTIAL = `#credential-${JWT_CREDENTIAL}`;

const DIALOGS: DialogOpener[] = [
  {
    name: "sign out all devices",
    route: "account-security/device-activity",
    open: clickButton("Sign out all devices"),
  },
  {
    name: "remove an application's access",
    route: "applications",
    open: async (page) => {
      await page.getByTestId("toggle-notes").click();
      await clickButton("Remove access")(page);
    },
  },
  { name: "share a resource", route: "resources", shot: "share-dialog", open: click("share-garden") },
  { name: "edit a resource's permissions", route: "resources", open: resourceAction("Edit") },
  { name: "unshare a resource", route: "resources", open: resourceAction("Unshare") },
  { name: "answer a request", route: "resources", shot: "requests-dialog", open: click("requests-garden") },
  { name: "issued credentials", route: "verifiable-credentials", open: clickCss(`${CREDENTIAL}-view-issued`) },
  { name: "revoke a credential", route: "verifiable-credentials", open: clickCss(`${CREDENTIAL}-revoke`) },
];

const go = (page: Page, route: string, heading: string) => goInApp(page, REALM, route, heading);

// The sweep's "nothing" means something only if axe runs and reports: shown a nameless button and grey-on-white text,
// it names both, in the part of the page it is asked about and not outside it.
test("axe, as the sweep runs it, reports what it is shown", async ({ consolePage: page }) => {
  await page.locator("main").evaluate((main) => {
    const flawed = document.createElement("div");
    flawed.id = "flawed";
    flawed.innerHTML = '<button type="button"></button><p style="color: #eee; background: #fff">Hard to read</p>';
    main.append(flawed);
  });
  const ids = (found: string[]) => found.map((violation) => violation.split(" ")[0]);
  expect(ids(await axeViolations(page))).toEqual(expect.arrayContaining(["button-name", "color-contrast"]));
  expect(ids(await axeViolations(page, { contrastOnly: true }))).toEqual(["color-contrast"]);
  expect(await axeViolations(page, { include: "#page-sidebar" })).toEqual([]);
  await page.locator("#flawed").evaluate((flawed) => flawed.remove());
  expect(await axeViolations(page)).toEqual([]);
});

for (const colorScheme of ["light", "dark"] as const) {
  // The rules other than colour contrast read the markup, which is the same in both schemes.
  const contrastOnly = colorScheme === "dark";
  for (const width of [1280, 320]) {
    test.describe(`${colorScheme}, ${width} px`, () => {
      test.use({ colorScheme, viewport: { width, height: width > 400 ? 800 : 640 } });

      test(`axe finds nothing on any screen or dialog (${contrastOnly ? "colour contrast, " : ""}${colorScheme}, ${width} px)`, async ({
        consolePage: page,
      }) => {
        const found: string[] = [];
        for (const { route, heading } of [...SCREENS, ...LINKED_SCREENS]) {
          await go(page, route, heading);
          const where = route || "personal-info";
          found.push(...(await axeViolations(page, { contrastOnly })).map((v) => `${where}: ${v}`));
          for (const dialog of DIALOGS.filter((d) => d.route === route)) {
            await dialog.open(page);
            await expect(page.getByRole("dialog")).toBeVisible();
            // The pointer rests where it clicked; at 320 px the dialog opens under it, and a hover tooltip that is
            // still fading in (part transparent) is not what a user reads: move it off the dialog first.
            await page.mouse.move(0, 0);
            await expect(page.locator(".pf-v6-c-tooltip")).toHaveCount(0);
            await expect(page.getByRole("dialog").locator(".pf-v6-c-spinner")).toHaveCount(0);
            found.push(
              ...(await axeViolations(page, { contrastOnly })).map((v) => `${where}, dialog "${dialog.name}": ${v}`),
            );
            if (dialog.shot) await screenshot(page, `a11y-${dialog.shot}-${colorScheme}-${width}`);
            await page.keyboard.press("Escape");
            await expect(page.getByRole("dialog")).toHaveCount(0);
          }
        }
        expect(found).toEqual([]);
      });
    });
  }
}
