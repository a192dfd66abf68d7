import { createHmac } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page, Request } from "@playwright/test";
import { startMailCatcher, type CaughtMail } from "../../scripts/lib/mail-catcher.mjs";
import { demoLike, testUser, pwUsers, type SignInUser } from "./support/admin";
import { consoleToken, passReauthentication, submitLogin } from "./support/browser";
import { expectOnlySignInMethods } from "./support/extension";
import { screenshot, SCREENSHOT_DIR } from "./support/screenshots";
import { otpCredential } from "./support/otp";
import { accountUrl, expect, keycloakUrl, test } from "./support/test";

// Sign-in alerts (docs/extension.md) on the real Keycloak, with a local SMTP catcher: which sign-ins mail whom, the
// user's switch and its endpoint, a mail server that is down; and the names of sign-in methods.
const REALM = "e2e-alerts";
/** Same users, no alerts listener: the switch is not shown. */
const QUIET_REALM = "e2e-alerts-quiet";
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);
/** A mail server that accepts the connection and then never answers. */
const HANGING_SMTP_PORT = SMTP_PORT + 1;
const LISTENERS = ["jboss-logging", "account-console-sign-in-alerts"];

// Mark: signs in from a new device whenever a test needs proof that the mails before it have been sent. Dave: has an
// address he has not verified. Erin: follows the mail's "This wasn't me" link and changes her password. Olga: has an
// authenticator app to rename.
const { ALICE, BOB, MARK, CAROL, DAVE, ERIN, OLGA } = pwUsers("alice", "bob", "mark", "carol", "dave", "erin", "olga");
const OLGA_OTP_SECRET = "olga-phone-secret-0001";

const realm = (changes: Record<string, unknown>) =>
  demoLike({
    eventsEnabled: true,
    users: [
      ...[ALICE, BOB, MARK, CAROL].map((user) => testUser(user)),
      testUser(DAVE, { emailVerified: false }),
      testUser(ERIN),
      testUser(OLGA, { otherCredentials: [otpCredential("Olga's phone", OLGA_OTP_SECRET)] }),
    ],
    ...changes,
  });

const SMTP = { host: "127.0.0.1", port: String(SMTP_PORT), from: "keycloak@example.org" };

test.use({
  realms: {
    [REALM]: realm({ eventsListeners: LISTENERS, smtpServer: SMTP }),
    [QUIET_REALM]: realm({ smtpServer: SMTP }),
  },
});
test.describe.configure({ mode: "serial" });

/** Browsers on other systems: each is another device for the rule (browser family, OS family, network). */
const AGENTS = {
  firefoxWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
  chromeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  firefoxMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0",
  safariMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
  chromeMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  operaWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0",
};
/** Mark's devices, one per proof: each of his sign-ins is new, so each sends a mail. */
const markAgents = [
  AGENTS.firefoxLinux,
  AGENTS.safariMac,
  AGENTS.edgeWindows,
  AGENTS.chromeMac,
  AGENTS.firefoxMac,
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0",
  AGENTS.firefoxWindows,
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
];

let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
let hanging: Server;
const hangingSockets = new Set<Socket>();

test.beforeAll(async ({ browser }) => {
  catcher = await startMailCatcher({ smtpPort: SMTP_PORT });
  hanging = createServer((socket) => hangingSockets.add(socket));
  await new Promise<void>((resolve) => hanging.listen(HANGING_SMTP_PORT, "127.0.0.1", resolve));
  // Mark's first sign-in ever: remembered, no mail.
  await signInWith(browser, MARK, { userAgent: AGENTS.chromeWindows });
});

test.afterAll(async () => {
  await catcher?.close();
  hangingSockets.forEach((socket) => socket.destroy());
  await new Promise<void>((resolve) => (hanging ? hanging.close(() => resolve()) : resolve()));
});

const to = (user: SignInUser) => (mail: CaughtMail) => mail.to.includes(`${user.username}@example.org`);
const mailsTo = (user: SignInUser) => catcher.mails.filter(to(user));

