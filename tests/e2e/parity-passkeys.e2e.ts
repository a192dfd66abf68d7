import { demoLike } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { screenshot } from "./support/screenshots";
import { expect, test } from "./support/test";

// Passkeys of authenticators Keycloak knows by their AAGUID (its keycloak-webauthn-metadata.json): the Account API
// names the vendor and its icons, which the console shows. The credentials are imported with the user; their key
// material is never used, as nobody signs in with them here.
const REALM = "e2e-parity-passkeys";
const ONE_PASSWORD = "bada5566-a7aa-401f-bd96-45619a55120d"; // 1Password: a light and a dark icon
const YUBIKEY = "9eb7eabc-9db5-49a1-b6c3-555a802093f4"; // YubiKey 5 Series with NFC: one icon for both
const UNKNOWN = "00000000-0000-0000-0000-000000000000";

const webauthn = (type: string, label: string, aaguid: string, transports: string[]) => ({
  type,
  userLabel: label,
  createdDate: Date.UTC(2026, 2, 4),
  secretData: "{}",
  credentialData: JSON.stringify({
    aaguid,
    credentialId: Buffer.from(label).toString("base64url"),
    counter: 0,
    credentialPublicKey: "pQECAyYgASFYIA",
    attestationStatementFormat: "none",
    transports,
  }),
});

test.use({
  realms: {
    [REALM]: () => {
      const realm = demoLike();
      const [alice, ...others] = realm.users as Record<string, unknown>[];
      const credentials = [
        ...(alice!.credentials as unknown[]),
        webauthn("webauthn-passwordless", "Phone passkey", ONE_PASSWORD, ["hybrid", "internal"]),
        webauthn("webauthn", "Desk key", YUBIKEY, ["usb", "nfc"]),
        webauthn("webauthn", "Old key", UNKNOWN, []),
      ];
      return { ...realm, users: [{ ...alice, credentials }, ...others] };
    },
  },
  account: { realm: REALM, route: "account-security/signing-in" },
});

// Keycloak lists a credential type only while a flow of the realm uses its authenticator: a flow of its own, bound
// to nothing, where both passkey authenticators are alternatives.
test.beforeAll(async ({ admin }) => {
  const [realm, flow, auth] = [REALM, "passkeys", admin.authenticationManagement];
  if ((await auth.getFlows({ realm })).some((existing) => existing.alias === flow)) return;
  await auth.createFlow({ realm, alias: flow, providerId: "basic-flow", topLevel: true, builtIn: false });
  for (const provider of ["webauthn-authenticator", "webauthn-authenticator-passwordless"]) {
    await auth.addExecutionToFlow({ realm, flow, provider });
  }
  for (const execution of await auth.getExecutions({ realm, flow })) {
    await auth.updateExecution({ realm, flow }, { ...execution, requirement: "ALTERNATIVE" });
  }
});

test.describe("passkeys on Signing in", () => {
  test("show the vendor's icon and name the server sends, and list the other details", async ({
    consolePage: page,
  }) => {
    const passkeys = page.getByTestId("webauthn-passwordless/credential-list");
    const phone = passkeys.getByRole("listitem").filter({ hasText: "Phone passkey" });
    await expect(phone).toContainText("1Password");
    const light = phone.locator("img.credential-icon-light");
    const dark = phone.locator("img.credential-icon-dark");
    await expect(light).toHaveAttribute("src", /\/passkeys\/1password-light\.svg$/);
    await expect(dark).toHaveAttribute("src", /\/passkeys\/1password-dark\.svg$/);
    // The files come from Keycloak (its own account theme, which ours extends): both loaded, the light one shows.
    for (const image of [light, dark]) {
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    await expect(light).toBeVisible();
    await expect(dark).toBeHidden();
    await expect(phone.getByRole("term")).toHaveText(["Transport media"]);
    await expect(phone.getByRole("definition")).toHaveText(/^(hybrid, internal|internal, hybrid)$/);

    const keys = page.getByTestId("webauthn/credential-list");
    const desk = keys.getByRole("listitem").filter({ hasText: "Desk key" });
    await expect(desk).toContainText("YubiKey 5 Series with NFC");
    await expect(desk.locator("img")).toHaveCount(1);
    await expect(desk.locator("img")).toHaveAttribute("src", /\/passkeys\/yubikey-light\.png$/);
    // An authenticator Keycloak does not know: no vendor, a key instead of an icon, no details.
    const old = keys.getByRole("listitem").filter({ hasText: "Old key" });
    await expect(old.locator("svg[data-testrole=credential-icon]")).toBeVisible();
    await expect(old.locator("img")).toHaveCount(0);
    await expect(old.getByRole("term")).toHaveCount(0);

    await screenshot(page, "parity-passkeys-desktop-light");
    await expectAccessible(page, "signing in with passkeys");
  });

  test.describe("on a phone in dark mode", () => {
    test.use({ viewport: { width: 360, height: 740 }, colorScheme: "dark" });

    test("shows the dark variant, and the row fits the screen", async ({ consolePage: page }) => {
      const phone = page
        .getByTestId("webauthn-passwordless/credential-list")
        .getByRole("listitem")
        .filter({ hasText: "Phone passkey" });
      await expect(phone.locator("img.credential-icon-dark")).toBeVisible();
      await expect(phone.locator("img.credential-icon-light")).toBeHidden();
      await phone.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(page, "parity-passkeys-phone-dark");
      await expectAccessible(page, "signing in with passkeys, dark, 360 px");
    });
  });
});
