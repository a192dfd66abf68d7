import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import { offerAppPasswords } from "../../scripts/lib/keycloak-admin.mjs";
import { demoLike, testUser, type KeycloakAdmin, pwUsers, type SignInUser } from "./support/admin";
import { consoleToken, freshPage, loginButton, submitLogin } from "./support/browser";
import { expectError } from "./support/extension";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, keycloakUrl, test } from "./support/test";

// Making an app password (docs/extension.md, "App passwords"): only from a sign-in younger than the realm's maximum
// authentication age for credential changes (Keycloak's UPDATE_PASSWORD max_auth_age), else through Keycloak's login
// page first; and the limit and the names hold when creates arrive at once.
/** UPDATE_PASSWORD's max_auth_age set to MAX_AGE seconds. */
const REALM = "e2e-app-passwords-create";
/** Keycloak's default maximum age (five minutes): the concurrency and name tests stay within it. */
const BUSY_REALM = "e2e-app-passwords-busy";
const MAX_AGE = 45;
const ROUTE = "account-security/signing-in";
const MAIL_CLIENT = "mail-server";

// Carol: holds 19 app passwords, then sends 20 creates at once. Dave: sends 5 creates of one name at once. Erin: names
// the server refuses.
const { ALICE, CAROL, DAVE, ERIN } = pwUsers("alice", "carol", "dave", "erin");

test.use({
  realms: {
    [REALM]: demoLike({ users: [testUser(ALICE)] }),
    [BUSY_REALM]: demoLike({ users: [CAROL, DAVE, ERIN].map((user) => testUser(user)) }),
  },
});
test.describe.configure({ mode: "serial" });

/** Sets the realm's UPDATE_PASSWORD max_auth_age through the Admin API (the client library has no call for it). */
async function setUpdatePasswordMaxAge(admin: KeycloakAdmin, realm: string, seconds: number) {
  const address = `${keycloakUrl()}/admin/realms/${realm}/authentication/required-actions/UPDATE_PASSWORD/config`;
  const headers = { authorization: `Bearer ${await admin.getAccessToken()}`, "content-type": "application/json" };
  const put = await fetch(address, {
    method: "PUT",
    headers,
    body: JSON.stringify({ config: { max_auth_age: String(seconds) } }),
  });
  expect(put.ok, `PUT ${address}: ${put.status} ${await put.text()}`).toBe(true);
  const read = (await (await fetch(address, { headers })).json()) as { config?: Record<string, string> };
  expect(read.config?.max_auth_age).toBe(String(seconds));
}

test.beforeAll(async ({ admin }) => {
  await offerAppPasswords(admin, REALM, { clientId: MAIL_CLIENT });
  await offerAppPasswords(admin, BUSY_REALM, { clientId: MAIL_CLIENT });
  await setUpdatePasswordMaxAge(admin, REALM, MAX_AGE);
});

const api = (realm: string) => `${keycloakUrl()}/realms/${realm}/account-console-extension/app-passwords`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function create(request: APIRequestContext, realm: string, token: string, body: unknown): Promise<APIResponse> {
  return request.post(api(realm), { headers: { ...bearer(token), "content-type": "application/json" }, data: body });
}

async function names(request: APIRequestContext, realm: string, token: string): Promise<string[]> {
  const response = await request.get(api(realm), { headers: bearer(token) });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { appPasswords: { name: string }[] };
  return body.appPasswords.map((entry) => entry.name);
}

/** Signs in on the console through the login page and returns its bearer token. */
async function signedInConsole(page: Page, realm: string, user: SignInUser): Promise<string> {
  await page.goto(accountUrl(realm, ROUTE));
  await submitLogin(page, user.username, user.password);
  await expect(page.getByTestId("page-heading")).toBeVisible({ timeout: 30_000 });
  return consoleToken(page, realm);
}

/** The `auth_time` of an access token (epoch seconds). */
function authTime(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as { auth_time?: number };
  expect(payload.auth_time).toEqual(expect.any(Number));
  return payload.auth_time!;
}

