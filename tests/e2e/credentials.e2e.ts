import AxeBuilder from "@axe-core/playwright";
import jsQR from "jsqr";
import type { Browser, Page } from "playwright-core";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USER, KeycloakAdmin } from "./support/admin";
import { launchBrowser } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { openConsole } from "./support/session";

// A realm that issues verifiable credentials (Keycloak then creates the oid4vc scopes oid4vc_natural_person_jwt and
// oid4vc_natural_person_sd), run with the features oid4vc-vci and oid4vc-vci-rest-credential-offer, whose
// account-console client may ask for credential offers (oid4vci.enabled).
const REALM = "e2e-credentials";
const JWT = "oid4vc_natural_person_jwt";
const SD = "oid4vc_natural_person_sd";
/** A user who may only look (view-verifiable-credentials), in German. */
const VIEWER = { username: "berta", password: "berta", displayName: "Berta Tester" };
let browser: Browser;
const admin = new KeycloakAdmin();

const person = (username: string, password: string, roles: string[], extra: Record<string, unknown> = {}) => ({
  username,
  enabled: true,
  email: `${username}@example.org`,
  emailVerified: true,
  firstName: username[0]!.toUpperCase() + username.slice(1),
  lastName: "Tester",
  credentials: [{ type: "password", value: password, temporary: false }],
  clientRoles: { account: roles },
  ...extra,
});

type UserCredential = { credentialScopeName: string; createdDate: number; updatedDate: number };

async function userCredentials(username: string): Promise<UserCredential[]> {
  const id = await admin.userId(REALM, username);
  return admin.request<UserCredential[]>("GET", `/${REALM}/users/${id}/vc/credentials`);
}

async function grantCredential(username: string, scope: string): Promise<void> {
  const id = await admin.userId(REALM, username);
  await admin.request("POST", `/${REALM}/users/${id}/vc/credentials`, { credentialScopeName: scope });
}

/** Lets (or stops) the account console ask for credential offers: the client attribute oid4vci.enabled. */
async function allowOffers(allowed: boolean): Promise<void> {
  const [client] = await admin.request<{ id: string; attributes?: Record<string, string> }[]>(
    "GET",
    `/${REALM}/clients?clientId=account-console`,
  );
  await admin.request("PUT", `/${REALM}/clients/${client!.id}`, {
    ...client,
    attributes: { ...client!.attributes, "oid4vci.enabled": String(allowed) },
  });
}

/**
 * The account console's token carries only the account roles in its scope (manage-account and a few more); a realm
 * that gives users view-only roles maps them into that scope too, as this test realm does.
 */
async function scopeViewRoles(): Promise<void> {
  const [consoleClient] = await admin.request<{ id: string }[]>("GET", `/${REALM}/clients?clientId=account-console`);
  const [account] = await admin.request<{ id: string }[]>("GET", `/${REALM}/clients?clientId=account`);
  const roles = await admin.request<{ name: string }[]>("GET", `/${REALM}/clients/${account!.id}/roles`);
  await admin.request(
    "POST",
    `/${REALM}/clients/${consoleClient!.id}/scope-mappings/clients/${account!.id}`,
    roles.filter((role) => ["view-profile", "view-verifiable-credentials"].includes(role.name)),
  );
}

/** No serious or critical WCAG 2.0/2.1 A/AA violation on the page as it is now. */
async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(bad).toEqual([]);
}

/** What the QR code on screen says: a screenshot of the image, decoded as a scanner would. */
async function readQrCode(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await page.getByTestId("qr-code").screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  await admin.createRealm(REALM, {
    verifiableCredentialsEnabled: true,
    internationalizationEnabled: true,
    supportedLocales: ["en", "de"],
    defaultLocale: "en",
    users: [
      person(DEMO_USER.username, DEMO_USER.password, ["manage-account", "view-profile"]),
      person(VIEWER.username, VIEWER.password, ["view-profile", "view-verifiable-credentials"], {
        attributes: { locale: ["de"] },
      }),
    ],
  });
  await allowOffers(true);
  await scopeViewRoles();
  for (const scope of [JWT, SD]) await grantCredential(DEMO_USER.username, scope);
  await grantCredential(VIEWER.username, JWT);
});

afterAll(async () => {
  await browser?.close();
  await admin.deleteRealm(REALM).catch(() => undefined);
});

