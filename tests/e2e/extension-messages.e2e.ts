import { gunzipSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { demoLike } from "./support/admin";
import { accountUrl, expect, keycloakUrl, test } from "./support/test";

// The extension's texts endpoint (GET /realms/{realm}/account-console-extension/messages/{locale}, docs/extension.md):
// the same texts as Keycloak's /resources/{realm}/account/{locale}, gzipped, for a signed-in user of that realm only.
const REALM = "e2e-texts";
const OTHER_REALM = "e2e-texts-other";

test.use({ realms: { [REALM]: demoLike(), [OTHER_REALM]: demoLike() } });

const textsUrl = (realm: string, locale = "en") =>
  `${keycloakUrl()}/realms/${realm}/account-console-extension/messages/${locale}`;

/** The bearer token the console itself sent for its texts: a real token of the account console client. */
async function consoleToken(page: Page, realm: string): Promise<string> {
  const sent = page.waitForRequest((request) => request.url() === textsUrl(realm));
  await page.goto(accountUrl(realm));
  const authorization = (await sent).headers()["authorization"] ?? "";
  expect(authorization).toMatch(/^Bearer /);
  await expect(page.getByTestId("page-heading")).toBeVisible();
  return authorization.slice("Bearer ".length);
}

/** Keycloak's own list for the same realm and language, as a key → value object. */
async function keycloakTexts(request: APIRequestContext, realm: string, locale = "en") {
  const response = await request.get(`${keycloakUrl()}/resources/${realm}/account/${locale}`);
  expect(response.status()).toBe(200);
  const list = (await response.json()) as { key: string; value: string }[];
  return Object.fromEntries(list.map(({ key, value }) => [key, value]));
}

test.describe("the extension's texts", () => {
  test("are Keycloak's texts for the realm, gzipped, revalidated by ETag, and follow a realm override", async ({
    openConsole,
    request,
    admin,
  }) => {
    const page = await openConsole(REALM);
    const token = await consoleToken(page, REALM);
    const headers = { authorization: `Bearer ${token}`, "accept-encoding": "gzip" };

    const answer = await fetch(textsUrl(REALM), { headers });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    const etag = answer.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    // fetch has already inflated it; the raw bytes must be smaller than the list Keycloak sends.
    const texts = (await answer.json()) as Record<string, string>;
    expect(texts).toEqual(await keycloakTexts(request, REALM));
    expect(Object.keys(texts).length).toBeGreaterThan(300);

    const raw = await request.get(textsUrl(REALM), { headers });
    const zipped = await raw.body();
    const list = await request.get(`${keycloakUrl()}/resources/${REALM}/account/en`);
    // Playwright's request inflates too; count the gzipped form from the bytes as sent.
    expect(raw.headers()["content-encoding"]).toBe("gzip");
    expect(JSON.parse(String(gunzipSafe(zipped) ?? zipped))).toEqual(texts);
    expect((await list.body()).length).toBeGreaterThan(30_000);

    const again = await fetch(textsUrl(REALM), { headers: { ...headers, "if-none-match": etag! } });
    expect(again.status).toBe(304);

    // An override in the realm is there at once, with a new ETag.
    await admin.request("POST", `/${REALM}/localization/en`, { signOut: "Leave the console" });
    try {
      const changed = await fetch(textsUrl(REALM), { headers: { ...headers, "if-none-match": etag! } });
      expect(changed.status).toBe(200);
      expect(((await changed.json()) as Record<string, string>).signOut).toBe("Leave the console");
      expect(changed.headers.get("etag")).not.toBe(etag);
    } finally {
      await admin.request("DELETE", `/${REALM}/localization/en/signOut`);
    }
  });

  test("answer no one without a token of the realm, and refuse a language that is no language tag", async ({
    openConsole,
  }) => {
    const noToken = await fetch(textsUrl(REALM));
    expect(noToken.status).toBe(401);
    expect(await noToken.text()).not.toContain("signOut");

    const forged = await fetch(textsUrl(REALM), { headers: { authorization: "Bearer not-a-token" } });
    expect(forged.status).toBe(401);

    // A valid token of another realm (same user name and password) opens nothing here.
    const other = await openConsole(OTHER_REALM);
    const otherToken = await consoleToken(other, OTHER_REALM);
    const crossRealm = await fetch(textsUrl(REALM), { headers: { authorization: `Bearer ${otherToken}` } });
    expect(crossRealm.status).toBe(401);
    expect((await fetch(textsUrl(OTHER_REALM), { headers: { authorization: `Bearer ${otherToken}` } })).status).toBe(
      200,
    );

    const bearer = { authorization: `Bearer ${otherToken}` };
    for (const locale of ["x".repeat(36), "a".repeat(5000), "en_US", "en-", "en%2F..%2Fde"]) {
      const refused = await fetch(textsUrl(OTHER_REALM, locale), { headers: bearer });
      expect([400, 404], locale.slice(0, 12)).toContain(refused.status);
      expect(await refused.text()).not.toContain("signOut");
    }
    const tooLong = await fetch(textsUrl(OTHER_REALM, "x".repeat(36)), { headers: bearer });
    expect(tooLong.status).toBe(400);
  });
});

/** The body inflated when it is still gzip (some clients leave it as sent), else undefined. */
function gunzipSafe(body: Buffer): Buffer | undefined {
  return body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : undefined;
}
