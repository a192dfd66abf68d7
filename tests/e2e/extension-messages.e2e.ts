import { gunzipSync } from "node:zlib";
import type { APIRequestContext } from "@playwright/test";
import { demoLike } from "./support/admin";
import { expect, keycloakUrl, test } from "./support/test";

// The extension's texts endpoint (GET /realms/{realm}/account-console-extension/messages/{locale}, docs/extension.md):
// the same texts as Keycloak's /resources/{realm}/account/{locale}, gzipped, revalidated by a strong ETag. Like
// Keycloak's list it needs no token (the realm's texts are no user's data); like Keycloak's account pages it answers
// 404 while the realm has account management switched off.
const REALM = "e2e-texts";
const OFF_REALM = "e2e-texts-off";

test.use({ realms: { [REALM]: demoLike(), [OFF_REALM]: demoLike() } });

const textsUrl = (realm: string, locale = "en") =>
  `${keycloakUrl()}/realms/${realm}/account-console-extension/messages/${locale}`;

/** Keycloak's own list for the same realm and language, as a key → value object. */
async function keycloakTexts(request: APIRequestContext, realm: string, locale = "en") {
  const response = await request.get(`${keycloakUrl()}/resources/${realm}/account/${locale}`);
  expect(response.status()).toBe(200);
  const list = (await response.json()) as { key: string; value: string }[];
  return Object.fromEntries(list.map(({ key, value }) => [key, value]));
}

test.describe("the extension's texts", () => {
  test("are Keycloak's texts for the realm without a token, gzipped, revalidated by ETag, and follow an override", async ({
    request,
    admin,
  }) => {
    const gzip = { "accept-encoding": "gzip" };
    const answer = await fetch(textsUrl(REALM), { headers: gzip });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    // Kept by the browser, but asked again on every load (a realm override shows at once); the same for every user.
    expect(answer.headers.get("cache-control")).toBe("no-cache");
    expect(answer.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(answer.headers.get("vary") ?? "").not.toMatch(/authorization/i);
    // A strong tag (no W/), of the gzipped form.
    const etag = answer.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}-gzip"$/);
    // fetch has already inflated it.
    const texts = (await answer.json()) as Record<string, string>;
    expect(texts).toEqual(await keycloakTexts(request, REALM));
    expect(Object.keys(texts).length).toBeGreaterThan(300);

    // Playwright's request inflates too; the gzipped bytes as sent must be far fewer than Keycloak's list.
    const raw = await request.get(textsUrl(REALM), { headers: gzip });
    expect(raw.headers()["content-encoding"]).toBe("gzip");
    expect(JSON.parse(String(gunzipSafe(await raw.body()) ?? (await raw.body())))).toEqual(texts);
    const list = await request.get(`${keycloakUrl()}/resources/${REALM}/account/en`);
    expect((await list.body()).length).toBeGreaterThan(30_000);

    // Without gzip: the same texts under a tag of their own.
    const plain = await fetch(textsUrl(REALM), { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(plain.headers.get("etag")).not.toBe(etag);
    expect(await plain.json()).toEqual(texts);

    // The tag it sent: 304 with no body, the same tag and the same caching rule.
    const again = await fetch(textsUrl(REALM), { headers: { ...gzip, "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe("no-cache");
    expect(await again.text()).toBe("");
    const listed = await fetch(textsUrl(REALM), { headers: { ...gzip, "if-none-match": `"other", ${etag}` } });
    expect(listed.status).toBe(304);
    const stale = await fetch(textsUrl(REALM), { headers: { ...gzip, "if-none-match": '"0123456789abcdef"' } });
    expect(stale.status).toBe(200);

    // An override in the realm is there at once, with a new ETag.
    await admin.realms.addLocalization({ realm: REALM, selectedLocale: "en", key: "signOut" }, "Leave the console");
    try {
      const changed = await fetch(textsUrl(REALM), { headers: { ...gzip, "if-none-match": etag } });
      expect(changed.status).toBe(200);
      expect(((await changed.json()) as Record<string, string>).signOut).toBe("Leave the console");
      expect(changed.headers.get("etag")).not.toBe(etag);
    } finally {
      await admin.realms.deleteRealmLocalizationTexts({ realm: REALM, selectedLocale: "en", key: "signOut" });
    }
  });

  test("look at no token: a forged one gets the same texts, and no answer tells a user apart", async () => {
    const anonymous = await fetch(textsUrl(REALM), { headers: { "accept-encoding": "gzip" } });
    const forged = await fetch(textsUrl(REALM), {
      headers: { "accept-encoding": "gzip", authorization: "Bearer not-a-token" },
    });
    expect(anonymous.status).toBe(200);
    expect(forged.status).toBe(200);
    expect(forged.headers.get("etag")).toBe(anonymous.headers.get("etag"));
    expect(forged.headers.get("www-authenticate")).toBeNull();
  });

  test("refuse a language that is no language tag with 400, and answer 404 while account management is off", async ({
    admin,
  }) => {
    for (const locale of ["x".repeat(36), "a".repeat(5000), "en_US", "en-", "en%2F..%2Fde"]) {
      const refused = await fetch(textsUrl(REALM, locale));
      expect([400, 404], locale.slice(0, 12)).toContain(refused.status);
      expect(await refused.text()).not.toContain("signOut");
    }
    const tooLong = await fetch(textsUrl(REALM, "x".repeat(36)));
    expect(tooLong.status).toBe(400);
    expect(tooLong.headers.get("cache-control")).toBe("no-store");
    expect(((await tooLong.json()) as { error: string }).error).toBe("invalid_parameter");

    expect((await fetch(textsUrl(OFF_REALM))).status).toBe(200);
    await admin.setClientEnabled(OFF_REALM, "account", false);
    try {
      // As Keycloak's own account pages answer then.
      expect((await fetch(`${keycloakUrl()}/realms/${OFF_REALM}/account/`)).status).toBe(404);
      const off = await fetch(textsUrl(OFF_REALM));
      expect(off.status).toBe(404);
      expect(off.headers.get("cache-control")).toBe("no-store");
      expect(await off.text()).not.toContain("signOut");
    } finally {
      await admin.setClientEnabled(OFF_REALM, "account", true);
    }
    expect((await fetch(textsUrl(OFF_REALM))).status).toBe(200);
  });
});

/** The body inflated when it is still gzip (some clients leave it as sent), else undefined. */
function gunzipSafe(body: Buffer): Buffer | undefined {
  return body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : undefined;
}
