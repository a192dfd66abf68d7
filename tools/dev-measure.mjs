// @ts-check
// Measures `npm run dev`: the time to a ready page, and from saving a file to the change on screen.
//
//   node tools/dev-measure.mjs                        starts `npm run dev` (scripts/dev.mjs) itself, stops it after
//   node tools/dev-measure.mjs --attach <url>         uses a running one, e.g. --attach http://localhost:8080
//
// In headless Chromium it signs in to the demo realm, types into a field, then edits a component (TSX) and a
// stylesheet, each a few times, and times each save until the page shows it. It checks that the page kept its state
// (no full reload: a value set on window and the typed text survive), that a type error reaches the overlay, and that a
// message bundle and content.json show after a reload. Every edit is taken back by removing exactly what was inserted,
// so other edits to the same files survive. Ports as for dev.mjs (KC_PORT, KC_MANAGEMENT_PORT, DEV_PORT). The figures,
// with the time and the machine's load average, go to test-results/dev-measure.json too.
/* global window, document, getComputedStyle -- of the page: the functions that use them run there */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { median } from "./statistics.mjs";

const root = path.resolve(import.meta.dirname, "..");
const ROUNDS = Number(process.env.DEV_MEASURE_ROUNDS ?? 5);
const TSX_FILE = path.join(root, "src", "app", "layout", "Sidebar.tsx");
const TSX_ANCHOR = '<ul className="pf-v6-c-nav__list" role="list">';
const CSS_FILE = path.join(root, "src", "app", "app.css");
const MESSAGES_FILE = path.join(root, "src", "theme", "account", "messages", "messages_en.properties");
const CONTENT_FILE = path.join(root, "public", "content.json");

/** @type {{ file: string, inserted: string }[]} */
const pendingEdits = [];

/**
 * Inserts `text` after the first `anchor` (or at the end) and remembers it.
 * @param {string} file @param {string} text @param {string} [anchor]
 */
function insert(file, text, anchor = "") {
  const source = fs.readFileSync(file, "utf8");
  const at = anchor ? source.indexOf(anchor) + anchor.length : source.length;
  if (anchor && at < anchor.length) throw new Error(`${path.relative(root, file)} no longer holds ${anchor}`);
  fs.writeFileSync(file, source.slice(0, at) + text + source.slice(at));
  pendingEdits.push({ file, inserted: text });
}

/** Takes back an insertion, leaving whatever else changed in the file. */
function undoEdits() {
  for (const { file, inserted } of pendingEdits.splice(0).reverse()) {
    const source = fs.readFileSync(file, "utf8");
    if (source.includes(inserted)) fs.writeFileSync(file, source.replace(inserted, ""));
  }
}

/** Replaces `from` by `to` once; returns how to take it back. @param {string} file @param {string} from @param {string} to */
function replace(file, from, to) {
  const source = fs.readFileSync(file, "utf8");
  if (!source.includes(from)) throw new Error(`${path.relative(root, file)} no longer holds ${from}`);
  fs.writeFileSync(file, source.replace(from, to));
  return () => {
    const now = fs.readFileSync(file, "utf8");
    if (now.includes(to)) fs.writeFileSync(file, now.replace(to, from));
  };
}

/**
 * A pause between saves: the file watcher drops a second change to one file within 50 ms of the first, and a write
 * can report two changes (truncate, then write).
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

/** Starts dev.mjs and resolves with Keycloak's URL once it prints that it is ready. */
function startDev() {
  const child = spawn(process.execPath, [path.join(root, "scripts", "dev.mjs")], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const log = fs.createWriteStream(path.join(root, "test-results", "dev-measure.log"));
  child.stderr.pipe(log);
  const ready = new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk) => {
      log.write(chunk);
      output += String(chunk);
      const match = /Ready in \d+ s: Keycloak at (\S+),/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`dev.mjs exited (${code}); see test-results/dev-measure.log`)));
  });
  return { child, ready: /** @type {Promise<string>} */ (ready) };
}

/**
 * Waits in the page, frame by frame, until `check` holds; returns the page's clock at that frame.
 * @param {import("@playwright/test").Page} page @param {(value: any) => boolean} check @param {unknown} [argument]
 */
async function seenAt(page, check, argument) {
  const handle = await page.waitForFunction(
    ([source, value]) => (new Function("value", `return (${source})(value)`)(value) ? Date.now() : false),
    [check.toString(), argument],
    { polling: "raf", timeout: 30_000 },
  );
  return /** @type {number} */ (await handle.jsonValue());
}

