import type { APIRequestContext, Page } from "@playwright/test";
import { demoLike, testUser, pwUsers, type KeycloakAdmin } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { consoleToken, freshPage, loginButton, recordViolations, submitLogin } from "./support/browser";
import { expectError, expectOnlySignInMethods, freshConsoleToken } from "./support/extension";
import { otpCredential, selectedOtpCredential, totp } from "./support/otp";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, keycloakUrl, test } from "./support/test";
import { keycloakAtLeast } from "./support/version";

// When each sign-in method was last used (docs/extension.md), on the real Keycloak with our jar: the extension's
// listener records the methods of each sign-in, and Signing in shows them per credential.
const REALM = "e2e-last-used";
/** Same user names and passwords as REALM: its tokens must not open REALM's data. */
const OTHER_REALM = "e2e-last-used-other";
const ROUTE = "account-security/signing-in";

// Lena: password and two authenticator applications. Rita: password only; sets up recovery codes, then signs in with
// one. Paul: password only: the API's refusals.
const { LENA, RITA, PAUL } = pwUsers("lena", "rita", "paul");

const SECRETS: Record<string, string> = { Phone: "lena-phone-secret-00001", Tablet: "lena-tablet-secret-0002" };

/**
 * Whether the realm's browser flow has Keycloak's recovery-code form: where recovery codes are on, Keycloak puts it
 * there (switched off); where they are a preview feature the server has not turned on (26.0 to 26.2 here), it does not.
 */
async function hasRecoveryCodeForm(admin: KeycloakAdmin, realm: string): Promise<boolean> {
  const executions = await admin.authenticationManagement.getExecutions({ realm, flow: "browser" });
  return executions.some((execution) => execution.providerId === "auth-recovery-authn-code-form");
}

/**
 * The browser flow's second step takes an authenticator application or a recovery code, whichever the user has:
 * Keycloak's recovery-code form beside its OTP form in the conditional sub-flow, both alternatives. Nothing where the
 * server has no recovery codes.
 */
async function offerRecoveryCodes(admin: KeycloakAdmin, realm: string): Promise<void> {
  const flow = "browser";
  if (!(await hasRecoveryCodeForm(admin, realm))) return;
  const executions = await admin.authenticationManagement.getExecutions({ realm, flow });
  for (const providerId of ["auth-otp-form", "auth-recovery-authn-code-form"]) {
    const execution = executions.find((candidate) => candidate.providerId === providerId)!;
    await admin.authenticationManagement.updateExecution({ realm, flow }, { ...execution, requirement: "ALTERNATIVE" });
  }
}

test.use({
  realms: {
    [REALM]: {
      json: demoLike({
        otpPolicyCodeReusable: true,
        // Keycloak 26.1 and later call the extension's listener in every realm; 26.0 only where the realm lists it.
        ...(keycloakAtLeast("26.1.0") ? {} : { eventsListeners: ["jboss-logging", "account-console-last-used"] }),
        users: [
          testUser(LENA, {
            otherCredentials: [otpCredential("Phone", SECRETS.Phone!), otpCredential("Tablet", SECRETS.Tablet!)],
          }),
          testUser(RITA),
          testUser(PAUL),
        ],
      }),
      furnish: async (admin, realm) => {
        await offerRecoveryCodes(admin, realm);
      },
    },
    [OTHER_REALM]: demoLike({ users: [testUser(PAUL)] }),
  },
});

test.describe.configure({ mode: "serial" });

const api = (realm: string) => `${keycloakUrl()}/realms/${realm}/account-console-extension/credentials/last-used`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type LastUse = { credentialId: string | null; type: string; time: number };

async function lastUsed(request: APIRequestContext, token: string): Promise<LastUse[]> {
  const response = await request.get(api(REALM), { headers: bearer(token) });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  return ((await response.json()) as { lastUsed: LastUse[] }).lastUsed;
}

/** The user's credential ids by label, and by type for those without one (the password). */
async function credentialIds(admin: KeycloakAdmin, username: string): Promise<Record<string, string>> {
  const id = await admin.userId(REALM, username);
  const stored = await admin.users.getCredentials({ realm: REALM, id });
  return Object.fromEntries(
    stored.flatMap((credential) => [
      [credential.type!, credential.id!],
      ...(credential.userLabel ? [[credential.userLabel, credential.id!]] : []),
    ]),
  );
}

/** The row of one credential, found by its name's element. */
const row = (page: Page, id: string) =>
  page.locator(".pf-v6-c-data-list__item", { has: page.locator(`[id="credential-${id}"]`) });

/** Today as Signing in writes the date of last use (English, the browser's time zone). */
const today = () => new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(new Date());

/**
 * Waits until the row says "Last used: <today>": the listener writes after the sign-in has committed, on a thread of
 * its own, so the first load of the page may come before the write; the page is loaded again until it shows.
 */
