// @ts-check
// `npm run bench`: our console and the stock one (keycloak.v3) side by side in ONE Keycloak, in headless
// Chromium, printed as figures (no pass/fail): `bench: <metric> ours/stock = <ratio> (ours <v>, stock <v>)`.
// Then the scale figures of our console (client work per screen at 10 items and at full size).
//
//   BENCH_KEYCLOAK_URL  use a running Keycloak that serves the current jar (else: instance `bench` on
//                       BENCH_KC_PORT, default 8581, management 8582 + 1000)
//   BENCH_RUNS          cold loads per console (default 7, alternating ours / stock)
//   BENCH_SCALE=0       skip the scale part
// Results: bench/results/load-<date>.json.
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { JAR_NAME, THEME_NAME, keycloakOptions } from "./lib/keycloak-config.mjs";
import { startKeycloak } from "./lib/keycloak-server.mjs";
import { AdminClient } from "./lib/admin-client.mjs";

const root = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const USER = { username: "bench", password: "bench-password", firstName: "Bench", lastName: "User" };
const CONSOLES = /** @type {const} */ ({ ours: "bench-ours", stock: "bench-stock" });
/** The phone profile the issue names: CPU x4, 150 ms latency, 1.6 Mbit/s down. */
const PHONE = { cpu: 4, latency: 150, down: (1.6 * 1024 * 1024) / 8, up: (750 * 1024) / 8 };

const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ index) => sorted[index] ?? NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};

async function keycloak() {
  if (process.env.BENCH_KEYCLOAK_URL) return { url: process.env.BENCH_KEYCLOAK_URL.replace(/\/$/, ""), stop() {} };
  const jarPath = path.join(root, "dist_keycloak", JAR_NAME);
  if (!existsSync(jarPath)) throw new Error("No theme jar: run npm run build first.");
  const httpPort = Number(process.env.BENCH_KC_PORT ?? 8581);
  const server = await startKeycloak(keycloakOptions({ jarPath, httpPort, managementPort: httpPort + 1000 }), {
    instance: "bench",
  });
  return { url: server.url, stop: () => server.stop() };
}

/** @param {AdminClient} admin @param {string} realm @param {string} accountTheme */
async function seedRealm(admin, realm, accountTheme) {
  await admin.replaceRealm({ realm, enabled: true, accountTheme });
  await admin.createUser(realm, { ...USER, email: `${USER.username}@example.org` });
}

/**
 * Signs in through the real login page in a fresh context; leaves the page on the console, populated.
 * @param {import("@playwright/test").Browser} browser @param {string} url
 */
async function signedInPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(WATCH_FORM);
  const page = await context.newPage();
  await page.goto(url);
  await page.locator("#username").fill(USER.username);
  await page.locator("#password").fill(USER.password);
  const formShown = populated(page);
  await page.locator("#kc-login").click();
  await formShown;
  // The sign-in load's late work (the session status frame) finishes before any measured load starts.
  await page.waitForTimeout(1500);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Performance.enable");
  return { context, page, cdp };
}

/** Wall-clock time (ms since epoch, same clock as Node's) at which personal info shows the user's e-mail. */
/**
 * Watches every page of the context for the populated personal-info form and logs the moment it shows. It runs
 * from an init script, so waiting for it adds no work to the page: a Playwright `waitForFunction` would first
 * evaluate Playwright's own helper script (about 60 ms of main-thread work, mid-start-up, for both consoles).
 */
const WATCH_FORM = `(${function watchForm(/** @type {string} */ email) {
  /* eslint-disable no-undef -- this function runs in the page */
  if (window.top !== window) return;
  const check = () => {
    const input = /** @type {HTMLInputElement | null} */ (document.querySelector("input#email"));
    if (input && input.value === email) console.debug(`bench:populated ${Date.now()}`);
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  /* eslint-enable no-undef */
}})(${JSON.stringify(`${USER.username}@example.org`)})`;

/** When the form showed (the page's clock), for the load the page is in or about to start. */
async function populated(/** @type {import("@playwright/test").Page} */ page) {
  const message = await page.waitForEvent("console", {
    predicate: (entry) => entry.text().startsWith("bench:populated "),
    timeout: 60_000,
  });
  return Number(message.text().slice("bench:populated ".length));
}

