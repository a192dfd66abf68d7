import type { Page } from "@playwright/test";
import { demoLike, STRICT_CSP_HEADERS, pwUser, type KeycloakAdmin } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { loginButton, recordViolations, submitLogin } from "./support/browser";
import { otpCredential, selectedOtpCredential, totp } from "./support/otp";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, test } from "./support/test";

// The default second factor on Signing in (src/pages/account-security/signing-in/DefaultSecondFactor.tsx) on the real Keycloak
// with the server extension our jar carries, under the strict Content-Security-Policy: a user with two
// authenticator applications makes the second one the default; the Admin API reads the new order back, and the next
// sign-in's OTP page has that device selected.
const REALM = "e2e-default-2fa";
const ROUTE = "account-security/signing-in";
const DORA = pwUser("dora");
/** Raw secrets by device label: Keycloak keys the TOTP's HMAC with the stored secret's bytes. */
const SECRETS = { Phone: "dora-phone-secret-000001", Tablet: "dora-tablet-secret-00002" };

const otp = (label: keyof typeof SECRETS) => otpCredential(label, SECRETS[label]);

/** Kim has an authenticator application and a security key, in a realm whose sign-in takes either. */
const KINDS_REALM = "e2e-default-2fa-kinds";
const KIM = pwUser("kim");
const KIM_SECRET = "kim-phone-secret-0000001";

/** A security key as Keycloak stores it; nobody signs in with it here, so its key material is never used. */
const securityKey = (label: string) => ({
  type: "webauthn",
  userLabel: label,
  secretData: "{}",
  credentialData: JSON.stringify({
    aaguid: "00000000-0000-0000-0000-000000000000",
    credentialId: Buffer.from(label).toString("base64url"),
    counter: 0,
    credentialPublicKey: "pQECAyYgASFYIA",
    attestationStatementFormat: "none",
    transports: ["usb"],
  }),
});

test.use({
  realms: {
    [KINDS_REALM]: demoLike({
      users: [
        {
          username: KIM.username,
          enabled: true,
          email: "kim@example.org",
          emailVerified: true,
          firstName: "Kim",
          lastName: "Tester",
          // In this order, the phone is what Keycloak asks for first.
          credentials: [
            { type: "password", value: KIM.password, temporary: false },
            otpCredential("Phone", KIM_SECRET),
            securityKey("Desk key"),
          ],
          clientRoles: { account: ["manage-account", "view-profile"] },
        },
      ],
    }),
    [REALM]: demoLike({
      ...STRICT_CSP_HEADERS,
      users: [
        {
          username: DORA.username,
          enabled: true,
          email: "dora@example.org",
          emailVerified: true,
          firstName: "Dora",
          lastName: "Tester",
          // In this order, Phone is the default at first.
          credentials: [{ type: "password", value: DORA.password, temporary: false }, otp("Phone"), otp("Tablet")],
          clientRoles: { account: ["manage-account", "view-profile"] },
        },
      ],
    }),
  },
});

test.describe.configure({ mode: "serial" });

// Dora signs in with the same device more than once within one 30-second window: the realm lets a code be used again
// (otpPolicyCodeReusable; Keycloak takes a code once by default). No test here is about that policy.
test.beforeAll(async ({ admin }) => {
  await admin.updateRealm(REALM, { otpPolicyCodeReusable: true });
});

/** Dora's credentials as the Admin API lists them: in the order Keycloak offers them (its priority). */
async function storedCredentials(admin: KeycloakAdmin) {
  const id = await admin.userId(REALM, DORA.username);
  return admin.users.getCredentials({ realm: REALM, id });
}

async function credentialId(admin: KeycloakAdmin, label: keyof typeof SECRETS): Promise<string> {
  const found = (await storedCredentials(admin)).find((credential) => credential.userLabel === label);
  if (!found) throw new Error(`Dora has no credential ${label}`);
  return found.id!;
}

/**
 * Signs Dora in from the console's Signing in page, through the password and the OTP page, answering with the code
 * of the device the OTP page has selected; returns that device's credential id.
 */
