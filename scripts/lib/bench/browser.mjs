// @ts-check
// The headless Chromium every measurement runs in.
import { chromium } from "@playwright/test";

/**
 * Chromium's switches. With `spki` (the bench's certificate's public key hash, certificate.mjs) Chromium accepts that
 * self-signed certificate as valid: its certificate check passes, so the page is a secure one, HTTP/2 is negotiated
 * and the HTTP cache works as with a real certificate. `--ignore-certificate-errors` and Playwright's
 * `ignoreHTTPSErrors` only let a page with a certificate error load; Chromium does not cache what such a page loads.
 * @param {string} [spki]
 */
export function browserArguments(spki) {
  return [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    ...(spki ? [`--ignore-certificate-errors-spki-list=${spki}`] : []),
  ];
}

/** @param {string} [spki] the public key hash of a certificate to accept */
export function launchBrowser(spki) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: browserArguments(spki),
  });
}