/** Loads Playwright's page helpers outside any measured window (its first `waitForFunction` evaluates them). */
async function loadPlaywrightHelpers(/** @type {import("@playwright/test").Page} */ page) {
  await page.waitForFunction(() => true);
}

/**
 * Records the requests of a page load: count, failures and bytes on the wire by kind.
 * @param {import("@playwright/test").CDPSession} cdp
 */
function recordNetwork(cdp) {
  /** @type {Map<string, { type: string, url: string, bytes: number, sentAt: number, failed?: string, status?: number }>} */
  const requests = new Map();
  /** @param {any} event */
  const sent = (event) => {
    // A redirect reuses the request id: keep the answered hop as a request of its own.
    const previous = requests.get(event.requestId);
    if (previous && event.redirectResponse) {
      requests.set(`${event.requestId}:${requests.size}`, { ...previous, status: event.redirectResponse.status });
    }
    requests.set(event.requestId, {
      type: event.type ?? "Other",
      url: event.request.url,
      bytes: 0,
      sentAt: Date.now(),
    });
  };
  /** @param {any} event */
  const received = (event) => {
    const entry = requests.get(event.requestId);
    if (entry) Object.assign(entry, { type: event.type ?? entry.type, status: event.response.status });
  };
  /** @param {any} event */
  const finished = (event) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.bytes = event.encodedDataLength;
  };
  /** @param {any} event */
  const failed = (event) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.failed = event.errorText;
  };
  cdp.on("Network.requestWillBeSent", sent);
  cdp.on("Network.responseReceived", received);
  cdp.on("Network.loadingFinished", finished);
  cdp.on("Network.loadingFailed", failed);
  return {
    /** @param {number} shownAt when the form showed: what was asked before it is the critical path */
    stop(shownAt) {
      cdp.off("Network.requestWillBeSent", sent);
      cdp.off("Network.responseReceived", received);
      cdp.off("Network.loadingFinished", finished);
      cdp.off("Network.loadingFailed", failed);
      const all = [...requests.values()];
      const bytes = (/** @type {string[]} */ types) =>
        all
          .filter((request) => types.length === 0 || types.includes(request.type))
          .reduce((sum, r) => sum + r.bytes, 0);
      const critical = all.filter((request) => request.sentAt <= shownAt);
      return {
        requests: all.length,
        criticalRequests: critical.length,
        criticalBytes: critical.reduce((sum, request) => sum + request.bytes, 0),
        failed: all.filter((request) => request.failed || (request.status ?? 0) >= 400).map((r) => r.url),
        bytes: bytes([]),
        js: bytes(["Script"]),
        css: bytes(["Stylesheet"]),
        urls: all.map((request) => `${request.type} ${request.status ?? "-"} ${request.url}`),
      };
    },
  };
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

/** @param {import("@playwright/test").CDPSession} cdp */
async function taskDuration(cdp) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return (metrics.find((metric) => metric.name === "TaskDuration")?.value ?? 0) * 1000;
}

/**
 * One cold load, then a switch to device activity and a warm reload.
 * @param {import("@playwright/test").Browser} browser @param {string} url
 */
async function measureConsole(browser, url) {
  const { context, page, cdp } = await signedInPage(browser, url);
  try {
    await cdp.send("Network.clearBrowserCache");
    const network = recordNetwork(cdp);
    const formShown = populated(page);
    const started = Date.now();
    await page.goto(url, { waitUntil: "commit" });
    const shown = await formShown;
    await page.waitForTimeout(1500); // what the page still fetches after the form shows counts too
    const cold = network.stop(shown);

    await loadPlaywrightHelpers(page);
    const switched = await switchToDeviceActivity(page);

    const backOnForm = populated(page);
    await page.goto(url);
    await backOnForm;
    const reloaded = populated(page);
    const reloadStarted = Date.now();
    await page.reload({ waitUntil: "commit" });
    const warm = (await reloaded) - reloadStarted;
    return { load: shown - started, switch: switched, warm, ...cold };
  } finally {
    await context.close();
  }
}

/** A cold load under the phone profile. @param {import("@playwright/test").Browser} browser @param {string} url */
async function measurePhone(browser, url) {
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
    const formShown = populated(page);
    const started = Date.now();
    await page.goto(url, { waitUntil: "commit" });
    return (await formShown) - started;
  } finally {
    await context.close();
  }
}