/** Signs `user` in, in a browser context of its own (a new browser profile) with this user agent; returns the page. */
async function signInWith(
  browser: Browser,
  user: SignInUser,
  { userAgent, realm = REALM, route = "" }: { userAgent?: string; realm?: string; route?: string } = {},
): Promise<{ page: Page; close: () => Promise<void>; seconds: number }> {
  const context = await browser.newContext({ locale: "en-US", ...(userAgent ? { userAgent } : {}) });
  const page = await context.newPage();
  await page.goto(accountUrl(realm, route));
  const started = Date.now();
  await submitLogin(page, user.username, user.password);
  const heading = page.getByTestId("page-heading");
  const otpField = page.locator("#otp");
  await expect(heading.or(otpField).first()).toBeVisible({ timeout: 30_000 });
  if (await otpField.isVisible()) {
    await otpField.fill(totp(OLGA_OTP_SECRET));
    await page.locator("#kc-login").click();
  }
  await expect(heading).toBeVisible({ timeout: 30_000 });
  return { page, close: () => context.close(), seconds: (Date.now() - started) / 1000 };
}

/**
 * Proof that every mail of the sign-ins so far has left: Mark signs in from yet another device, and his mail
 * (queued after theirs) arrives. Only then may a test say that a mail did not come.
 */
async function mailsSettled(browser: Browser): Promise<void> {
  const agent = markAgents.shift();
  if (!agent) throw new Error("Mark has no new device left for another proof");
  const before = mailsTo(MARK).length;
  const { close } = await signInWith(browser, MARK, { userAgent: agent });
  await close();
  await catcher.waitFor(() => mailsTo(MARK).length > before);
}

test("a first sign-in sends no mail, a new device one, the same device again none @core", async ({
  browser,
  admin,
}) => {
  const first = await signInWith(browser, ALICE);
  await first.close();
  await mailsSettled(browser);
  expect(mailsTo(ALICE)).toHaveLength(0);
  // What the alerts remember is kept in the extension's own table: the Admin API lists the password alone.
  expect(await expectOnlySignInMethods(admin, REALM, ALICE.username)).toEqual(["password"]);

  const fromWindows = await signInWith(browser, ALICE, { userAgent: AGENTS.firefoxWindows });
  await fromWindows.close();
  const mail = await catcher.waitFor(to(ALICE));
  expect(mail.subject).toBe("New sign-in to your Demo account");
  expect(mail.text).toContain("Hello Alice,");
  expect(mail.text).toContain("Browser: Firefox");
  expect(mail.text).toContain("Operating system: Windows");
  expect(mail.text).toMatch(/IP address: (127\.0\.0\.1|::1|0:0:0:0:0:0:0:1)/);
  const console = `${keycloakUrl()}/realms/${REALM}/account/account-security`;
  const notMe = new RegExp(`^${console}/secure-your-account\\?browser=Firefox&os=Windows&time=\\d+$`);
  for (const body of [mail.text, mail.html]) {
    expect(body).toContain(`${console}/device-activity`);
    expect(body).toContain(`${console}/signing-in`);
    // Nothing in it signs anyone in: no action token, no code, no key in a link.
    expect(body).not.toMatch(/action-token|[?&](key|code|token|session_state)=/i);
  }
  expect(mail.text).toContain("This wasn't me: secure my account: ");
  const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
  expect(links).toHaveLength(3);
  // "This wasn't me" first, with the mail's facts but not its address; then the two pages.
  expect(links[0]).toMatch(notMe);
  expect(links.slice(1)).toEqual([`${console}/device-activity`, `${console}/signing-in`]);
  await saveMailScreenshots(browser, mail.html);

  const again = await signInWith(browser, ALICE, { userAgent: AGENTS.firefoxWindows });
  await again.close();
  await mailsSettled(browser);
  expect(mailsTo(ALICE)).toHaveLength(1);
});

test("an address the user has not verified gets no mail", async ({ browser }) => {
  await (await signInWith(browser, DAVE)).close();
  await mailsSettled(browser);
  await (await signInWith(browser, DAVE, { userAgent: AGENTS.firefoxMac })).close();
  await mailsSettled(browser);
  expect(mailsTo(DAVE)).toHaveLength(0);
});

