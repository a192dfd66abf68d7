// @ts-check
// A mail catcher for the demo (`npm start`) and the browser tests: an SMTP server on localhost that keeps every mail it
// receives in memory, parsed; the demo also shows them on a local page. It accepts any sender and recipient without
// authentication, so it listens on 127.0.0.1 only.
import http from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * @typedef {{ to: string[], from: string, subject: string, text: string, html: string, date: Date }} CaughtMail
 */

/**
 * Starts the catcher on `smtpPort` (and, with `webPort`, a page that lists the mails).
 * @param {{ smtpPort: number, webPort?: number }} options
 */
export async function startMailCatcher({ smtpPort, webPort }) {
  /** @type {CaughtMail[]} */
  const mails = [];
  /** @type {Set<() => void>} */
  const waiting = new Set();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const addresses = (/** @type {any} */ value) =>
            // mailparser gives one AddressObject or a list of them; both have `value: [{ address }]`.
            (Array.isArray(value) ? value : value ? [value] : []).flatMap((/** @type {any} */ group) =>
              group.value.map((/** @type {{ address?: string }} */ entry) => entry.address ?? ""),
            );
          mails.push({
            to: addresses(parsed.to),
            from: addresses(parsed.from)[0] ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            date: parsed.date ?? new Date(),
          });
          waiting.forEach((wake) => wake());
          callback();
        })
        .catch((/** @type {Error} */ error) => callback(error));
    },
  });
  await new Promise((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(smtpPort, "127.0.0.1", () => resolve(undefined));
  });

  /** @type {http.Server | undefined} */
  let web;
  if (webPort !== undefined) {
    web = http.createServer((request, response) => {
      const match = /^\/mail\/(\d+)$/.exec(request.url ?? "");
      const mail = match ? mails[Number(match[1])] : undefined;
      response.setHeader("content-type", "text/html; charset=utf-8");
      // A mail's HTML is shown as it came, in a sandbox: no scripts, no same-origin access.
      response.setHeader("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'");
      if (mail) return response.end(mailPage(mail));
      response.end(listPage(mails));
    });
    await new Promise((resolve) => web?.listen(webPort, "127.0.0.1", () => resolve(undefined)));
  }

  return {
    mails,
    /** Resolves with the first mail that matches, waiting up to `timeout` ms for it to arrive. */
    waitFor(/** @type {(mail: CaughtMail) => boolean} */ matches, timeout = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(matches);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`No matching mail within ${timeout} ms (${mails.length} received)`));
        }, timeout);
        const cleanup = () => {
          clearTimeout(timer);
          waiting.delete(check);
        };
        waiting.add(check);
        check();
      });
    },
    async close() {
      await new Promise((resolve) => smtp.close(() => resolve(undefined)));
      if (web) await new Promise((resolve) => web?.close(() => resolve(undefined)));
    },
  };
}

const escapeHtml = (/** @type {string} */ text) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** @param {CaughtMail[]} mails */
function listPage(mails) {
  const rows = mails
    .map((mail, index) => ({ mail, index }))
    .reverse()
    .map(
      ({ mail, index }) =>
        `<tr><td>${escapeHtml(mail.date.toISOString())}</td><td>${escapeHtml(mail.to.join(", "))}</td>` +
        `<td><a href="/mail/${index}">${escapeHtml(mail.subject || "(no subject)")}</a></td></tr>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail catcher</title>
<meta http-equiv="refresh" content="5"><style>body{font:15px system-ui,sans-serif;margin:24px}td,th{padding:4px 12px;text-align:start}</style></head>
<body><h1>Mails Keycloak sent (${mails.length})</h1><p>Kept in memory until <code>npm start</code> stops; this page reloads every 5 seconds.</p>
<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
}

/** @param {CaughtMail} mail */
function mailPage(mail) {
  const body = mail.html
    ? `<iframe sandbox title="The mail" style="width:100%;height:80vh;border:1px solid #ccc" srcdoc="${escapeHtml(mail.html)}"></iframe>`
    : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title>
<style>body{font:15px system-ui,sans-serif;margin:24px}pre{white-space:pre-wrap}</style></head><body>
<p><a href="/">All mails</a></p><h1>${escapeHtml(mail.subject)}</h1><p>To ${escapeHtml(mail.to.join(", "))}, from ${escapeHtml(mail.from)}</p>
${body}<h2>Text part</h2><pre>${escapeHtml(mail.text)}</pre></body></html>`;
}