/** @param {AdminClient} admin @param {string} baseUrl @param {import("@playwright/test").Browser} browser */
async function measureScale(admin, baseUrl, browser) {
  const sizes = [
    { label: "10", sessions: 10, groups: 10, attributes: 10, resources: 10 },
    { label: "full", sessions: 200, groups: 500, attributes: 100, resources: 1000 },
  ];
  /** @type {Record<string, Record<string, number>>} */
  const results = {};
  for (const size of sizes) {
    const realm = `bench-scale-${size.label}`;
    await seedRealm(admin, realm, THEME_NAME);
    await admin.addProfileAttributes(realm, size.attributes);
    await admin.createGroupsAndJoin(realm, USER.username, size.groups);
    await admin.createSessions(realm, USER, size.sessions - 1); // the browser's sign-in is one more
    await admin.createOwnedResources(realm, USER.username, size.resources);
    const url = `${baseUrl}/realms/${realm}/account/`;
    const { context, page, cdp } = await signedInPage(browser, url);
    try {
      await loadPlaywrightHelpers(page);
      /** @type {Record<string, number>} */
      const work = {};
      /** @type {Record<string, number>} */
      const apiRequests = {};
      let calls = 0;
      page.on("request", (request) => {
        if (request.url().includes(`/realms/${realm}/account/`) && request.resourceType() === "fetch") calls++;
      });
      // Each screen is opened by a click dispatched in the page and is ready when its first row is in the DOM and
      // two frames have been drawn: Playwright's own actionability checks (scrolling, hit tests) are not the
      // console's work, so they stay outside the measured window. Every screen is visited twice: the first visit
      // also loads and runs the page's code, the second is its render alone.
      /** @param {import("@playwright/test").Locator} target @param {string} readySelector @param {string} [notText] */
      const openAndWait = async (target, readySelector, notText) => {
        const handle = await target.elementHandle();
        const before = await taskDuration(cdp);
        calls = 0;
        await handle?.evaluate((element) => /** @type {HTMLElement} */ (element).click());
        await page.waitForFunction(
          ([selector, text]) => {
            /* eslint-disable no-undef -- this function runs in the page */
            const row = document.querySelector(selector);
            if (!row || (text !== null && row.textContent === text)) return false;
            return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))));
            /* eslint-enable no-undef */
          },
          /** @type {const} */ ([readySelector, notText ?? null]),
          { polling: "raf", timeout: 30_000 },
        );
        return { work: Math.round((await taskDuration(cdp)) - before), calls };
      };
      const deviceLink = page.getByTestId("account-security/device-activity");
      const screens = [
        {
          name: "device activity",
          open: async () => {
            if (!(await deviceLink.isVisible())) await page.getByTestId("accountSecurity").click();
            return openAndWait(deviceLink, '[data-testid="row-0"]');
          },
        },
        { name: "groups", open: () => openAndWait(page.getByTestId("groups"), '[data-testid="group[0].name"]') },
        {
          name: "resources",
          open: () => openAndWait(page.getByTestId("resources"), '[data-testid="row[0].name"]'),
        },
        {
          name: "resources next page",
          open: async () => {
            const firstRow = await page.getByTestId("row[0].name").first().textContent();
            const next = page.getByRole("button", { name: /next page/i }).first();
            return openAndWait(next, '[data-testid="row[0].name"]', firstRow ?? "");
          },
        },
        {
          // A switch back to the landing page: its render with the profile's attributes, not the app's start-up.
          name: "personal info",
          open: () => openAndWait(page.getByRole("link", { name: "Personal info" }), "input#email"),
        },
      ];
      for (const visit of ["first visit", "render"]) {
        for (const screen of screens) {
          if (visit === "render" && screen.name === "resources next page") continue; // its code is the page's own
          await page.waitForTimeout(500); // the previous screen's late work (prefetches, timers) does not count
          const { work: ms, calls: requests } = await screen.open();
          work[`${screen.name}, ${visit}`] = ms;
          apiRequests[`${screen.name}, ${visit}`] = requests;
        }
      }
      results[size.label] = work;
      results[`${size.label} API requests`] = apiRequests;
    } finally {
      await context.close();
    }
  }
  return results;
}