/** Opens the create dialog, types `name` and submits. */
async function createInConsole(page: Page, name: string) {
  await page.getByTestId("app-passwords").getByRole("button", { name: "Create app password" }).click();
  const dialog = page.getByRole("dialog", { name: "Create an app password" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
}

test.describe("making an app password", () => {
  test("right after sign-in it is made at once; after the maximum age the console goes through Keycloak's login page first and then shows it; the API refuses the old sign-in, revoking does not @core", async ({
    page,
    request,
  }) => {
    const token = await signedInConsole(page, REALM, ALICE);
    const signedInAt = authTime(token);

    await createInConsole(page, "Mail on my laptop");
    const shown = page.getByRole("dialog", { name: "Your new app password" });
    await expect(shown.getByRole("group", { name: "App password for “Mail on my laptop”" })).toBeVisible();
    // Within the age, no login page came between: the premise of what follows.
    expect(Date.now() / 1000).toBeLessThanOrEqual(signedInAt + MAX_AGE);
    expect(new URL(page.url()).pathname).toBe(new URL(accountUrl(REALM, ROUTE)).pathname);
    await shown.getByTestId("app-password-done").click();

    // Keycloak's test: too old once auth_time + max age lies before the current second.
    await expect
      .poll(() => Math.floor(Date.now() / 1000), { timeout: (MAX_AGE + 60) * 1000, intervals: [1_000] })
      .toBeGreaterThan(signedInAt + MAX_AGE + 1);

    // The API refuses the old sign-in, with the console's token and with a refreshed one, and makes nothing.
    await expectError(await create(request, REALM, token, { name: "Scripted" }), 403, "reauthentication_required");
    const refreshed = await consoleToken(page, REALM);
    expect(authTime(refreshed)).toBe(signedInAt);
    await expectError(await create(request, REALM, refreshed, { name: "Scripted" }), 403, "reauthentication_required");
    expect(await names(request, REALM, refreshed)).toEqual(["Mail on my laptop"]);

    // Revoking needs no fresh sign-in.
    const section = page.getByTestId("app-passwords");
    await section.getByRole("button", { name: "Revoke" }).click();
    await page
      .getByRole("dialog", { name: "Revoke “Mail on my laptop”?" })
      .getByRole("button", { name: "Revoke" })
      .click();
    await expect(page.getByText("App password “Mail on my laptop” revoked.")).toBeVisible();
    await expect(section.getByText("You have no app passwords.")).toBeVisible();

    // The console's create goes through Keycloak's login page, which asks for the password, then finishes.
    await createInConsole(page, "Calendar");
    await expect(page.locator("#password")).toBeVisible({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toContain(`/realms/${REALM}/`);
    expect(new URL(page.url()).pathname).not.toContain("/account");
    await screenshot(page, "app-passwords-reauthentication");
    await page.locator("#password").fill(ALICE.password);
    await loginButton(page).click();
    const again = page.getByRole("dialog", { name: "Your new app password" });
    await expect(again.getByRole("group", { name: "App password for “Calendar”" })).toBeVisible({ timeout: 30_000 });
    expect(await again.getByTestId("app-password-secret").textContent()).toMatch(/^[a-z]{4}(-[a-z]{4}){6}$/);
    await screenshot(page, "app-passwords-after-reauthentication");
    await again.getByTestId("app-password-done").click();
    await expect(section.locator("[data-testrole=app-password]", { hasText: "Calendar" })).toBeVisible();
    // Made once: the draft was taken back once, and a reload does not make it again.
    const renewed = await consoleToken(page, REALM);
    expect(authTime(renewed)).toBeGreaterThan(signedInAt);
    await expect(section.locator("[data-testrole=app-password]")).toHaveCount(1);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await names(request, REALM, renewed)).toEqual(["Calendar"]);
  });

  test("20 creates at once for a user holding 19 leave exactly 20; 5 at once of one name make one", async ({
    browser,
    request,
  }) => {
    const carol = await freshPage(browser, (page) => signedInConsole(page, BUSY_REALM, CAROL));
    for (let index = 1; index <= 19; index++) {
      expect((await create(request, BUSY_REALM, carol, { name: `Device ${index}` })).status()).toBe(201);
    }
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, index) => create(request, BUSY_REALM, carol, { name: `Burst ${index}` })),
    );
    const statuses = burst.map((response) => response.status());
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    const refused = burst.filter((response) => response.status() !== 201);
    expect(refused).toHaveLength(19);
    for (const response of refused) await expectError(response, 409, "limit_reached");
    expect(await names(request, BUSY_REALM, carol)).toHaveLength(20);

    const dave = await freshPage(browser, (page) => signedInConsole(page, BUSY_REALM, DAVE));
    const same = await Promise.all(
      Array.from({ length: 5 }, () => create(request, BUSY_REALM, dave, { name: "Mail on my phone" })),
    );
    expect(same.filter((response) => response.status() === 201)).toHaveLength(1);
    const taken = same.filter((response) => response.status() !== 201);
    expect(taken).toHaveLength(4);
    for (const response of taken) await expectError(response, 409, "name_taken");
    expect(await names(request, BUSY_REALM, dave)).toEqual(["Mail on my phone"]);
  });

  test("names that show as blank, that reorder text or that show as a name already there are refused", async ({
    page,
    request,
  }) => {
    const token = await signedInConsole(page, BUSY_REALM, ERIN);
    for (const blank of ["\u200B", "\u00A0", "\uFEFF", "\u200B\u00A0\u2060", "\u3164"]) {
      await expectError(await create(request, BUSY_REALM, token, { name: blank }), 400, "invalid_name");
    }
    for (const reordering of ["mail\u202Etxt.exe", "\u2067Mail\u2069", "Mail\u200F"]) {
      await expectError(await create(request, BUSY_REALM, token, { name: reordering }), 400, "name_direction_controls");
    }
    expect((await create(request, BUSY_REALM, token, { name: "Mail" })).status()).toBe(201);
    for (const alike of ["MAIL", "Mail\u200B", "\uFF2D\uFF41\uFF49\uFF4C"]) {
      await expectError(await create(request, BUSY_REALM, token, { name: alike }), 409, "name_taken");
    }
    expect(await names(request, BUSY_REALM, token)).toEqual(["Mail"]);

    // The console says so at the field, before asking the server.
    await page.reload();
    await page.getByTestId("app-passwords").getByRole("button", { name: "Create app password" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an app password" });
    const name = dialog.getByLabel("Name");
    await name.fill("mail\u202Etxt.exe");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await expect(dialog).toContainText("A name cannot contain invisible characters that change the direction of text.");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await name.fill("\u200B\u200B");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await expect(dialog).toContainText("Enter a name.");
    expect(await names(request, BUSY_REALM, token)).toEqual(["Mail"]);
  });
});