async function expectUsedToday(page: Page, id: string): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(row(page, id)).toContainText(`Last used: ${today()}`, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe("when each sign-in method was last used", () => {
  test("after a sign-in with password and an authenticator application, both show today's date; the other device shows none @core", async ({
    page,
    admin,
  }) => {
    const ids = await credentialIds(admin, LENA.username);
    const violations = await recordViolations(page);
    await page.goto(accountUrl(REALM, ROUTE));
    await submitLogin(page, LENA.username, LENA.password);
    await expect(page.locator("#otp")).toBeVisible();
    const chosen = await selectedOtpCredential(page);
    const device = chosen === ids.Phone ? "Phone" : "Tablet";
    const other = device === "Phone" ? "Tablet" : "Phone";
    await page.locator("#otp").fill(totp(SECRETS[device]!));
    await loginButton(page).click();
    await expect(page.getByTestId("page-heading")).toHaveText("Signing in", { timeout: 30_000 });

    await expectUsedToday(page, ids.password!);
    await expectUsedToday(page, ids[device]!);
    // Keycloak named the device the code came from: the other one was not used, and no line for the type.
    await expect(row(page, ids[other]!)).toContainText("No use recorded since tracking began");
    await expect(page.getByTestId("otp/last-used")).toHaveCount(0);

    const token = await consoleToken(page, REALM);
    const uses = await lastUsed(page.request, token);
    expect(
      uses.map(({ credentialId, type }) => ({ credentialId, type })).sort((a, b) => a.type.localeCompare(b.type)),
    ).toEqual([
      { credentialId: ids[device], type: "otp" },
      { credentialId: null, type: "password" },
    ]);
    for (const use of uses) expect(Math.abs(use.time - Date.now())).toBeLessThan(10 * 60_000);
    // The uses are kept in the extension's own table: the Admin API lists Lena's sign-in methods alone.
    expect((await expectOnlySignInMethods(admin, REALM, LENA.username)).sort()).toEqual(["otp", "otp", "password"]);

    await expectAccessible(page, "Signing in with dates of last use");
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "last-used-desktop");
    // On a phone the sidebar starts closed: loaded afresh at that width, not shrunk with it open.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(row(page, ids[device]!)).toContainText(`Last used: ${today()}`);
    await screenshot(page, "last-used-phone");
    expect(violations).toEqual([]);
  });

  test("after a sign-in with a recovery code, the codes show today's date", async ({ browser, admin }) => {
    test.skip(
      !(await hasRecoveryCodeForm(admin, REALM)),
      "This Keycloak has recovery codes only as a preview feature, off on the test server",
    );
    await admin.updateUser(REALM, RITA.username, { requiredActions: ["CONFIGURE_RECOVERY_AUTHN_CODES"] });
    // First sign-in: Keycloak asks her to set up recovery codes, and shows them once.
    const codes = await freshPage(browser, async (page) => {
      await page.goto(accountUrl(REALM, ROUTE));
      await submitLogin(page, RITA.username, RITA.password);
      const list = page.locator("#kc-recovery-codes-list");
      await expect(list).toBeVisible({ timeout: 30_000 });
      const shown = (await list.locator("li").allInnerTexts()).map((line) => line.replace(/^\s*\d+:\s*/, "").trim());
      await page.locator("#kcRecoveryCodesConfirmationCheck").check();
      await page.locator("#saveRecoveryAuthnCodesBtn").click();
      await expect(page.getByTestId("page-heading")).toHaveText("Signing in", { timeout: 30_000 });
      return shown;
    });
    expect(codes.length).toBeGreaterThan(0);
    const ids = await credentialIds(admin, RITA.username);
    const recoveryId = ids["recovery-authn-codes"];
    expect(recoveryId).toBeDefined();

    await freshPage(browser, async (page) => {
      await page.goto(accountUrl(REALM, ROUTE));
      await submitLogin(page, RITA.username, RITA.password);
      const input = page.locator("#recoveryCodeInput");
      await expect(input).toBeVisible({ timeout: 30_000 });
      const label = await page.locator('label[for="recoveryCodeInput"]').innerText();
      const number = Number(/#?(\d+)/.exec(label)?.[1] ?? "1");
      await input.fill(codes[number - 1]!);
      await loginButton(page).click();
      await expect(page.getByTestId("page-heading")).toHaveText("Signing in", { timeout: 30_000 });
      await expectUsedToday(page, recoveryId!);
      await expectUsedToday(page, ids.password!);
    });
  });

  test("refusals: no token 401, another realm's token 401, a token of another client 403, account management off 404", async ({
    browser,
    admin,
    request,
  }) => {
    const anonymous = await request.get(api(REALM));
    await expectError(anonymous, 401, "unauthorized");
    expect(anonymous.headers()["www-authenticate"]).toMatch(/^Bearer /);
    await expectError(await request.get(api(REALM), { headers: bearer("not-a-token") }), 401, "unauthorized");

    const otherToken = await freshConsoleToken(browser, OTHER_REALM, PAUL);
    expect((await request.get(api(OTHER_REALM), { headers: bearer(otherToken) })).status()).toBe(200);
    await expectError(await request.get(api(REALM), { headers: bearer(otherToken) }), 401, "unauthorized");

    const grant = await request.post(`${keycloakUrl()}/realms/${REALM}/protocol/openid-connect/token`, {
      form: { grant_type: "password", client_id: "admin-cli", username: PAUL.username, password: PAUL.password },
    });
    expect(grant.status()).toBe(200);
    const cliToken = ((await grant.json()) as { access_token: string }).access_token;
    await expectError(await request.get(api(REALM), { headers: bearer(cliToken) }), 403, "forbidden");

    await admin.setClientEnabled(REALM, "account", false);
    try {
      await expectError(await request.get(api(REALM)), 404, "not_found");
    } finally {
      await admin.setClientEnabled(REALM, "account", true);
    }
  });
});
