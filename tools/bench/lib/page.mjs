// @ts-check
// A signed-in browser page for each measurement, and the script in the page that sees the populated form.
import { AFTER_FORM_MS, USER, USER_EMAIL } from "./config.mjs";

/**
 * Runs in every document of the context, from an init script, so seeing the form adds no work of the test runner's to
 * the page (a Playwright `waitForFunction` would first evaluate Playwright's own helper script, about 60 ms of
 * main-thread work in the middle of start-up). Each document logs when its navigation started
 * (`performance.timeOrigin`: the stock console loads two documents, the second after its sign-in redirect); the
 * document that shows the user's e-mail in personal info logs that moment, from the animation frame in which it
 * would first be drawn, and marks it for a performance trace. Both are the browser's clock, in epoch milliseconds.
 */
export const WATCH_FORM = `(${function watchForm(/** @type {string} */ email) {
  /* eslint-disable no-undef -- this function runs in the page */
  if (window.top !== window) return;
  console.debug(`bench:document ${performance.timeOrigin}`);
  const check = () => {
    const input = /** @type {HTMLInputElement | null} */ (document.querySelector("input#email"));
    if (input && input.value === email) {
      performance.mark("bench:populated");
      console.debug(`bench:populated ${performance.timeOrigin + performance.now()}`);
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  /* eslint-enable no-undef */
}})(${JSON.stringify(USER_EMAIL)})`;

/**
 * The next load of `page` as the page saw it: when its first document's navigation started and when the form showed
 * (epoch ms, the browser's clock), and the difference. Call it before the navigation starts.
 * @param {import("@playwright/test").Page} page
 * @returns {Promise<{ navigationStart: number, shownAt: number, load: number }>}
 */
export function nextLoad(page) {
  return new Promise((resolve, reject) => {
    /** @type {number | undefined} */
    let navigationStart;
    const timer = setTimeout(() => {
      page.off("console", listen);
      reject(new Error("bench: the personal-info form did not show within 60 s."));
    }, 60_000);
    /** @param {import("@playwright/test").ConsoleMessage} message */
    const listen = (message) => {
      const [tag, value] = message.text().split(" ");
      if (tag === "bench:document") navigationStart ??= Number(value);
      if (tag !== "bench:populated" || navigationStart === undefined) return;
      clearTimeout(timer);
      page.off("console", listen);
      const shownAt = Number(value);
      resolve({ navigationStart, shownAt, load: shownAt - navigationStart });
    };
    page.on("console", listen);
  });
}

/**
 * Signs in through the real login page in a fresh context; leaves the page on the console, populated and settled.
 * @param {import("@playwright/test").Browser} browser @param {string} url
 */
export async function signedInPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(WATCH_FORM);
  const page = await context.newPage();
  await page.goto(url);
  await page.locator("#username").fill(USER.username);
  await page.locator("#password").fill(USER.password);
  const formShown = nextLoad(page);
  await page.locator("#kc-login").click();
  await formShown;
  // The sign-in load's late work (the session status frame) finishes before any measured load starts.
  await page.waitForTimeout(AFTER_FORM_MS);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Performance.enable");
  return { context, page, cdp };
}

/** Loads Playwright's page helpers outside any measured window (its first `waitForFunction` evaluates them). */
export async function loadPlaywrightHelpers(/** @type {import("@playwright/test").Page} */ page) {
  await page.waitForFunction(() => true);
}

/** Main-thread task time so far (CDP `TaskDuration`), in ms. @param {import("@playwright/test").CDPSession} cdp */
export async function taskDuration(cdp) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return (metrics.find((metric) => metric.name === "TaskDuration")?.value ?? 0) * 1000;
}