async function main() {
  fs.mkdirSync(path.join(root, "test-results"), { recursive: true });
  const attachAt = process.argv.indexOf("--attach");
  const commandStarted = Date.now();
  const dev = attachAt > 0 ? undefined : startDev();
  const keycloakUrl = attachAt > 0 ? process.argv[attachAt + 1] : await dev?.ready;
  if (!keycloakUrl) throw new Error("--attach needs Keycloak's URL");
  const serversReady = Date.now();

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  /** @type {Record<string, unknown>} */
  const report = {};
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    /** @type {string[]} */
    const reloads = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) reloads.push(frame.url());
    });
    const opened = Date.now();
    await page.goto(`${keycloakUrl}/realms/demo/account/`);
    await page.locator("#username").fill("alice");
    await page.locator("#password").fill("alice");
    await page.locator("#kc-login").click();
    await page.getByTestId("page-heading").waitFor({ timeout: 120_000 });
    const firstName = page.locator("#firstName");
    await firstName.waitFor();
    const pageReady = Date.now();
    report.serversReadySeconds = dev ? (serversReady - commandStarted) / 1000 : undefined;
    report.firstPageAfterSignInSeconds = (pageReady - opened) / 1000;
    report.commandToReadyPageSeconds = dev ? (pageReady - commandStarted) / 1000 : undefined;

    // State that a full reload would lose.
    await page.evaluate(() => Object.assign(window, { devMeasureMarker: "kept" }));
    await firstName.fill("Typed before the edits");
    const navigations = reloads.length;

    /** @type {number[]} */ const tsx = [];
    /** @type {number[]} */ const css = [];
    for (let round = 0; round < ROUNDS; round++) {
      const stamp = `hot-${Date.now()}-${round}`;
      const saved = Date.now();
      insert(TSX_FILE, `\n          <li id="dev-measure-tsx">{"${stamp}"}</li>`, TSX_ANCHOR);
      const shown = await seenAt(
        page,
        (/** @type {string} */ value) => document.getElementById("dev-measure-tsx")?.textContent === value,
        stamp,
      );
      tsx.push(shown - saved);
      await settle();
      undoEdits();
      await seenAt(page, () => document.getElementById("dev-measure-tsx") === null);
      await settle();

      const colour = `rgb(${10 + round}, 20, 30)`;
      const cssSaved = Date.now();
      insert(CSS_FILE, `\n.app-logo { outline: 3px solid ${colour}; }\n`);
      const cssShown = await seenAt(
        page,
        (/** @type {string} */ value) => {
          const logo = document.querySelector(".app-logo");
          return logo !== null && getComputedStyle(logo).outlineColor === value;
        },
        colour,
      );
      css.push(cssShown - cssSaved);
      await settle();
      undoEdits();
      await seenAt(page, () => {
        const logo = document.querySelector(".app-logo");
        return logo !== null && getComputedStyle(logo).outlineStyle === "none";
      });
      await settle();
    }
    report.tsxSaveToScreenMs = { median: median(tsx), all: tsx };
    report.cssSaveToScreenMs = { median: median(css), all: css };
    report.keptState = {
      noReload: reloads.length === navigations,
      windowValue: await page.evaluate(() => /** @type {any} */ (window).devMeasureMarker),
      typedValue: await firstName.inputValue(),
    };

    // A type error: the checker's overlay (a custom element) shows it.
    const typeErrorSaved = Date.now();
    insert(TSX_FILE, `\nconst devMeasureTypeError: number = "not a number";\nvoid devMeasureTypeError;\n`);
    try {
      await seenAt(page, () => {
        const overlay = document.querySelector("vite-plugin-checker-error-overlay");
        return (overlay?.shadowRoot?.textContent ?? "").includes("devMeasureTypeError");
      });
      report.typeErrorInOverlayMs = Date.now() - typeErrorSaved;
    } catch {
      report.typeErrorInOverlayMs = "not shown within 30 s";
    }
    undoEdits();

    // Theme files: a message and a menu label, after one reload.
    const label = `Help ${Date.now()}`;
    const undoMessage = replace(MESSAGES_FILE, "\nhelp=Help\n", `\nhelp=${label}\n`);
    const menuLabel = `Applications ${Date.now()}`;
    const undoContent = replace(CONTENT_FILE, '"label": "applications"', `"label": "${menuLabel}"`);
    try {
      const reloaded = Date.now();
      await page.reload();
      await page.getByTestId("page-heading").waitFor();
      const helpLabel = page.locator("label[for=help-toggle], #help-toggle ~ *").filter({ hasText: label });
      const messageShown = await helpLabel
        .first()
        .waitFor({ timeout: 15_000 })
        .then(() => true)
        .catch(() => false);
      const menuShown = await page
        .locator("#page-sidebar")
        .getByText(menuLabel)
        .waitFor({ timeout: 15_000 })
        .then(() => true)
        .catch(() => false);
      report.afterOneReload = {
        message: messageShown,
        contentJson: menuShown,
        seconds: (Date.now() - reloaded) / 1000,
      };
    } finally {
      undoMessage();
      undoContent();
    }
  } catch (error) {
    const pages = browser.contexts().flatMap((context) => context.pages());
    await pages[0]?.screenshot({ path: path.join(root, "test-results", "dev-measure-failure.png") });
    console.log(JSON.stringify(report, null, 2));
    throw error;
  } finally {
    undoEdits();
    await browser.close();
    if (dev?.child.pid) {
      process.kill(-dev.child.pid, "SIGINT");
      await new Promise((resolve) => dev.child.once("exit", resolve));
    }
  }
  report.measuredAt = new Date().toISOString();
  report.loadAverage = os.loadavg().map((load) => Number(load.toFixed(1)));
  fs.writeFileSync(path.join(root, "test-results", "dev-measure.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
}

process.on("SIGINT", () => {
  undoEdits();
  process.exit(130);
});
main().catch((error) => {
  undoEdits();
  console.error(error);
  process.exit(1);
});
