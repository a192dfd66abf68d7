import { readFile } from "node:fs/promises";
import { createServer, type AddressInfo, type Server } from "node:net";
import type { Download, Page } from "@playwright/test";
import { DEMO_USER, demoLike, type KeycloakAdmin, STRICT_CSP_HEADERS } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { screenshot } from "./support/screenshots";
import { expect, keycloakUrl, pageEnvironment, test } from "./support/test";
import { keycloakAtLeast } from "./support/version";

// Personal info's "Download your data" and the email's verification state. One realm where alice has something in
// every part (a group, an organization, a linked account, a labelled password, a UMA resource shared with bob), and
// the same theme under the strict Content-Security-Policy of the hardening work.
const REALM = "e2e-your-data";
const STRICT = "e2e-your-data-csp";
const CLIENT = "e2e-gallery";
const IDP = "looking-glass";
const bob = {
  username: "bob",
  enabled: true,
  email: "bob@example.org",
  emailVerified: true,
  firstName: "Bob",
  lastName: "Tester",
  credentials: [{ type: "password", value: "bob", temporary: false }],
};

test.use({
  realms: {
    [REALM]: () => {
      const base = demoLike();
      return {
        ...base,
        organizationsEnabled: true,
        userManagedAccessAllowed: true,
        verifiableCredentialsEnabled: true,
        users: [...(base.users as unknown[]), bob],
        groups: [{ name: "tea-party", path: "/tea-party" }],
        identityProviders: [
          {
            alias: IDP,
            displayName: "Looking Glass",
            providerId: "oidc",
            enabled: true,
            config: {
              authorizationUrl: "https://idp.example.org/auth",
              tokenUrl: "https://idp.example.org/token",
              clientId: "console-tests",
              clientSecret: "not-used",
              clientAuthMethod: "client_secret_post",
            },
          },
        ],
        clients: [
          {
            clientId: CLIENT,
            name: "Gallery",
            secret: "gallery-secret",
            publicClient: false,
            serviceAccountsEnabled: true,
            authorizationServicesEnabled: true,
            directAccessGrantsEnabled: true,
            standardFlowEnabled: true,
            redirectUris: [`${keycloakUrl()}/realms/${REALM}/*`],
          },
        ],
      };
    },
    [STRICT]: demoLike({
      ...STRICT_CSP_HEADERS,
    }),
  },
  account: { realm: REALM },
});

test.describe.configure({ timeout: 180_000 });

async function shapeRealm(admin: KeycloakAdmin) {
  const realm = REALM;
  const alice = await admin.userId(realm, DEMO_USER.username);
  const [group] = await admin.groups.find({ realm, search: "tea-party", exact: true });
  await admin.users.addToGroup({ realm, id: alice, groupId: group!.id! });

  const org = await admin.organizations.create({
    realm,
    name: "Wonderland",
    alias: "wonderland",
    enabled: true,
    domains: [{ name: "wonderland.example" }],
  });
  await admin.organizations.addMember({ realm, orgId: org.id, userId: alice });

  await admin.users.addToFederatedIdentity({
    realm,
    id: alice,
    federatedIdentityId: IDP,
    federatedIdentity: { identityProvider: IDP, userId: "alice-on-the-other-side", userName: "alice.mirror" },
  });

  const [password] = await admin.users.getCredentials({ realm, id: alice });
  await admin.users.updateCredentialLabel({ realm, id: alice, credentialId: password!.id! }, "My rabbit-hole password");

  const client = await admin.client(realm, CLIENT);
  await admin.clients.createAuthorizationScope({ realm, id: client.id }, { name: "album:view" });
  const resource = await admin.clients.createResource(
    { realm, id: client.id },
    {
      name: "croquet-photos",
      displayName: "Croquet photos",
      // The owner by user name, as Keycloak reads a plain string there.
      owner: { id: DEMO_USER.username },
      ownerManagedAccess: true,
      scopes: [{ name: "album:view" }],
    },
  );
  // Shared with bob through the Account API, as alice would in the console.
  const aliceToken = await userToken(DEMO_USER.username, DEMO_USER.password);
  const shared = await fetch(`${keycloakUrl()}/realms/${REALM}/account/resources/${resource._id}/permissions`, {
    method: "PUT",
    headers: { authorization: `Bearer ${aliceToken}`, "content-type": "application/json" },
    body: JSON.stringify([{ username: "bob", scopes: ["album:view"] }]),
  });
  expect(shared.ok, `share: ${shared.status} ${await shared.text()}`).toBe(true);
}