describe("verifiable credentials", () => {
  it("lists the user's credentials with their dates; Issue to Wallet starts Keycloak's offer action", async () => {
    const { context, page } = await openConsole(browser, REALM, { route: "verifiable-credentials" });
    try {
      await page.locator(`#credential-${JWT}`).waitFor();
      expect(await page.getByTestId("credentials-list-item").count()).toBe(2);
      const [jwt] = (await userCredentials(DEMO_USER.username)).filter((c) => c.credentialScopeName === JWT);
      const created = new Intl.DateTimeFormat("en", { dateStyle: "long" }).format(new Date(jwt!.createdDate));
      expect(await page.getByTestId(`credential-${JWT}-created`).textContent()).toBe(created);
      expect(await page.locator(`#credential-${JWT}-revoke`).isVisible()).toBe(true);
      await screenshot(page, "credentials-list");
      await expectAccessible(page);

      // Issued credentials: none yet (wallets have not fetched one), said so in the dialog.
      await page.locator(`#credential-${JWT}-view-issued`).click();
      const dialog = page.getByTestId("issued-credentials-dialog");
      await dialog.getByText("No Issued Credentials").waitFor();
      expect(await dialog.getByRole("heading").first().textContent()).toContain(JWT);
      await screenshot(page, "credentials-issued-dialog");
      await dialog.getByRole("button", { name: "Close" }).first().click();
      await dialog.waitFor({ state: "detached" });

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
    } finally {
      await context.close();
    }
  });

  it("Revoke removes the credential on the server after a confirmation", async () => {
    const { context, page } = await openConsole(browser, REALM, { route: "verifiable-credentials" });
    try {
      await page.locator(`#credential-${SD}-revoke`).click();
      const dialog = page.getByRole("dialog", { name: "Revoke verifiable credential" });
      await dialog.getByText(SD).waitFor();
      await dialog.getByRole("button", { name: "Revoke" }).click();
      await page.getByTestId("last-alert").getByText("Verifiable credential deleted successfully").waitFor();
      await page.locator(`#credential-${SD}`).waitFor({ state: "detached" });
      expect((await userCredentials(DEMO_USER.username)).map((c) => c.credentialScopeName)).toEqual([JWT]);
      expect(await page.getByTestId("credentials-list-item").count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("shows dates in the user's language, and no Revoke to a user who may only look (also at 375 px)", async () => {
    const { context, page } = await openConsole(browser, REALM, {
      route: "verifiable-credentials",
      user: VIEWER,
      viewport: { width: 375, height: 740 },
    });
    try {
      await page.locator(`#credential-${JWT}`).waitFor();
      const [jwt] = await userCredentials(VIEWER.username);
      const created = new Intl.DateTimeFormat("de", { dateStyle: "long" }).format(new Date(jwt!.createdDate));
      expect(await page.getByTestId(`credential-${JWT}-created`).textContent()).toBe(created);
      expect(await page.locator(`#credential-${JWT}-revoke`).count()).toBe(0);
      expect(await page.locator(`#credential-${JWT}-issue`).isVisible()).toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, "credentials-list-375-de");
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});

describe("issuer credential page (oid4vci)", () => {
  it("shows the offer of the chosen configuration as a QR code that decodes to the wallet URI", async () => {
    const { context, page } = await openConsole(browser, REALM, { route: "verifiable-credentials" });
    try {
      await page.getByRole("link", { name: "Get a credential offer as a QR code" }).click();
      await page.waitForURL(/\/account\/oid4vci$/);
      const toggle = page.getByTestId("menu-toggle");
      await toggle.waitFor();
      expect(await toggle.textContent()).toContain("Select a credential configuration.");
      await toggle.click();
      // One option per configuration, labelled by its display name, its id beside it.
      expect(await page.getByTestId(JWT).textContent()).toContain("Natural person verifiable credential");
      await page.getByTestId(SD).waitFor();
      await page.getByTestId(JWT).click();

      await page.getByTestId("qr-code").waitFor();
      const uri = await readQrCode(page);
      expect(uri).toMatch(/^openid-credential-offer:\/\/\?credential_offer_uri=/);
      const offerUrl = new URL(uri!).searchParams.get("credential_offer_uri")!;
      expect(await page.getByTestId("offer-link").getAttribute("href")).toBe(uri);
      await screenshot(page, "oid4vci-qr");
      await expectAccessible(page);

      // The offer the code points to is the server's, for the configuration chosen.
      const offer = (await (await fetch(offerUrl)).json()) as { credential_configuration_ids?: string[] };
      expect(offer.credential_configuration_ids).toEqual([JWT]);
    } finally {
      await context.close();
    }
  });

  it("says why when the server refuses an offer, and works at 375 px", async () => {
    await allowOffers(false);
    const { context, page } = await openConsole(browser, REALM, {
      route: "oid4vci",
      viewport: { width: 375, height: 740 },
    });
    try {
      await page.getByTestId("menu-toggle").click();
      await page.getByTestId(JWT).click();
      const error = page.getByTestId("offer-error");
      await error.waitFor();
      expect(await error.textContent()).toContain("Was not able to retrieve an offer.");
      expect(await error.textContent()).toContain("Client not enabled for OID4VCI");
      expect(await page.getByTestId("qr-code").count()).toBe(0);
      await screenshot(page, "oid4vci-refused-375");

      // Allowed again, "Try again" gets the code.
      await allowOffers(true);
      await error.getByRole("button", { name: "Try again" }).click();
      await page.getByTestId("qr-code").waitFor();
      expect(await readQrCode(page)).toMatch(/^openid-credential-offer:\/\//);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, "oid4vci-qr-375");
    } finally {
      await allowOffers(true);
      await context.close();
    }
  });
});
