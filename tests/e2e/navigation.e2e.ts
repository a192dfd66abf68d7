import type { Page } from "@playwright/test";
import { DEMO_USER, demoLike, testUser } from "./support/admin";
import { accountUrl, expect, test } from "./support/test";

// Page switches as a browser user expects them: back and forward under the unsaved-changes guard (also over an
// entry that a `#fragment` link made), scroll and focus after a switch, addresses in any letter case, and an
// address that cannot be decoded. Each test failed on an earlier version of the console (most on a router of our
// own, issue 36).
const REALM = "e2e-navigation";
const SAVED_FIRST_NAME = "Alice";

/** Groups shows in the menu for a member of a group who may view groups. */
const TRAVELLER = testUser(DEMO_USER, {
  firstName: SAVED_FIRST_NAME,
  lastName: "Liddell",
  roles: ["manage-account", "view-groups"],
  groups: ["/travellers"],
});
const GROUPS = [{ name: "travellers", path: "/travellers", subGroups: [] }];

test.use({ realms: { [REALM]: demoLike({ users: [TRAVELLER], groups: GROUPS }) }, account: { realm: REALM } });

const sidebar = (page: Page) => page.locator("#page-sidebar");
const heading = (page: Page) => page.getByTestId("page-heading");
const firstName = (page: Page) => page.locator("input#firstName");
const unsaved = (page: Page) => page.getByRole("dialog", { name: "You have unsaved changes." });
const PERSONAL_INFO = /\/account\/?$/;
/** Personal info's data: the profile with its metadata. */
const PROFILE = /\/account\/?\?userProfileMetadata=true$/;
const SIGNING_IN = /\/account\/account-security\/signing-in$/;

/** The guard's "Keep editing": the question goes, and personal info stays with the typed text. */
async function keepEditing(page: Page, typed: string) {
  await unsaved(page).getByRole("button", { name: "Keep editing" }).click();
  await expect(unsaved(page)).toBeHidden();
  await expect(page).toHaveURL(PERSONAL_INFO);
  await expect(firstName(page)).toHaveValue(typed);
}

/** The guard's "Discard changes": the page the user was going to shows, at its address. */
async function discardTo(page: Page, name: string, url: RegExp) {
  await unsaved(page).getByRole("button", { name: "Discard changes" }).click();
  await expect(heading(page)).toHaveText(name);
  await expect(page).toHaveURL(url);
}

/** From personal info (the first entry) to signing in and back to personal info by the sidebar: three entries. */
async function threeEntries(page: Page) {
  await expect(heading(page)).toHaveText("Personal info");
  await openGroup(page);
  await sidebar(page).getByTestId("account-security/signing-in").click();
  await expect(heading(page)).toHaveText("Signing in");
  await sidebar(page).getByRole("link", { name: "Personal info" }).click();
  await expect(heading(page)).toHaveText("Personal info");
}

/** From now on, records whether the first-name field leaves the page or goes inert, even for a moment. */
async function watchFirstName(page: Page) {
  await page.evaluate(() => {
    const field = document.querySelector("input#firstName")!;
    const seen = { removed: false, inert: false };
    Object.assign(window, { firstNameSeen: seen });
    new MutationObserver((records) => {
      if (!field.isConnected) seen.removed = true;
      // Made inert, whether or not it is still: the record keeps the value before each change.
      const inert = (record: MutationRecord) =>
        record.attributeName === "inert" &&
        (record.target as Element).contains(field) &&
        ((record.target as Element).hasAttribute("inert") || record.oldValue !== null);
      if (records.some(inert)) seen.inert = true;
    }).observe(document.body, { subtree: true, childList: true, attributeFilter: ["inert"], attributeOldValue: true });
  });
  return () => page.evaluate(() => (window as unknown as { firstNameSeen: object }).firstNameSeen);
}

/** From personal info to the sidebar's item and back again: an entry ahead to go forward to. */
async function thereAndBack(page: Page, item: string, name: string) {
  await sidebar(page).getByTestId(item).click();
  await expect(heading(page)).toHaveText(name);
  await page.goBack();
  await expect(heading(page)).toHaveText("Personal info");
}

async function openGroup(page: Page) {
  const group = sidebar(page).getByTestId("accountSecurity").locator("button");
  if ((await group.getAttribute("aria-expanded")) !== "true") await group.click();
}

/** How far the page is scrolled: whatever scrolls it (the main region, a container around it, the document). */
const scrollTop = (page: Page) =>
  page.evaluate(() => {
    let top = window.scrollY;
    for (let node = document.querySelector("main"); node; node = node.parentElement) top += node.scrollTop;
    return top;
  });