async function userToken(username: string, password: string): Promise<string> {
  const response = await fetch(`${keycloakUrl()}/realms/${REALM}/protocol/openid-connect/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "password",
      client_id: CLIENT,
      client_secret: "gallery-secret",
      username,
      password,
    }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`token for ${username}: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

test.beforeAll(async ({ admin }) => {
  test.setTimeout(180_000);
  await shapeRealm(admin);
});

type CaughtMail = { from: string; to: string[]; data: string };

/**
 * A local SMTP catcher, just enough of RFC 5321 for Keycloak's mail client (no TLS, no auth): every message it
 * receives lands in `mails`, so a test reads back what Keycloak really sent.
 */
function smtpCatcher(): { server: Server; mails: CaughtMail[] } {
  const mails: CaughtMail[] = [];
  const server = createServer((socket) => {
    let buffer = "";
    let mail: CaughtMail = { from: "", to: [], data: "" };
    let inData = false;
    socket.write("220 console-tests SMTP catcher\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          mail.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          mails.push(mail);
          mail = { from: "", to: [], data: "" };
          inData = false;
          socket.write("250 OK queued\r\n");
          continue;
        }
        const end = buffer.indexOf("\r\n");
        if (end === -1) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250 console-tests\r\n");
        else if (verb === "MAIL") {
          mail.from = line;
          socket.write("250 OK\r\n");
        } else if (verb === "RCPT") {
          mail.to.push(line);
          socket.write("250 OK\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 End data with <CR><LF>.<CR><LF>\r\n");
        } else if (verb === "QUIT") {
          socket.end("221 Bye\r\n");
          return;
        } else socket.write("250 OK\r\n");
      }
    });
    socket.on("error", () => undefined);
  });
  return { server, mails };
}

type ExportedPart = { status: string; data?: unknown; error?: string };
type Exported = {
  format: string;
  version: number;
  header: string;
  exportedAt: string;
  realm: string;
  failedParts: string[];
  notOfferedParts: string[];
  parts: Record<string, ExportedPart>;
};

/** Clicks "Download your data" (from the keyboard) and returns the downloaded file, parsed. */
async function download(page: Page): Promise<{ file: Exported; text: string; download: Download }> {
  const button = page.getByTestId("download-data");
  await button.focus();
  const downloading = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  const done = await downloading;
  const text = await readFile((await done.path())!, "utf8");
  return { file: JSON.parse(text) as Exported, text, download: done };
}

const dataOf = <T>(file: Exported, part: string): T => {
  expect(file.parts[part]?.status, `${part}: ${JSON.stringify(file.parts[part])}`).toBe("included");
  return file.parts[part]!.data as T;
};

