// @ts-check
// The production shape's TLS certificate: self-signed for localhost, made by openssl for one run in a temporary
// directory (never in the tree), served by Keycloak's own HTTPS listener. Chromium is told to accept its public key
// (`browserArguments` in browser.mjs), Node's checks trust the certificate itself.
import { execFileSync } from "node:child_process";
import { X509Certificate, createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The names the certificate is valid for: the address the bench's browser and scripts use. */
export const CERTIFICATE_HOSTS = ["localhost", "127.0.0.1"];

/**
 * openssl's arguments for a self-signed certificate (RSA 2048, SHA-256) and its unencrypted private key, valid for
 * `hosts` (the first is the subject's common name; browsers read only the alternative names) for `days` days.
 * @param {{ certificateFile: string, keyFile: string, hosts?: string[], days?: number }} files
 */
export function certificateArguments({ certificateFile, keyFile, hosts = CERTIFICATE_HOSTS, days = 2 }) {
  const names = hosts.map((host) => (/^[\d.]+$|:/.test(host) ? `IP:${host}` : `DNS:${host}`));
  return [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-sha256",
    "-nodes",
    "-days",
    String(days),
    "-subj",
    `/CN=${hosts[0]}`,
    "-addext",
    `subjectAltName=${names.join(",")}`,
    "-keyout",
    keyFile,
    "-out",
    certificateFile,
  ];
}

/**
 * The base64 SHA-256 of a certificate's public key (its DER SubjectPublicKeyInfo): what Chromium's
 * `--ignore-certificate-errors-spki-list` takes.
 * @param {string | Buffer} pem
 */
export function spkiHash(pem) {
  const spki = new X509Certificate(pem).publicKey.export({ type: "spki", format: "der" });
  return createHash("sha256").update(spki).digest("base64");
}

/**
 * Makes a fresh certificate and key in a temporary directory; `remove()` deletes both.
 * @returns {{ certificateFile: string, keyFile: string, pem: Buffer, spki: string, subjectAltName: string,
 *   remove: () => void }}
 */
export function makeCertificate() {
  const directory = mkdtempSync(path.join(os.tmpdir(), "bench-tls-"));
  const certificateFile = path.join(directory, "certificate.pem");
  const keyFile = path.join(directory, "key.pem");
  const remove = () => rmSync(directory, { recursive: true, force: true });
  try {
    execFileSync("openssl", certificateArguments({ certificateFile, keyFile }), {
      stdio: ["ignore", "ignore", "pipe"],
    });
  } catch (error) {
    remove();
    const reason = String(/** @type {{ stderr?: Buffer }} */ (error).stderr ?? error)
      .trim()
      .split("\n")[0];
    throw new Error(`bench: openssl could not make the TLS certificate (${reason}); install openssl.`, {
      cause: error,
    });
  }
  const pem = readFileSync(certificateFile);
  const subjectAltName = new X509Certificate(pem).subjectAltName ?? "";
  return { certificateFile, keyFile, pem, spki: spkiHash(pem), subjectAltName, remove };
}