test("\"This wasn't me\": the mail's link leads, through the normal sign-in, to Secure your account", async ({
  browser,
}) => {
  // Erin's usual device stays signed in: changing the password there signs it out.
  const usual = await signInWith(browser, ERIN, { userAgent: AGENTS.chromeWindows });
  await mailsSettled(browser);
  await (await signInWith(browser, ERIN, { userAgent: AGENTS.firefoxMac })).close();
  const mail = await catcher.waitFor(to(ERIN));
  const link = /^This wasn't me: secure my account: (\S+)$/m.exec(mail.text)?.[1];
  expect(link).toBeDefined();
  const os = /^Operating system: (.+)$/m.exec(mail.text)?.[1];
  expect(os).toBeDefined();

  // The link signs no one in: a new browser gets Keycloak's login page first.
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto(link!);
  await expect(page.locator("#username")).toBeVisible({ timeout: 30_000 });
  await submitLogin(page, ERIN.username, ERIN.password);
  await expect(page.getByTestId("page-heading")).toHaveText("Secure your account", { timeout: 30_000 });
  const facts = page.getByTestId("secure-account-facts");
  await expect(facts).toContainText(`Firefox on ${os}`);
  await expect(facts.getByText("When")).toBeVisible();
  // If it was not you: Lock it down first, then the three steps by hand, in order: the password, the devices, the
  // sign-in methods.
  await expect(page.getByRole("heading", { level: 3 })).toHaveText([
    "Lock it down",
    "Or one step at a time",
    "Change your password",
    "Review your devices",
    "Review your sign-in methods",
  ]);
  await expect(page.getByRole("link", { name: "Device activity" })).toHaveAttribute(
    "href",
    /\/account\/account-security\/device-activity$/,
  );
  await expect(page.getByRole("link", { name: "Signing in" })).toHaveAttribute(
    "href",
    /\/account\/account-security\/signing-in$/,
  );
  // The tab is named after the page, though no menu item names it.
  await expect(page).toHaveTitle("Secure your account - Account Management");
  await screenshot(page, "secure-your-account");

  // An altered link: the same page, and none of its made-up facts.
  const altered = new URL(link!);
  altered.searchParams.set("browser", "<b>Evil</b>");
  altered.searchParams.set("time", "soon");
  await page.goto(altered.href);
  await expect(page.getByTestId("page-heading")).toHaveText("Secure your account", { timeout: 30_000 });
  await expect(page.getByTestId("secure-account-no-facts")).toBeVisible();
  await expect(page.getByTestId("secure-account-facts")).toHaveCount(0);
  await expect(page.getByText("Evil")).toHaveCount(0);

  // Keycloak's own password form, and its "Sign out from other devices" (ticked as it comes on 26.0, not on 26.7),
  // which the page asks the user to make sure of.
  await expect(page.getByText("make sure the option to sign out from other devices is on")).toBeVisible();
  await page.getByRole("button", { name: "Change password" }).click();
  await passReauthentication(page, "#password-new", ERIN.password);
  await page.getByRole("checkbox", { name: "Sign out from other devices" }).check();
  await page.locator("#password-new").fill("erin-new-pw");
  await page.locator("#password-confirm").fill("erin-new-pw");
  await page.locator("#password-new").press("Enter");
  await expect(page.getByTestId("page-heading")).toHaveText("Secure your account", { timeout: 30_000 });
  await context.close();

  // The usual device's session is gone: it must sign in again.
  await usual.page.goto(accountUrl(REALM));
  await expect(usual.page.locator("#username")).toBeVisible({ timeout: 30_000 });
  await usual.close();
});

test("another user's sign-in never mails this user", async ({ browser }) => {
  const aliceBefore = mailsTo(ALICE).length;
  await (await signInWith(browser, BOB)).close();
  await (await signInWith(browser, BOB, { userAgent: AGENTS.firefoxMac })).close();
  const mail = await catcher.waitFor(to(BOB));
  expect(mail.to).toEqual(["bob@example.org"]);
  expect(mail.text).toContain("Hello Bob,");
  await mailsSettled(browser);
  expect(mailsTo(ALICE)).toHaveLength(aliceBefore);
});

test("a token refresh is not a sign-in, even from another browser", async ({ browser }) => {
  // Both requests go through the browser, as the sign-ins before: from the same loopback address (127.0.0.1 or ::1,
  // whichever the browser uses), so the network part of the device is the same.
  const tokenRequest = async (userAgent: string, form: Record<string, string>) => {
    const context = await browser.newContext({ userAgent });
    const page = await context.newPage();
    await page.goto(`${keycloakUrl()}/realms/${REALM}/`);
    const answer = await page.evaluate(
      async ({ url, body }) => {
        const response = await fetch(url, { method: "POST", body: new URLSearchParams(body) });
        return { status: response.status, json: (await response.json()) as Record<string, unknown> };
      },
      { url: `${keycloakUrl()}/realms/${REALM}/protocol/openid-connect/token`, body: form },
    );
    await context.close();
    return answer;
  };
  // A sign-in from a device Bob has used (no mail), then the refresh from a browser he never used.
  const grant = await tokenRequest(AGENTS.firefoxMac, {
    grant_type: "password",
    client_id: "admin-cli",
    username: BOB.username,
    password: BOB.password,
  });
  expect(grant.status).toBe(200);
  const before = mailsTo(BOB).length;
  const refreshed = await tokenRequest(AGENTS.operaWindows, {
    grant_type: "refresh_token",
    client_id: "admin-cli",
    refresh_token: String(grant.json.refresh_token),
  });
  expect(refreshed.status).toBe(200);
  await mailsSettled(browser);
  expect(mailsTo(BOB)).toHaveLength(before);
});

