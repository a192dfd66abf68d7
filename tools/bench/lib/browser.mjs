// @ts-check
// The headless Chromium every measurement runs in.
import { chromium } from "@playwright/test";

/**
 * Chromium's switches. With `spki` (the bench's certificate's public key hash, certificate.mjs) Chromium accepts that
 * one self-signed certificate as valid, and still checks every other one; `--ignore-certificate-errors` (or
 * Playwright's `ignoreHTTPSErrors`) would accept any certificate at all.
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