async function signInWithOtp(page: Page, admin: KeycloakAdmin): Promise<string> {
  await page.goto(accountUrl(REALM, ROUTE));
  await submitLogin(page, DORA.username, DORA.password);
  await expect(page.locator("#otp")).toBeVisible();
  const id = await selectedOtpCredential(page);
  const label = (await storedCredentials(admin)).find((credential) => credential.id === id)?.userLabel;
  if (label !== "Phone" && label !== "Tablet") throw new Error(`The OTP page selected an unknown device: ${id}`);
  await page.locator("#otp").fill(totp(SECRETS[label]));
  await loginButton(page).click();
  await expect(page.getByTestId("page-heading")).toHaveText("Signing in", { timeout: 30_000 });
  return id;
}

/** The row of one credential, found by its name's element. */
const row = (page: Page, id: string) =>
  page.locator(".pf-v6-c-data-list__item", { has: page.locator(`[id="credential-${id}"]`) });
/** The "Default" label of a row. */
const defaultLabel = (page: Page, id: string) => row(page, id).getByText("Default", { exact: true });

test.describe("the default second factor", () => {
  test("the second device becomes the default: the list, the Admin API and the next sign-in agree @core", async ({
    page,
    admin,
    browser,
  }) => {
    const phone = await credentialId(admin, "Phone");
    const tablet = await credentialId(admin, "Tablet");
    const violations = await recordViolations(page);

    // At first the phone is Keycloak's choice, and the console says so.
    expect(await signInWithOtp(page, admin)).toBe(phone);
    await expect(defaultLabel(page, phone)).toHaveText("Default");
    const makeDefault = row(page, tablet).getByRole("button", { name: "Make default" });
    await expect(makeDefault).toBeVisible();
    await expect(row(page, phone).getByRole("button", { name: "Make default" })).toHaveCount(0);
    await expect(
      page.getByTestId("password/credential-list").getByRole("button", { name: "Make default" }),
    ).toHaveCount(0);
    await screenshot(page, "default-second-factor-desktop");
    await expectAccessible(page, "signing in with two authenticator applications");

    await makeDefault.click();
    await expect(page.getByTestId("last-alert")).toContainText(
      "“Tablet” is now your default second factor: it is offered first when you sign in.",
    );
    // The list, loaded again, shows the server's new order.
    const otpRows = page.getByTestId("otp/credential-list").locator("li");
    await expect(otpRows.locator(".credential-label")).toHaveText(["Tablet", "Phone"]);
    await expect(defaultLabel(page, tablet)).toHaveText("Default");
    await expect(row(page, phone).getByRole("button", { name: "Make default" })).toBeVisible();

    // The Admin API reads the same order back; the password keeps its place.
    const stored = await storedCredentials(admin);
    expect(stored.map((credential) => credential.userLabel ?? credential.type)).toEqual([
      "password",
      "Tablet",
      "Phone",
    ]);
    expect(violations).toEqual([]);

    // The next sign-in (a new browser, no session) offers the tablet first; a phone in dark mode sees the same list.
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, colorScheme: "dark" });
    try {
      const next = await context.newPage();
      expect(await signInWithOtp(next, admin)).toBe(tablet);
      await expect(defaultLabel(next, tablet)).toBeVisible();
      await expect(next.locator("html")).toHaveClass(/pf-v6-theme-dark/);
      expect(await next.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await row(next, tablet).scrollIntoViewIfNeeded();
      await screenshot(next, "default-second-factor-360-dark");
      await expectAccessible(next, "signing in at 360 px, dark");
    } finally {
      await context.close();
    }
  });

  test("works by keyboard: Make default takes focus and acts on Enter", async ({ page, admin }) => {
    const phone = await credentialId(admin, "Phone");
    const tablet = await credentialId(admin, "Tablet");
    // The first test made the tablet the default.
    expect(await signInWithOtp(page, admin)).toBe(tablet);
    const makeDefault = row(page, phone).getByRole("button", { name: "Make default" });
    await makeDefault.focus();
    await expect(makeDefault).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("last-alert")).toContainText("“Phone” is now your default second factor");
    await expect(page.getByTestId("otp/credential-list").locator(".credential-label")).toHaveText(["Phone", "Tablet"]);
    expect((await storedCredentials(admin)).map((credential) => credential.userLabel ?? credential.type)).toEqual([
      "password",
      "Phone",
      "Tablet",
    ]);
  });

  test("across kinds: the console marks what Keycloak offers first, and after a change the next sign-in asks for it", async ({
    page,
    admin,
    browser,
  }) => {
    await useEitherSecondFactor(admin);
    const stored = async () => {
      const id = await admin.userId(KINDS_REALM, KIM.username);
      return admin.users.getCredentials({ realm: KINDS_REALM, id });
    };
    const before = await stored();
    const phone = before.find((credential) => credential.userLabel === "Phone")!.id!;
    const key = before.find((credential) => credential.userLabel === "Desk key")!.id!;

    // Keycloak asks for the phone's code first (it is first in Kim's order); the console marks the phone, though
    // the Account API lists the two kinds apart and does not rank them.
    await page.goto(accountUrl(KINDS_REALM, ROUTE));
    await submitLogin(page, KIM.username, KIM.password);
    await page.locator("#otp").fill(totp(KIM_SECRET));
    await loginButton(page).click();
    await expect(page.getByTestId("page-heading")).toHaveText("Signing in", { timeout: 30_000 });
    await expect(defaultLabel(page, phone)).toBeVisible();
    await expect(row(page, phone).getByRole("button", { name: "Make default" })).toHaveCount(0);

    await row(page, key).getByRole("button", { name: "Make default" }).click();
    await expect(page.getByTestId("last-alert")).toContainText("“Desk key” is now your default second factor");
    await expect(defaultLabel(page, key)).toBeVisible();
    await expect(row(page, phone).getByRole("button", { name: "Make default" })).toBeVisible();
    // Read again from the server, not remembered from the click.
    await page.reload();
    await expect(defaultLabel(page, key)).toBeVisible();
    await expect(row(page, phone).getByRole("button", { name: "Make default" })).toBeVisible();
    expect((await stored()).map((credential) => credential.userLabel ?? credential.type)).toEqual([
      "password",
      "Desk key",
      "Phone",
    ]);

    // The next sign-in asks for the security key first.
    const context = await browser.newContext();
    try {
      const next = await context.newPage();
      await next.goto(accountUrl(KINDS_REALM, ROUTE));
      await submitLogin(next, KIM.username, KIM.password);
      await expect(next.locator("#authenticateWebAuthnButton")).toBeVisible({ timeout: 30_000 });
      await expect(next.locator("#otp")).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

/**
 * The realm's browser flow: the session cookie, or the password and then either second factor (an OTP code or a
 * security key). Keycloak asks first for the kind of the user's first second-factor credential, and the Account API
 * lists the security keys only while a flow uses them.
 */
async function useEitherSecondFactor(admin: KeycloakAdmin) {
  const realm = KINDS_REALM;
  const auth = admin.authenticationManagement;
  if ((await auth.getFlows({ realm })).some((flow) => flow.alias === "either")) return;
  const step = (flow: string, provider: string) => auth.addExecutionToFlow({ realm, flow, provider });
  const subflow = (flow: string, alias: string) =>
    auth.addFlowToFlow({ realm, flow, alias, type: "basic-flow", provider: "", description: "" });
  await auth.createFlow({ realm, alias: "either", providerId: "basic-flow", topLevel: true, builtIn: false });
  await step("either", "auth-cookie");
  await subflow("either", "either forms");
  await step("either forms", "auth-username-password-form");
  await subflow("either forms", "either second factor");
  await step("either second factor", "auth-otp-form");
  await step("either second factor", "webauthn-authenticator");
  // Cookie or forms; within the forms, the password and a second factor; within that, either kind.
  const requirements = ["ALTERNATIVE", "REQUIRED", "ALTERNATIVE"];
  for (const execution of await auth.getExecutions({ realm, flow: "either" })) {
    const requirement = requirements[execution.level!]!;
    await auth.updateExecution({ realm, flow: "either" }, { ...execution, requirement });
  }
  await admin.updateRealm(realm, { browserFlow: "either" });
}