test.describe("your data", () => {
  test("downloads one JSON file with the user's own values from every part @core", async ({ consolePage: page }) => {
    await expect(page.getByRole("region", { name: "Your data" })).toBeVisible();
    await page.getByTestId("your-data").scrollIntoViewIfNeeded();
    await screenshot(page, "your-data");

    const { file, text, download: done } = await download(page);
    expect(done.suggestedFilename()).toMatch(/^account-data-e2e-your-data-\d{4}-\d{2}-\d{2}\.json$/);
    await expect(page.getByTestId("last-alert")).toContainText("Your data has been downloaded.");

    expect(file).toMatchObject({ format: "keycloak-account-data", version: 1, realm: REALM, failedParts: [] });
    expect(file.header).toContain("alice");
    expect(Date.parse(file.exportedAt)).not.toBeNaN();
    expect(Object.keys(file.parts)).toEqual([
      "profile",
      "groups",
      "organizations",
      "devices",
      "applications",
      "linkedAccounts",
      "credentials",
      "resources",
      "verifiableCredentials",
    ]);

    expect(dataOf(file, "profile")).toMatchObject({
      username: "alice",
      email: "alice@example.org",
      firstName: "Alice",
      lastName: "Liddell",
      emailVerified: true,
    });
    expect(dataOf(file, "profile")).not.toHaveProperty("userProfileMetadata");
    expect(dataOf(file, "groups")).toEqual([expect.objectContaining({ name: "tea-party", path: "/tea-party" })]);
    expect(dataOf(file, "organizations")).toEqual([expect.objectContaining({ name: "Wonderland" })]);
    const devices = dataOf<{ sessions: { current?: boolean; clients: { clientId: string }[] }[] }[]>(file, "devices");
    const sessions = devices.flatMap((device) => device.sessions);
    expect(sessions.some((session) => session.clients.some((c) => c.clientId === "account-console"))).toBe(true);
    expect(dataOf(file, "applications")).toEqual(
      expect.arrayContaining([expect.objectContaining({ clientId: "account-console" })]),
    );
    expect(dataOf(file, "linkedAccounts")).toEqual([
      expect.objectContaining({ providerAlias: IDP, connected: true, linkedUsername: "alice.mirror" }),
    ]);
    const credentials = dataOf<{ type: string; label?: string; createdDate?: number }[]>(file, "credentials");
    expect(credentials).toEqual([
      { type: "password", label: "My rabbit-hole password", createdDate: expect.any(Number) },
    ]);
    const resources = dataOf<{ owned: { name: string; sharedWith: { username: string; scopes: string[] }[] }[] }>(
      file,
      "resources",
    );
    expect(resources.owned).toEqual([
      expect.objectContaining({
        name: "croquet-photos",
        sharedWith: [expect.objectContaining({ username: "bob", scopes: ["album:view"] })],
      }),
    ]);
    // Before 26.7 the server has no verifiable credentials list: the part is not offered (docs/versions.md).
    if (keycloakAtLeast("26.7.0")) expect(dataOf(file, "verifiableCredentials")).toEqual({ types: [], issued: [] });
    else expect(file.parts.verifiableCredentials).toEqual({ status: "notOffered" });

    // Nothing secret: no credential data, no hashes, no tokens.
    for (const secret of ["credentialData", "secretData", "hashedSaltedValue", "access_token", "refresh_token"]) {
      expect(text).not.toContain(secret);
    }
  });

  test("a part whose request fails is named in the file and in the alert; the rest is still there", async ({
    consolePage: page,
  }) => {
    await page.route(
      (url) => url.pathname === `/realms/${REALM}/account/groups`,
      (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"unknown_error"}' }),
    );
    const { file } = await download(page);
    expect(file.failedParts).toEqual(["groups"]);
    expect(file.parts.groups).toMatchObject({ status: "failed", error: expect.any(String) });
    expect(file.parts.profile?.status).toBe("included");
    expect(file.parts.organizations?.status).toBe("included");
    const alert = page.getByTestId("last-alert");
    await expect(alert).toContainText("Your file is not complete");
    await expect(alert).toContainText("Groups");
    await screenshot(page, "your-data-incomplete");
  });

  test("at 360 px in dark mode: keyboard, axe, and the download", async ({ openConsole }) => {
    const page = await openConsole(REALM, { viewport: { width: 360, height: 740 } });
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/(^|\s)pf-v6-theme-dark(\s|$)/);
    const section = page.getByTestId("your-data");
    await section.scrollIntoViewIfNeeded();
    const box = await section.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, "personal info with your data, 360 px, dark");
    await screenshot(page, "your-data-360-dark");
    const { file } = await download(page);
    expect(file.failedParts).toEqual([]);
  });
});

test.describe("your data under the strict Content-Security-Policy", () => {
  test.use({ account: { realm: STRICT } });
  test("downloads without a policy violation", async ({ consolePage: page }) => {
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    const { file } = await download(page);
    expect(file.realm).toBe(STRICT);
    expect(file.failedParts).toEqual([]);
    // What the realm switches off (here: groups, linked accounts, resources) is said so, and not counted as failed.
    const { features } = (await pageEnvironment(page)) as { features: Record<string, boolean> };
    const flags: Record<string, string> = {
      groups: "isViewGroupsEnabled",
      organizations: "isViewOrganizationsEnabled",
      applications: "isViewApplicationsEnabled",
      linkedAccounts: "isLinkedAccountsEnabled",
      resources: "isMyResourcesEnabled",
      verifiableCredentials: "isViewVerifiableCredentialsEnabled",
    };
    const off = Object.keys(flags).filter((part) => !features[flags[part]!]);
    expect(off).toEqual(expect.arrayContaining(["groups", "resources"]));
    expect(file.notOfferedParts.sort()).toEqual(off.sort());
    for (const part of off) expect(file.parts[part]).toEqual({ status: "notOffered" });
    await expect(page.getByTestId("last-alert")).toContainText("Your data has been downloaded.");
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
  });
});

