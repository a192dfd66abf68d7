import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";

/**
 * An OTP credential for a realm's JSON, under Keycloak's default policy (TOTP, HMAC-SHA1, 6 digits, 30 s). Keycloak
 * keys the HMAC with the stored secret's bytes as they are, so `totp(secret)` gives its codes.
 */
export function otpCredential(userLabel: string, secret: string) {
  return {
    type: "otp",
    userLabel,
    secretData: JSON.stringify({ value: secret }),
    credentialData: JSON.stringify({ subType: "totp", digits: 6, counter: 0, period: 30, algorithm: "HmacSHA1" }),
  };
}

/** The one-time code of `secret` at `time` (RFC 6238: HMAC-SHA1, 30 s, 6 digits), Keycloak's default OTP policy. */
export function totp(secret: string, time = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 30_000)));
  const digest = createHmac("sha1", Buffer.from(secret, "utf8")).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * On Keycloak's one-time-code page, the credential id of the device it submits unless the user picks another: a
 * hidden field (login theme keycloak.v2) or the checked radio button (v1).
 */
export function selectedOtpCredential(page: Page): Promise<string> {
  return page
    .locator('input[name="selectedCredentialId"][type="hidden"], input[name="selectedCredentialId"]:checked')
    .first()
    .inputValue();
}