test.describe("back and forward with unsaved changes", () => {
  test("the guard asks; staying keeps the entry and the typed text, leaving moves exactly one step", async ({
    consolePage: page,
  }) => {
    await threeEntries(page);
    await firstName(page).fill("Typed");

    await page.goBack();
    await expect(unsaved(page)).toBeVisible();
    await keepEditing(page, "Typed");

    await page.goBack();
    await discardTo(page, "Signing in", SIGNING_IN);
    // One step: the first entry is still behind this one.
    await page.goBack();
    await expect(heading(page)).toHaveText("Personal info");
    await page.goForward();
    await expect(heading(page)).toHaveText("Signing in");
  });

  test("after a #fragment link: the fragment's entry is a step like any other", async ({ consolePage: page }) => {
    await threeEntries(page);
    await firstName(page).fill("Typed");
    // A plain fragment link, as a theme's text or a section link makes one: the browser adds the entry itself.
    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "#firstName";
      link.textContent = "To the first name";
      link.id = "fragment-link";
      document.querySelector("main")!.prepend(link);
    });
    await page.locator("#fragment-link").click();
    await expect(page).toHaveURL(/#firstName$/);

    // Two steps back at once (the back button's list): over personal info to signing in. The guard asks, and
    // staying keeps the fragment's entry.
    await page.evaluate(() => history.go(-2));
    await expect(unsaved(page)).toBeVisible();
    await unsaved(page).getByRole("button", { name: "Keep editing" }).click();
    await expect(page).toHaveURL(/\/account\/?#firstName$/);
    await expect(firstName(page)).toHaveValue("Typed");

    // Back one step: the same page without the fragment, no question. As a browser would load that address again,
    // the router loads the page's data again; slowly here (a second, past the shell's SPINNER_DELAY_MS before a
    // switch's spinner), and meanwhile the form stays as typed: neither replaced (by the spinner) nor inert.
    const seen = await watchFirstName(page);
    await page.route(PROFILE, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue().catch(() => undefined);
    });
    const reloaded = page.waitForResponse(PROFILE);
    await page.goBack();
    await reloaded;
    await page.unroute(PROFILE);
    await expect(page).toHaveURL(PERSONAL_INFO);
    await expect(firstName(page)).toHaveValue("Typed");
    expect(await seen()).toEqual({ removed: false, inert: false });
    await expect(unsaved(page)).toBeHidden();
    // Back once more: another page. Leaving moves exactly that step.
    await page.goBack();
    await discardTo(page, "Signing in", SIGNING_IN);
  });

  test("'Discard changes' discards: coming back shows the saved values", async ({ consolePage: page }) => {
    await expect(heading(page)).toHaveText("Personal info");
    await openGroup(page);
    await thereAndBack(page, "account-security/signing-in", "Signing in");

    await firstName(page).fill("Discarded");
    await page.goForward();
    await unsaved(page).getByRole("button", { name: "Discard changes" }).click();
    await expect(heading(page)).toHaveText("Signing in");
    await page.goBack();
    await expect(heading(page)).toHaveText("Personal info");
    await expect(firstName(page)).toHaveValue(SAVED_FIRST_NAME);
  });

  test("forward after 'Keep editing', then 'Discard changes': one page switch, and back shows the saved values", async ({
    consolePage: page,
  }) => {
    // Every page the tab asks for after the console is up: a page switch asks for none. The tab's own frame only: the
    // session status frame (keycloak-js) may load its document at any time.
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document" && request.frame() === page.mainFrame()) documents.push(request.url());
    });
    await expect(heading(page)).toHaveText("Personal info");
    await thereAndBack(page, "applications", "Applications");
    await firstName(page).fill("Typed but not saved");

    await page.goForward();
    await keepEditing(page, "Typed but not saved");

    await page.goForward();
    await discardTo(page, "Applications", /\/account\/applications$/);

    await page.goBack();
    await expect(heading(page)).toHaveText("Personal info");
    await expect(firstName(page)).toHaveValue(SAVED_FIRST_NAME);
    expect(documents).toEqual([]);
  });
  test("'Discard changes' resets the form at once: back before the next page has drawn shows the saved values", async ({
    consolePage: page,
  }) => {
    await expect(heading(page)).toHaveText("Personal info");
    await thereAndBack(page, "applications", "Applications");

    // From here on Applications' data waits for the test: a switch stays pending, with personal info still up.
    const applications = await holdApplications(page);
    await firstName(page).fill("Typed but not saved");
    await page.goForward();
    await unsaved(page).getByRole("button", { name: "Discard changes" }).click();
    await expect(page).toHaveURL(/\/account\/applications$/);
    await expect.poll(applications.asked).toBe(1);

    // Back before Applications has drawn: its load is cancelled, and personal info shows what the server holds.
    await page.goBack();
    await expect(page).toHaveURL(PERSONAL_INFO);
    await expect(heading(page)).toHaveText("Personal info");
    await expect(firstName(page)).toHaveValue(SAVED_FIRST_NAME);

    // The guard still asks, and "Keep editing" gives the focus back to the field with its text.
    await firstName(page).fill("Typed again");
    await page.goForward();
    await unsaved(page).getByRole("button", { name: "Keep editing" }).click();
    await expect(firstName(page)).toBeFocused();
    await expect(firstName(page)).toHaveValue("Typed again");
    // Keys pressed after "Discard changes", while the next page loads, go nowhere: the page is on its way out, and
    // neither they nor the discarded text are there after back.
    await page.goForward();
    await unsaved(page).getByRole("button", { name: "Discard changes" }).click();
    await expect(page).toHaveURL(/\/account\/applications$/);
    await expect.poll(applications.asked).toBe(2);
    await page.keyboard.type("Typed while leaving");
    await page.goBack();
    await expect(heading(page)).toHaveText("Personal info");
    await expect(firstName(page)).toHaveValue(SAVED_FIRST_NAME);

    // Once its data comes, Applications draws; the form left nothing to ask about.
    applications.release();
    await page.goForward();
    await expect(heading(page)).toHaveText("Applications");
    await page.goBack();
    await expect(firstName(page)).toHaveValue(SAVED_FIRST_NAME);
  });
});