test.describe("a verified email", () => {
  test("shows that the email is verified, and offers nothing to do", async ({ consolePage: page }) => {
    await expect(page.getByTestId("email-verified")).toHaveText("Verified");
    await expect(page.getByTestId("verify-email")).toHaveCount(0);
  });

  test("an unverified email: Verify email opens Keycloak's own verify-email page, which sends the mail @core", async ({
    admin,
    openConsole,
  }) => {
    // Keycloak starts VERIFY_EMAIL from a console's kc_action from 26.2 on; the test below covers older servers.
    test.skip(!keycloakAtLeast("26.2.0"), "Keycloak before 26.2 does not start VERIFY_EMAIL from kc_action");
    const { server, mails } = smtpCatcher();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await admin.realms.update(
        { realm: REALM },
        { smtpServer: { host: "127.0.0.1", port: String(port), from: "console-tests@example.org" } },
      );
      await admin.updateUser(REALM, DEMO_USER.username, { emailVerified: false });
      const page = await openConsole(REALM);
      await expect(page.getByTestId("email-not-verified")).toHaveText("Not verified");
      await screenshot(page, "email-not-verified");
      await expectAccessible(page, "personal info with an unverified email");
      await page.getByTestId("verify-email").focus();
      await page.keyboard.press("Enter");
      // Keycloak's required-action page for VERIFY_EMAIL, started by kc_action (an application-initiated action).
      await page.waitForURL(/\/login-actions\/required-action\?.*execution=VERIFY_EMAIL/);
      await expect(page.getByText("alice@example.org")).toBeVisible();
      await screenshot(page, "email-verify-keycloak-page");
      expect(mails).toEqual([]);

      // Keycloak's own button sends the message: read it back from the catcher.
      await page.getByRole("button", { name: "Send verification email" }).click();
      await expect.poll(() => mails.length, { timeout: 30_000 }).toBe(1);
      const [mail] = mails;
      expect(mail!.to).toEqual([expect.stringContaining("alice@example.org")]);
      const body = mail!.data.replace(/=\r\n/g, "");
      expect(body).toContain("action-token");
      expect(body).toContain(`/realms/${REALM}/`);
      // Keycloak's page after sending: drawn in full before the picture is taken.
      await page.waitForLoadState("load");
      await expect(page.getByText("alice@example.org").first()).toBeVisible();
      await screenshot(page, "email-verify-sent");
    } finally {
      await admin.realms.update({ realm: REALM }, { smtpServer: {} }).catch(() => undefined);
      server.close();
    }
  });

  test("an unverified email where the server cannot start VERIFY_EMAIL from the console: the state, and no Verify email @core", async ({
    admin,
    openConsole,
  }) => {
    // Keycloak 26.0 and 26.1 answer kc_action=VERIFY_EMAIL by returning to the console with nothing done; on every
    // version, a realm that disabled the action does the same.
    const disable = keycloakAtLeast("26.2.0");
    if (disable) await admin.setRequiredAction(REALM, "VERIFY_EMAIL", false);
    try {
      await admin.updateUser(REALM, DEMO_USER.username, { emailVerified: false });
      const page = await openConsole(REALM);
      // The first load's probe answered (the sidebar shows what it offers), so the one awaited is the reload's.
      await expect(page.locator("#page-sidebar").getByTestId("account-security/account-activity")).toBeAttached();
      const probe = page.waitForResponse((response) => /\/account-console-extension\/$/.test(response.url()));
      await page.reload();
      const offer = (await (await probe).json()) as { verifyEmailAction: boolean };
      expect(offer.verifyEmailAction).toBe(false);
      await expect(page.getByTestId("email-not-verified")).toHaveText("Not verified");
      // The sidebar's Account activity comes from the same answer: once it is there, the page has decided.
      await expect(page.locator("#page-sidebar").getByTestId("account-security/account-activity")).toBeAttached();
      await expect(page.getByTestId("verify-email")).toHaveCount(0);
    } finally {
      if (disable) await admin.setRequiredAction(REALM, "VERIFY_EMAIL", true);
    }
  });

  test("saving a new address shows it as not verified, as Keycloak then holds it", async ({ admin, openConsole }) => {
    await admin.updateUser(REALM, DEMO_USER.username, { emailVerified: true, email: "alice@example.org" });
    const page = await openConsole(REALM);
    await expect(page.getByTestId("email-verified")).toBeVisible();
    await page.getByTestId("email").fill("alice.new@example.org");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("last-alert")).toContainText("Your account has been updated.");
    await expect(page.getByTestId("email-not-verified")).toBeVisible();
    const stored = await admin.user(REALM, DEMO_USER.username);
    expect(stored).toMatchObject({ email: "alice.new@example.org", emailVerified: false });
  });
});
