// @ts-check
// The side-by-side measurements: a cold load with its requests and protocols, a page switch and a warm reload; a cold
// load on the phone profile.
import { AFTER_FORM_MS, PHONE } from "./config.mjs";
import { recordNetwork } from "./network.mjs";
import { loadPlaywrightHelpers, nextLoad, signedInPage } from "./page.mjs";

/**
 * One cold load (empty HTTP cache, signed-in SSO session), then a switch to device activity and a warm reload.
 * Times are the page's own (see WATCH_FORM).
 * @param {import("@playwright/test").Browser} browser @param {string} url
 */
export async function measureConsole(browser, url) {
  const { context, page, cdp } = await signedInPage(browser, url);
  try {
    await cdp.send("Network.clearBrowserCache");
    const network = recordNetwork(cdp);
    const loaded = nextLoad(page);
    await page.goto(url, { waitUntil: "commit" });
    const shown = await loaded;
    await page.waitForTimeout(AFTER_FORM_MS); // what the page still fetches after the form shows counts too
    const cold = network.stop(shown);
    const protocols = await page.evaluate(RESOURCE_PROTOCOLS);

    await loadPlaywrightHelpers(page);
    const switched = await switchToDeviceActivity(page);

    const backOnForm = nextLoad(page);
    await page.goto(url);
    await backOnForm;
    const reloaded = nextLoad(page);
    await page.reload({ waitUntil: "commit" });
    const warm = (await reloaded).load;
    return { load: shown.load, switch: switched, warm, ...cold, protocols };
  } finally {
    await context.close();
  }
}

/**
 * What the page's document and its resources went over, as Resource Timing saw them: `nextHopProtocol` counted by
 * value (`h2`, `http/1.1`; `none` for what came without a request on the network, such as from the memory cache), and
 * how many connections were opened (entries with a connect time). Runs in the page after a cold load.
 */
const RESOURCE_PROTOCOLS = () => {
  const entries = /** @type {PerformanceResourceTiming[]} */ ([
    ...performance.getEntriesByType("navigation"),
    ...performance.getEntriesByType("resource"),
  ]);
  /** @type {Record<string, number>} */
  const byProtocol = {};
  for (const entry of entries) {
    const protocol = entry.nextHopProtocol || "none";
    byProtocol[protocol] = (byProtocol[protocol] ?? 0) + 1;
  }
  const connections = entries.filter((entry) => entry.connectEnd > entry.connectStart).length;
  return { byProtocol, connections };
};

/**
 * A cold load under the phone profile: the time to the form, the bytes on the wire until it shows, and its waterfall.
 * @param {import("@playwright/test").Browser} browser @param {string} url
 */
export async function measurePhone(browser, url) {
  const { context, page, cdp } = await signedInPage(browser, url);
  try {
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpu });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: PHONE.latency,
      downloadThroughput: PHONE.down,
      uploadThroughput: PHONE.up,
    });
    const network = recordNetwork(cdp);
    const loaded = nextLoad(page);
    await page.goto(url, { waitUntil: "commit" });
    const shown = await loaded;
    await page.waitForTimeout(AFTER_FORM_MS); // requests sent before the form showed finish, and count
    const { criticalBytes, criticalRequests, waterfall } = network.stop(shown);
    return { load: shown.load, criticalBytes, criticalRequests, waterfall };
  } finally {
    await context.close();
  }
}

/**
 * Client-side switch from personal info to device activity: from the click on the sidebar link (the page's own
 * clock, so opening the menu group and Playwright's checks before the click do not count) to the first session row.
 * @param {import("@playwright/test").Page} page
 */
async function switchToDeviceActivity(page) {
  const link = page.getByTestId("account-security/device-activity");
  if (!(await link.isVisible())) await page.getByTestId("accountSecurity").click();
  await link.waitFor({ state: "visible" });
  await page.evaluate(() => {
    /* eslint-disable no-undef -- this function runs in the page */
    const record = () => document.documentElement.setAttribute("data-bench-click", String(Date.now()));
    document.addEventListener("click", record, { capture: true, once: true });
    /* eslint-enable no-undef */
  });
  await link.click();
  const rows = await page.waitForFunction(
    // eslint-disable-next-line no-undef -- this function runs in the page
    () => (document.querySelector('[data-testid="row-0"]') ? Date.now() : false),
    null,
    { polling: "raf", timeout: 30_000 },
  );
  const clicked = Number(await page.locator("html").getAttribute("data-bench-click"));
  return /** @type {number} */ (await rows.jsonValue()) - clicked;
}