async function main() {
  const server = await keycloak();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
  });
  try {
    const admin = await AdminClient.signIn(server.url);
    await seedRealm(admin, CONSOLES.ours, THEME_NAME);
    await seedRealm(admin, CONSOLES.stock, "keycloak.v3");
    const url = (/** @type {keyof typeof CONSOLES} */ which) => `${server.url}/realms/${CONSOLES[which]}/account/`;

    /** @type {Record<"ours" | "stock", Awaited<ReturnType<typeof measureConsole>>[]>} */
    const runs = { ours: [], stock: [] };
    /** @type {Record<"ours" | "stock", number[]>} */
    const phone = { ours: [], stock: [] };
    await measureConsole(browser, url("ours")); // warm-up of the server (JIT, theme); not counted
    await measureConsole(browser, url("stock"));
    for (let run = 0; run < RUNS; run++) {
      /** @type {("ours" | "stock")[]} */
      const order = run % 2 ? ["stock", "ours"] : ["ours", "stock"];
      for (const which of order) {
        runs[which].push(await measureConsole(browser, url(which)));
      }
    }
    for (let run = 0; run < Math.max(3, Math.ceil(RUNS / 2)); run++) {
      for (const which of /** @type {const} */ (["ours", "stock"]))
        phone[which].push(await measurePhone(browser, url(which)));
    }

    const kib = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
    const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;
    /** @type {[string, (r: (typeof runs)["ours"][number]) => number, (v: number) => string][]} */
    const metrics = [
      ["time to populated personal info (cold)", (r) => r.load, ms],
      ["bytes total (cold, incl. 1.5 s after)", (r) => r.bytes, kib],
      ["bytes JS (cold)", (r) => r.js, kib],
      ["bytes CSS (cold)", (r) => r.css, kib],
      ["requests (cold, incl. 1.5 s after)", (r) => r.requests, String],
      ["requests before the form shows (cold)", (r) => r.criticalRequests, String],
      ["bytes before the form shows (cold)", (r) => r.criticalBytes, kib],
      ["failed requests (cold)", (r) => r.failed.length, String],
      ["switch to device activity", (r) => r.switch, ms],
      ["warm reload", (r) => r.warm, ms],
    ];
    /** @type {Record<string, { ours: number, stock: number, ratio: number }>} */
    const table = {};
    for (const [name, pick, format] of metrics) {
      const ours = median(runs.ours.map(pick));
      const stock = median(runs.stock.map(pick));
      table[name] = { ours, stock, ratio: stock === 0 ? NaN : ours / stock };
      console.log(
        `bench: ${name} ours/stock = ${(ours / stock).toFixed(2)} (ours ${format(ours)}, stock ${format(stock)})`,
      );
    }
    const phoneOurs = median(phone.ours);
    const phoneStock = median(phone.stock);
    table["phone profile cold load"] = { ours: phoneOurs, stock: phoneStock, ratio: phoneOurs / phoneStock };
    console.log(
      `bench: phone profile cold load ours/stock = ${(phoneOurs / phoneStock).toFixed(2)} (ours ${ms(phoneOurs)}, stock ${ms(phoneStock)})`,
    );
    const failures = runs.ours.flatMap((run) => run.failed);
    if (failures.length) console.log(`bench: our failed requests: ${[...new Set(failures)].join(", ")}`);

    let scale;
    if (process.env.BENCH_SCALE !== "0") {
      scale = await measureScale(admin, server.url, browser);
      const small = scale["10"] ?? {};
      const full = scale.full ?? {};
      for (const screen of Object.keys(full)) {
        const calls = scale["full API requests"]?.[screen];
        console.log(
          `bench: scale ${screen} client work, 10 -> full = ${small[screen]} ms -> ${full[screen]} ms (${calls} API requests at full size)`,
        );
      }
    }

    const results = path.join(root, "bench", "results");
    mkdirSync(results, { recursive: true });
    const file = path.join(results, `load-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          runs: RUNS,
          keycloak: server.url,
          phoneProfile: PHONE,
          table,
          scale,
          requests: { ours: runs.ours[0]?.urls, stock: runs.stock[0]?.urls },
          raw: { runs, phone },
        },
        null,
        2,
      ),
    );
    console.log(`bench: results saved to ${path.relative(root, file)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