test("the switch on Device activity turns the mails off", async ({ browser }) => {
  const { page, close } = await signInWith(browser, ALICE, {
    userAgent: AGENTS.firefoxWindows,
    route: "account-security/device-activity",
  });
  const toggle = page.getByRole("switch", { name: "Email me when my account is used on a new device" });
  await expect(toggle).toBeChecked();
  // By keyboard: the switch is a checkbox that Space toggles.
  await toggle.focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("You will no longer get emails about new devices.")).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(
    page.getByRole("switch", { name: "Email me when my account is used on a new device" }),
  ).not.toBeChecked();
  await close();

  const before = mailsTo(ALICE).length;
  await (await signInWith(browser, ALICE, { userAgent: AGENTS.chromeWindows })).close();
  await mailsSettled(browser);
  expect(mailsTo(ALICE)).toHaveLength(before);
});

test("a mail server that never answers neither fails nor slows the sign-in", async ({ browser, admin }) => {
  await admin.realms.update({ realm: REALM }, { smtpServer: { ...SMTP, port: String(HANGING_SMTP_PORT) } });
  try {
    const baseline = await signInWith(browser, BOB, { userAgent: AGENTS.firefoxMac });
    await baseline.close();
    const connections = hangingSockets.size;
    const fromNewDevice = await signInWith(browser, BOB, { userAgent: AGENTS.chromeWindows });
    // The sign-in is done while Keycloak is still waiting for the mail server's greeting.
    await expect.poll(() => hangingSockets.size).toBeGreaterThan(connections);
    await expect(fromNewDevice.page.getByTestId("page-heading")).toBeVisible();
    expect(fromNewDevice.seconds).toBeLessThan(baseline.seconds + 5);
    await fromNewDevice.close();
  } finally {
    await admin.realms.update({ realm: REALM }, { smtpServer: SMTP });
  }
});

test("no switch, and not a word about alerts, where the realm has no alerts listener", async ({ browser }) => {
  const { page, close } = await signInWith(browser, ALICE, {
    realm: QUIET_REALM,
    route: "account-security/device-activity",
  });
  // The reloaded page's probe, not the first load's: that one may still be on its way when the reload starts, and its
  // body is gone once the page navigates away.
  let reloaded = false;
  const asked = new Set<Request>();
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });
  page.on("request", (request) => {
    if (reloaded) asked.add(request);
  });
  const probe = page.waitForResponse(
    (response) => asked.has(response.request()) && /account-console-extension\/$/.test(response.url()),
  );
  await page.reload();
  expect(await (await probe).json()).toMatchObject({ signInAlerts: false });
  await expect(page.getByText("Signed in devices", { exact: true }).first()).toBeVisible();
  // The header's help switch stays; no switch about mails.
  await expect(page.locator("#sign-in-alerts")).toHaveCount(0);
  await expect(page.getByRole("switch", { name: /email/i })).toHaveCount(0);
  await expect(page.getByText(/new device/i)).toHaveCount(0);
  await close();
});

