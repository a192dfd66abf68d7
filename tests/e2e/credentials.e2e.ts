import jsQR from "jsqr";
import type { Page } from "@playwright/test";
import { PNG } from "pngjs";
import { DEMO_USER, demoLike, testUser, type KeycloakAdmin } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { screenshot } from "./support/screenshots";
import { expect, test } from "./support/test";

// A realm that issues verifiable credentials (Keycloak then creates the oid4vc scopes oid4vc_natural_person_jwt and
// oid4vc_natural_person_sd), run with the features oid4vc-vci and oid4vc-vci-rest-credential-offer, whose
// account-console client may ask for credential offers (oid4vci.enabled).
const REALM = "e2e-credentials";
const JWT = "oid4vc_natural_person_jwt";
const SD = "oid4vc_natural_person_sd";
/** A user who may only look (view-verifiable-credentials), in German. */
const VIEWER = { username: "berta", password: "berta", displayName: "Berta Tester" };

test.use({
  realms: {
    [REALM]: demoLike({
      verifiableCredentialsEnabled: true,
      internationalizationEnabled: true,
      supportedLocales: ["en", "de"],
      defaultLocale: "en",
      users: [
        testUser(DEMO_USER),
        testUser(VIEWER, {
          roles: ["view-profile", "view-verifiable-credentials"],
          attributes: { locale: ["de"] },
        }),
      ],
    }),
  },
});

test.beforeAll(async ({ admin }) => {
  await allowOffers(admin, true);
  await scopeViewRoles(admin);
  for (const scope of [JWT, SD]) await grantCredential(admin, DEMO_USER.username, scope);
  await grantCredential(admin, VIEWER.username, JWT);
});

async function userCredentials(admin: KeycloakAdmin, username: string) {
  return admin.users.listVerifiableCredentials({ realm: REALM, id: await admin.userId(REALM, username) });
}

async function grantCredential(admin: KeycloakAdmin, username: string, scope: string): Promise<void> {
  const id = await admin.userId(REALM, username);
  await admin.users.createVerifiableCredential({ realm: REALM, id }, { credentialScopeName: scope });
}

/** Lets (or stops) the account console ask for credential offers: the client attribute oid4vci.enabled. */
async function allowOffers(admin: KeycloakAdmin, allowed: boolean): Promise<void> {
  const client = await admin.client(REALM, "account-console");
  await admin.clients.update(
    { realm: REALM, id: client.id },
    { ...client, attributes: { ...client.attributes, "oid4vci.enabled": String(allowed) } },
  );
}

/**
 * The account console's token carries only the account roles in its scope (manage-account and a few more); a realm
 * that gives users view-only roles maps them into that scope too, as this test realm does.
 */
async function scopeViewRoles(admin: KeycloakAdmin): Promise<void> {
  const consoleClient = await admin.client(REALM, "account-console");
  const account = await admin.client(REALM, "account");
  const roles = await admin.clients.listRoles({ realm: REALM, id: account.id });
  await admin.clients.addClientScopeMappings(
    { realm: REALM, id: consoleClient.id, client: account.id },
    roles.filter((role) => ["view-profile", "view-verifiable-credentials"].includes(role.name!)),
  );
}