/**
 * Holds the Account API's answers for Applications until `release()`; `asked()` counts the requests so far. A request
 * the console cancels meanwhile (a switch cancelled by back) is gone by the release.
 */
async function holdApplications(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route(/\/account\/applications(\?|$)/, async (route) => {
    if (route.request().resourceType() !== "fetch") return route.continue();
    asked++;
    await released;
    // The console cancelled the request while it was held: there is nothing left to answer.
    await route.continue().catch(() => undefined);
  });
  return { asked: () => asked, release };
}

const spinner = (page: Page) => page.locator("main .pf-v6-c-spinner, main [role=progressbar]").first();

/**
 * Holds the console's requests whose address matches `url` from now on; the function returned waits for a slow
 * switch's spinner, then lets them all through.
 */
async function holdUntilSpinner(page: Page, url: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().resourceType() === "fetch") await released;
    // A request the console cancelled while it was held has nothing left to answer.
    await route.continue().catch(() => undefined);
  });
  return async () => {
    await expect(spinner(page)).toBeVisible();
    release();
  };
}

test.describe("after a page switch", () => {
  // Short enough that personal info scrolls.
  test.use({ viewport: { width: 1280, height: 420 } });

  test("the new page starts at the top; back and forward return to where the user left each page", async ({
    consolePage: page,
  }) => {
    await expect(heading(page)).toHaveText("Personal info");
    await page.getByTestId("save").scrollIntoViewIfNeeded();
    const left = await scrollTop(page);
    expect(left).toBeGreaterThan(50);

    // Both switches are slow: the spinner stands in for the page while the next one loads, and the browser clamps the
    // scroll to the spinner's height; that is not where the user left the page.
    await openGroup(page);
    const toSigningIn = await holdUntilSpinner(page, /\/account\/credentials(\?|$)/);
    await sidebar(page).getByTestId("account-security/signing-in").click();
    await toSigningIn();
    await expect(heading(page)).toHaveText("Signing in");
    await expect.poll(() => scrollTop(page)).toBe(0);

    const toPersonalInfo = await holdUntilSpinner(page, /\/account\/?(\?|$)/);
    await page.goBack();
    await toPersonalInfo();
    await expect(heading(page)).toHaveText("Personal info");
    await expect.poll(() => scrollTop(page)).toBe(left);

    // Forward again, from the scrolled page to one the user left at the top.
    await page.goForward();
    await expect(heading(page)).toHaveText("Signing in");
    await expect.poll(() => scrollTop(page)).toBe(0);
  });

  test("the focus goes to the new page's heading, unless the user moved it while the page loaded", async ({
    consolePage: page,
  }) => {
    await expect(heading(page)).toHaveText("Personal info");
    await openGroup(page);
    await sidebar(page).getByTestId("account-security/signing-in").focus();
    await page.keyboard.press("Enter");
    await expect(heading(page)).toHaveText("Signing in");
    await expect(heading(page)).toBeFocused();

    // The next page's data is slow: meanwhile the user goes to the header's menu. The focus stays there.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/account\/groups(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await sidebar(page).getByTestId("groups").click();
    await expect(spinner(page)).toBeVisible();
    await sidebar(page).getByRole("link", { name: "Personal info" }).focus();
    release();
    await expect(heading(page)).toHaveText("Groups");
    await expect(sidebar(page).getByRole("link", { name: "Personal info" })).toBeFocused();
  });
});

test.describe("addresses", () => {
  test("/Groups is /groups: the page, its menu item marked and the tab's title", async ({ consolePage: page }) => {
    await page.goto(accountUrl(REALM, "Groups"));
    await expect(heading(page)).toHaveText("Groups");
    await expect(sidebar(page).getByTestId("groups")).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveTitle(/^Groups - /);
  });

  test("an address that cannot be decoded lands on personal info with the not-found warning", async ({
    consolePage: page,
  }) => {
    await expect(heading(page)).toHaveText("Personal info");
    // Keycloak refuses such an address when it is typed; a proxy in front of it may not. The test serves the
    // console's page for it, as such a proxy would.
    const broken = accountUrl(REALM, "%E0%A4%A");
    await page.route(broken, async (route) =>
      route.fulfill({ response: await route.fetch({ url: accountUrl(REALM) }) }),
    );
    await page.goto(broken);
    await expect(heading(page)).toHaveText("Personal info");
    await expect(page.getByTestId("last-alert")).toContainText("The page you asked for does not exist.");
    await expect(page).toHaveURL(PERSONAL_INFO);
  });
});