test.describe("the sign-in-alerts endpoint", () => {
  const endpoint = (realmName = REALM) =>
    `${keycloakUrl()}/realms/${realmName}/account-console-extension/sign-in-alerts`;

  async function tokenOf(browser: Browser, user: SignInUser, realmName = REALM): Promise<string> {
    const { page, close } = await signInWith(browser, user, { realm: realmName });
    const token = await consoleToken(page, realmName);
    await close();
    return token;
  }

  test("answers only the token's own user, in the token's realm, and refuses what is not its body", async ({
    browser,
    request,
  }) => {
    const bob = await tokenOf(browser, BOB);
    const carol = await tokenOf(browser, CAROL);
    const quietCarol = await tokenOf(browser, CAROL, QUIET_REALM);
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });

    expect((await request.get(endpoint())).status()).toBe(401);
    expect((await request.put(endpoint(), { data: { enabled: false } })).status()).toBe(401);
    // Another realm's token (same user name and password) is refused.
    expect((await request.get(endpoint(), { headers: auth(quietCarol) })).status()).toBe(401);
    expect((await request.put(endpoint(), { headers: auth(quietCarol), data: { enabled: false } })).status()).toBe(401);

    // Bob turns his alerts off: Carol's stay on. There is no way to name another user.
    expect(await (await request.get(endpoint(), { headers: auth(carol) })).json()).toEqual({
      offered: true,
      enabled: true,
    });
    const off = await request.put(`${endpoint()}?user=carol`, { headers: auth(bob), data: { enabled: false } });
    expect(off.status()).toBe(200);
    expect(await off.json()).toEqual({ offered: true, enabled: false });
    expect(await (await request.get(endpoint(), { headers: auth(bob) })).json()).toEqual({
      offered: true,
      enabled: false,
    });
    expect(await (await request.get(endpoint(), { headers: auth(carol) })).json()).toEqual({
      offered: true,
      enabled: true,
    });

    const tooLarge = await request.put(endpoint(), {
      headers: { ...auth(carol), "content-type": "application/json" },
      data: JSON.stringify({ enabled: false, padding: "x".repeat(4096) }),
    });
    expect(tooLarge.status()).toBe(413);
    expect((await tooLarge.json()).error).toBe("too_large");
    for (const body of ['{"enabled":"no"}', "[]", "not json", '{"enabled":false,"user":"bob"}']) {
      const refused = await request.put(endpoint(), {
        headers: { ...auth(carol), "content-type": "application/json" },
        data: body,
      });
      expect(refused.status(), body).toBe(400);
      expect((await refused.json()).error).toBe("invalid_body");
    }
    expect(await (await request.get(endpoint(), { headers: auth(carol) })).json()).toEqual({
      offered: true,
      enabled: true,
    });

    // A realm without the listener offers nothing, and a change is refused.
    expect(await (await request.get(endpoint(QUIET_REALM), { headers: auth(quietCarol) })).json()).toEqual({
      offered: false,
      enabled: false,
    });
    const quietPut = await request.put(endpoint(QUIET_REALM), { headers: auth(quietCarol), data: { enabled: false } });
    expect(quietPut.status()).toBe(404);

    // The remembered devices are not one of the user's sign-in methods in the Account API.
    const methods = await request.get(`${keycloakUrl()}/realms/${REALM}/account/credentials`, {
      headers: { ...auth(carol), accept: "application/json" },
    });
    expect(methods.status()).toBe(200);
    expect(JSON.stringify(await methods.json())).not.toContain("account-console-sign-in-alerts");
  });
});

test("renaming an authenticator app, by keyboard; the Admin API reads the new name @core", async ({
  browser,
  admin,
}) => {
  const { page, close } = await signInWith(browser, OLGA, { route: "account-security/signing-in" });
  const row = page.getByTestId("otp/credential-list").getByRole("listitem").filter({ hasText: "Olga's phone" });
  const rename = row.getByRole("button", { name: "Rename" });
  await expect(rename).toHaveAccessibleDescription("Olga's phone");
  await rename.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Rename “Olga's phone”" });
  const field = dialog.getByRole("textbox", { name: "Name" });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("Olga's phone");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Please specify 'Name'.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill("x".repeat(256));
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("'Name' must have maximal length of 255.")).toBeVisible();
  await field.fill("Work phone");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("The sign-in method is now called “Work phone”.")).toBeVisible();
  await expect(page.getByTestId("otp/credential-list")).toContainText("Work phone");
  const olga = await admin.userId(REALM, OLGA.username);
  const stored = await admin.users.getCredentials({ realm: REALM, id: olga });
  const labels = stored.filter((c) => c.type === "otp").map((c) => c.userLabel);
  expect(labels).toEqual(["Work phone"]);
  await close();
});

/** RFC 6238 code (HMAC-SHA1, 6 digits, 30 s), as Keycloak's default OTP policy computes it. */
function totp(secret: string, time = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 30_000)));
  const mac = createHmac("sha1", Buffer.from(secret, "utf8")).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** The mail as Chromium draws it: light and dark, desktop and phone (test-results/screenshots). */
async function saveMailScreenshots(browser: Browser, html: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(path.join(SCREENSHOT_DIR, "sign-in-alert.html"), html);
  for (const [name, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport, colorScheme });
      const page = await context.newPage();
      await page.setContent(html);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `sign-in-alert-${name}-${colorScheme}.png`),
        fullPage: true,
      });
      await context.close();
    }
  }
}