/** What the QR code on screen says: a screenshot of the image, decoded as a scanner would. */
async function readQrCode(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await page.getByTestId("qr-code").screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

test.describe("verifiable credentials", () => {
  test("lists the user's credentials with their dates; Issue to Wallet starts Keycloak's offer action", async ({
    admin,
    openConsole,
  }) => {
    const page = await openConsole(REALM, { route: "verifiable-credentials" });
    await expect(page.locator(`#credential-${JWT}`)).toBeVisible();
    await expect(page.getByTestId("credentials-list-item")).toHaveCount(2);
    const [jwt] = (await userCredentials(admin, DEMO_USER.username)).filter((c) => c.credentialScopeName === JWT);
    const created = new Intl.DateTimeFormat("en", { dateStyle: "long" }).format(new Date(jwt!.createdDate!));
    await expect(page.getByTestId(`credential-${JWT}-created`)).toHaveText(created);
    await expect(page.locator(`#credential-${JWT}-revoke`)).toBeVisible();
    await screenshot(page, "credentials-list");
    await expectAccessible(page, "the credentials list");

    // Issued credentials: none yet (wallets have not fetched one), said so in the dialog.
    await page.locator(`#credential-${JWT}-view-issued`).click();
    const dialog = page.getByTestId("issued-credentials-dialog");
    await expect(dialog.getByText("No Issued Credentials")).toBeVisible();
    await expect(dialog.getByRole("heading").first()).toContainText(JWT);
    await screenshot(page, "credentials-issued-dialog");
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(dialog).toHaveCount(0);

    // Issue to Wallet hands over to Keycloak's verifiable_credential_offer action for this configuration.
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes("kc_action=")),
      page.getByRole("button", { name: "Issue to Wallet" }).first().click(),
    ]);
    const action = new URL(request.url()).searchParams.get("kc_action") ?? "";
    expect(action.startsWith("verifiable_credential_offer:")).toBe(true);
    const offered = JSON.parse(Buffer.from(action.split(":")[1]!, "base64").toString("utf8")) as Record<
      string,
      unknown
    >;
    expect(offered.credentialConfigurationId).toBe(JWT);
  });

  test("Revoke removes the credential on the server after a confirmation", async ({ admin, openConsole }) => {
    const page = await openConsole(REALM, { route: "verifiable-credentials" });
    await page.locator(`#credential-${SD}-revoke`).click();
    const dialog = page.getByRole("dialog", { name: "Revoke verifiable credential" });
    await expect(dialog.getByText(SD)).toBeVisible();
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByTestId("last-alert")).toContainText("Verifiable credential deleted successfully");
    await expect(page.locator(`#credential-${SD}`)).toHaveCount(0);
    expect((await userCredentials(admin, DEMO_USER.username)).map((c) => c.credentialScopeName)).toEqual([JWT]);
    await expect(page.getByTestId("credentials-list-item")).toHaveCount(1);
  });

  test("shows dates in the user's language, and no Revoke to a user who may only look (also at 375 px)", async ({
    admin,
    openConsole,
  }) => {
    const page = await openConsole(REALM, {
      route: "verifiable-credentials",
      user: VIEWER,
      viewport: { width: 375, height: 740 },
    });
    await expect(page.locator(`#credential-${JWT}`)).toBeVisible();
    const [jwt] = await userCredentials(admin, VIEWER.username);
    const created = new Intl.DateTimeFormat("de", { dateStyle: "long" }).format(new Date(jwt!.createdDate!));
    await expect(page.getByTestId(`credential-${JWT}-created`)).toHaveText(created);
    await expect(page.locator(`#credential-${JWT}-revoke`)).toHaveCount(0);
    await expect(page.locator(`#credential-${JWT}-issue`)).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "credentials-list-375-de");
    await expectAccessible(page, "the credentials list at 375 px");
  });
});

test.describe("issuer credential page (oid4vci)", () => {
  test("shows the offer of the chosen configuration as a QR code that decodes to the wallet URI", async ({
    openConsole,
  }) => {
    const page = await openConsole(REALM, { route: "verifiable-credentials" });
    await page.getByRole("link", { name: "Get a credential offer as a QR code" }).click();
    await page.waitForURL(/\/account\/oid4vci$/);
    // The page has its own sidebar entry too, current now.
    await expect(page.locator("#page-sidebar").getByTestId("oid4vci")).toHaveAttribute("aria-current", "page");
    await expect(page.locator("#page-sidebar").getByTestId("oid4vci")).toHaveText("Credential offer");
    const toggle = page.getByTestId("menu-toggle");
    await expect(toggle).toContainText("Select a credential configuration.");
    await toggle.click();
    // One option per configuration, labelled by its display name, its id beside it.
    await expect(page.getByTestId(JWT)).toContainText("Natural person verifiable credential");
    await expect(page.getByTestId(SD)).toBeVisible();
    await page.getByTestId(JWT).click();

    await expect(page.getByTestId("qr-code")).toBeVisible();
    const uri = await readQrCode(page);
    expect(uri).toMatch(/^openid-credential-offer:\/\/\?credential_offer_uri=/);
    const offerUrl = new URL(uri!).searchParams.get("credential_offer_uri")!;
    await expect(page.getByTestId("offer-link")).toHaveAttribute("href", uri!);
    await screenshot(page, "oid4vci-qr");
    await expectAccessible(page, "the issuer credential page");

    // The offer the code points to is the server's, for the configuration chosen.
    const offer = (await (await fetch(offerUrl)).json()) as { credential_configuration_ids?: string[] };
    expect(offer.credential_configuration_ids).toEqual([JWT]);
  });

  test("says why when the server refuses an offer, and works at 375 px", async ({ admin, openConsole }) => {
    // Refused until allowed again below (a failed test restarts the worker, which makes the realm anew).
    await allowOffers(admin, false);
    const page = await openConsole(REALM, { route: "oid4vci", viewport: { width: 375, height: 740 } });
    await page.getByTestId("menu-toggle").click();
    await page.getByTestId(JWT).click();
    const error = page.getByTestId("offer-error");
    await expect(error).toContainText("Was not able to retrieve an offer.");
    await expect(error).toContainText("Client not enabled for OID4VCI");
    await expect(page.getByTestId("qr-code")).toHaveCount(0);
    await screenshot(page, "oid4vci-refused-375");

    // Allowed again, "Try again" gets the code.
    await allowOffers(admin, true);
    await error.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByTestId("qr-code")).toBeVisible();
    expect(await readQrCode(page)).toMatch(/^openid-credential-offer:\/\//);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "oid4vci-qr-375");
  });
});
