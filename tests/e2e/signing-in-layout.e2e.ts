import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { offerAppPasswords } from "../../scripts/lib/keycloak-admin.mjs";
import { demoLike, testUser, pwUser } from "./support/admin";
import { consoleToken, submitLogin } from "./support/browser";
import { SCREENSHOT_DIR } from "./support/screenshots";
import { accountUrl, expect, keycloakUrl, test } from "./support/test";

// Signing in as a person sees it: one column of dates for the password and the app passwords, and the dialog that
// shows a new app password whole on the narrowest phone. Screenshots at 1280, 390 and 320 px, light and dark.
const REALM = "e2e-signing-in-layout";
const ROUTE = "account-security/signing-in";
const ALICE = pwUser("alice");
const LONG_NAME = "Thunderbird on the family desktop computer";
const WIDTHS = [1280, 390, 320];

test.use({ realms: { [REALM]: demoLike({ users: [testUser(ALICE)] }) } });
test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ admin }) => {
  await offerAppPasswords(admin, REALM, { clientId: "mail-server" });
});

/** Signs in through the login page (a fresh sign-in, as a create asks for) and returns the console's token. */
async function signedIn(page: Page, width: number): Promise<string> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(accountUrl(REALM, ROUTE));
  await submitLogin(page, ALICE.username, ALICE.password);
  await expect(page.getByTestId("page-heading")).toBeVisible({ timeout: 30_000 });
  return consoleToken(page, REALM);
}

async function ensureAppPassword(request: APIRequestContext, token: string, name: string) {
  const address = `${keycloakUrl()}/realms/${REALM}/account-console-extension/app-passwords`;
  const headers = { authorization: `Bearer ${token}` };
  const listed = (await (await request.get(address, { headers })).json()) as { appPasswords: { name: string }[] };
  if (listed.appPasswords.some((entry) => entry.name === name)) return;
  const made = await request.post(address, { headers, data: { name, expires: null } });
  expect(made.status()).toBe(201);
}

/** The whole page, light and then dark (the console follows the system's scheme until the user picks one). */
async function shoot(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /pf-v6-theme-dark/ : /^(?!.*pf-v6-theme-dark)/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** Where the second cell of a row (its dates) starts. */
async function datesX(row: Locator): Promise<number> {
  const box = await row.locator(".pf-v6-c-data-list__cell").nth(1).boundingBox();
  expect(box, "the row's dates cell is laid out").not.toBeNull();
  return box!.x;
}

test("the password's dates and the app passwords' dates stand in one column", async ({ page, request }) => {
  const token = await signedIn(page, 1280);
  await ensureAppPassword(request, token, LONG_NAME);
  await ensureAppPassword(request, token, "Calendar on my phone");
  await page.reload();
  const rows = page.getByTestId("app-passwords").locator("[data-testrole=app-password]");
  await expect(rows).toHaveCount(2);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `signing-in-${width}`);
    await page.getByTestId("app-passwords/list").scrollIntoViewIfNeeded();
    await shoot(page, `signing-in-${width}-app-passwords`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  const password = page.getByTestId("password/credential-list").locator(".pf-v6-c-data-list__item").first();
  // Measured again until the layout has settled after the resize (the sidebar comes back at 1280 px).
  await expect
    .poll(async () => {
      const column = await datesX(password);
      const offsets = await Promise.all((await rows.all()).map(async (row) => Math.abs((await datesX(row)) - column)));
      return Math.max(...offsets);
    })
    .toBeLessThanOrEqual(3);
});

test("the dialog with a new app password shows its title whole at 320 px", async ({ page }) => {
  await signedIn(page, 320);
  for (const width of [1280, 390, 320]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId("app-passwords/create").click();
    const create = page.getByRole("dialog", { name: "Create an app password" });
    await create.getByLabel("Name").fill(`${LONG_NAME} ${width}`);
    await create.getByRole("button", { name: "Create", exact: true }).click();
    const shown = page.getByTestId("app-password-created");
    await expect(shown.getByRole("heading", { name: "Your new app password" })).toBeVisible();
    await shoot(page, `app-password-created-${width}`);

    if (width === 320) {
      const title = shown.locator(".pf-v6-c-modal-box__title");
      for (const part of [title, title.locator(".pf-v6-c-modal-box__title-text")]) {
        const { scrollWidth, clientWidth } = await part.evaluate((element) => ({
          scrollWidth: element.scrollWidth,
          clientWidth: element.clientWidth,
        }));
        expect(scrollWidth, "the title is not cut").toBeLessThanOrEqual(clientWidth);
      }
      const box = (await title.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    }
    await shown.getByTestId("app-password-done").click();
    await expect(shown).toBeHidden();
  }
});
