// @ts-check
// `npm run bench`: our console and the stock one (keycloak.v3) side by side in ONE Keycloak, in headless
// Chromium, printed as figures (no pass/fail): `bench: <metric> ours/stock = <ratio> (ours <v>, stock <v>)`.
// Then the scale figures of our console (client work per screen at 10 items and at full size).
//
//   BENCH_MODE          dev (default): start-dev as it is, theme files raw and `no-cache`;
//                       production: start-dev with the theme cache on (spi-theme--cache-themes, --cache-templates)
//                       and production's static max-age (spi-theme--static-max-age=2592000): Keycloak gzips theme
//                       files and the browser keeps them, as with `kc.sh start`
//   BENCH_KEYCLOAK_URL  use a running Keycloak (else: instance `bench` on BENCH_KC_PORT, default 8581, management
//                       port + 1000). It must serve dist_keycloak's jar (every file of our theme the page links is
//                       compared with the jar's) and be in BENCH_MODE's mode (told by its answer), or the bench stops.
//   BENCH_RUNS          cold loads per console (default 7, alternating ours / stock; phone: max(3, RUNS / 2) each)
//   BENCH_SCALE=0       skip the scale part
// Results: bench/results/load-<mode>-<date>.json, with the commit, the jar's sha256, Keycloak's version and mode and
// the machine's load.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { JAR_NAME, THEME_NAME, keycloakOptions } from "./lib/keycloak-config.mjs";
import { startKeycloak } from "./lib/keycloak-server.mjs";
import { AdminClient } from "./lib/admin-client.mjs";
import { median } from "./lib/statistics.mjs";
import {
  BenchRefusal,
  checkServedBuild,
  gitState,
  keycloakVersion,
  machineLoad,
  readJar,
  sourcesNewerThan,
} from "./lib/bench-provenance.mjs";

const root = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const USER = { username: "bench", password: "bench-password", firstName: "Bench", lastName: "User" };
const CONSOLES = /** @type {const} */ ({ ours: "bench-ours", stock: "bench-stock" });
/** The phone profile: CPU x4, 150 ms latency, 1.6 Mbit/s down. */
const PHONE = { cpu: 4, latency: 150, down: (1.6 * 1024 * 1024) / 8, up: (750 * 1024) / 8 };
const MODES = /** @type {const} */ ({ dev: "dev", production: "production-cache" });
const MODE = process.env.BENCH_MODE ?? "dev";
if (!(MODE in MODES)) {
  console.error(`bench: BENCH_MODE=${MODE} is not a mode: use dev or production.`);
  process.exit(2);
}
const EXPECTED_MODE = MODES[/** @type {keyof typeof MODES} */ (MODE)];
/**
 * What `kc.sh start` has and start-dev turns off (Keycloak's dev profile): the theme cache, with which Keycloak gzips
 * theme resources, and the max-age it sends with them (30 days; start-dev sends `no-cache`).
 */
const PRODUCTION_THEME = {
  KC_SPI_THEME__CACHE_THEMES: ["true", "false"],
  KC_SPI_THEME__CACHE_TEMPLATES: ["true", "false"],
  KC_SPI_THEME__STATIC_MAX_AGE: ["2592000", "-1"],
};

/**
 * The jar of the current build, copied aside first: a build that rewrites dist_keycloak during the bench changes
 * neither what the server was started with nor the sha256 recorded for it.
 */
function currentJar() {
  const jarPath = path.join(root, "dist_keycloak", JAR_NAME);
  if (!existsSync(jarPath)) throw new BenchRefusal("No theme jar in dist_keycloak: run npm run build first.");
  const aside = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-jar-")), JAR_NAME);
  copyFileSync(jarPath, aside);
  return {
    path: aside,
    ...readJar(aside),
    remove: () => rmSync(path.dirname(aside), { recursive: true, force: true }),
  };
}

/** @param {ReturnType<typeof currentJar>} jar */
async function keycloak(jar) {
  if (process.env.BENCH_KEYCLOAK_URL) {
    return { url: process.env.BENCH_KEYCLOAK_URL.replace(/\/$/, ""), startedByBench: false, stop() {} };
  }
  const httpPort = Number(process.env.BENCH_KC_PORT ?? 8581);
  for (const [name, [production, dev]] of Object.entries(PRODUCTION_THEME)) {
    process.env[name] = MODE === "production" ? production : dev;
  }
  const server = await startKeycloak(
    keycloakOptions({ jarPath: jar.path, httpPort, managementPort: httpPort + 1000 }),
    { instance: "bench" },
  );
  return { url: server.url, startedByBench: true, stop: () => server.stop() };
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
 * Records the requests of a page load: count, failures, and bytes by kind, both on the wire (what the browser
 * received, headers included, compressed where the server compressed) and raw (the bodies the server sent, after
 * decoding).
 * @param {import("@playwright/test").CDPSession} cdp
 */
function recordNetwork(cdp) {
  /** @typedef {{ type: string, url: string, bytes: number, raw: number, sentAt: number, encoding?: string, failed?: string, status?: number }} Request */
  /** @type {Map<string, Request>} */
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
      raw: 0,
      sentAt: Date.now(),
    });
  };
  /** @param {any} event */
  const received = (event) => {
    const entry = requests.get(event.requestId);
    if (!entry) return;
    const headers = /** @type {Record<string, string>} */ (event.response.headers ?? {});
    const encoding = Object.entries(headers).find(([name]) => name.toLowerCase() === "content-encoding")?.[1];
    Object.assign(entry, { type: event.type ?? entry.type, status: event.response.status, encoding });
  };
  /** @param {any} event */
  const data = (event) => {
    const entry = requests.get(event.requestId);
    // A 304's body comes from the browser's cache, not from the server: it counts neither way.
    if (entry && entry.status !== 304) entry.raw += event.dataLength;
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
  cdp.on("Network.dataReceived", data);
  cdp.on("Network.loadingFinished", finished);
  cdp.on("Network.loadingFailed", failed);
  return {
    /** @param {number} shownAt when the form showed: what was asked before it is the critical path */
    stop(shownAt) {
      cdp.off("Network.requestWillBeSent", sent);
      cdp.off("Network.responseReceived", received);
      cdp.off("Network.dataReceived", data);
      cdp.off("Network.loadingFinished", finished);
      cdp.off("Network.loadingFailed", failed);
      const all = [...requests.values()];
      const sum = (/** @type {Request[]} */ list, /** @type {"bytes" | "raw"} */ field) =>
        list.reduce((total, request) => total + request[field], 0);
      const ofType = (/** @type {string} */ type) => all.filter((request) => request.type === type);
      const critical = all.filter((request) => request.sentAt <= shownAt);
      return {
        requests: all.length,
        criticalRequests: critical.length,
        criticalBytes: sum(critical, "bytes"),
        failed: all.filter((request) => request.failed || (request.status ?? 0) >= 400).map((r) => r.url),
        bytes: sum(all, "bytes"),
        js: sum(ofType("Script"), "bytes"),
        css: sum(ofType("Stylesheet"), "bytes"),
        rawBytes: sum(all, "raw"),
        rawJs: sum(ofType("Script"), "raw"),
        rawCss: sum(ofType("Stylesheet"), "raw"),
        urls: all.map(
          (request) =>
            `${request.type} ${request.status ?? "-"} ${request.encoding ?? "-"} ${request.bytes}/${request.raw} ${request.url}`,
        ),
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

/**
 * A cold load under the phone profile: the time to the form, and the bytes on the wire until it shows.
 * @param {import("@playwright/test").Browser} browser @param {string} url
 */
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
    const network = recordNetwork(cdp);
    const formShown = populated(page);
    const started = Date.now();
    await page.goto(url, { waitUntil: "commit" });
    const shown = await formShown;
    await page.waitForTimeout(1500); // requests sent before the form showed finish, and count
    const { criticalBytes, criticalRequests } = network.stop(shown);
    return { load: shown - started, criticalBytes, criticalRequests };
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
  const jar = currentJar();
  const stale = sourcesNewerThan(root, jar.builtAt);
  if (stale.length) {
    console.log(`bench: note: ${stale.length} source files changed after the jar was built (${stale[0]}, ...)`);
  }
  const server = await keycloak(jar).catch((error) => {
    jar.remove();
    throw error;
  });
  const loads = [machineLoad()];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
  });
  try {
    const admin = await AdminClient.signIn(server.url);
    await seedRealm(admin, CONSOLES.ours, THEME_NAME);
    await seedRealm(admin, CONSOLES.stock, "keycloak.v3");
    const served = await checkServedBuild(server.url, CONSOLES.ours, jar);
    if (served.mode !== EXPECTED_MODE) {
      throw new BenchRefusal(
        `The server at ${server.url} runs in ${served.mode} mode (theme files: ${JSON.stringify(served.resourceHeaders)}), not ${EXPECTED_MODE}: ` +
          (MODE === "production"
            ? "start it with --spi-theme--cache-themes=true --spi-theme--cache-templates=true --spi-theme--static-max-age=2592000 (or kc.sh start), or leave BENCH_KEYCLOAK_URL unset."
            : "use BENCH_MODE=production, or a start-dev server without the theme cache."),
      );
    }
    const version = await keycloakVersion(server.url, admin.token);
    console.log(
      `bench: Keycloak ${version} at ${server.url}, mode ${served.mode}, jar sha256 ${jar.sha256.slice(0, 16)}… (${served.checked.length} served files match it)`,
    );
    const url = (/** @type {keyof typeof CONSOLES} */ which) => `${server.url}/realms/${CONSOLES[which]}/account/`;

    /** @type {Record<"ours" | "stock", Awaited<ReturnType<typeof measureConsole>>[]>} */
    const runs = { ours: [], stock: [] };
    /** @type {Record<"ours" | "stock", Awaited<ReturnType<typeof measurePhone>>[]>} */
    const phone = { ours: [], stock: [] };
    await measureConsole(browser, url("ours")); // warm-up of the server (JIT, theme); not counted
    await measureConsole(browser, url("stock"));
    for (let run = 0; run < RUNS; run++) {
      /** @type {("ours" | "stock")[]} */
      const order = run % 2 ? ["stock", "ours"] : ["ours", "stock"];
      for (const which of order) {
        runs[which].push(await measureConsole(browser, url(which)));
      }
      loads.push(machineLoad());
    }
    for (let run = 0; run < Math.max(3, Math.ceil(RUNS / 2)); run++) {
      /** @type {("ours" | "stock")[]} */
      const order = run % 2 ? ["stock", "ours"] : ["ours", "stock"];
      for (const which of order) phone[which].push(await measurePhone(browser, url(which)));
      loads.push(machineLoad());
    }

    const kib = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
    const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;
    /** @type {[string, (r: (typeof runs)["ours"][number]) => number, (v: number) => string][]} */
    const metrics = [
      ["time to populated personal info (cold)", (r) => r.load, ms],
      ["wire bytes total (cold, incl. 1.5 s after)", (r) => r.bytes, kib],
      ["wire bytes JS (cold)", (r) => r.js, kib],
      ["wire bytes CSS (cold)", (r) => r.css, kib],
      ["raw bytes total (cold, incl. 1.5 s after)", (r) => r.rawBytes, kib],
      ["raw bytes JS (cold)", (r) => r.rawJs, kib],
      ["raw bytes CSS (cold)", (r) => r.rawCss, kib],
      ["requests (cold, incl. 1.5 s after)", (r) => r.requests, String],
      ["requests before the form shows (cold)", (r) => r.criticalRequests, String],
      ["wire bytes before the form shows (cold)", (r) => r.criticalBytes, kib],
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
    /** @type {[string, (r: (typeof phone)["ours"][number]) => number, (v: number) => string][]} */
    const phoneMetrics = [
      ["phone profile cold load", (r) => r.load, ms],
      ["phone profile wire bytes before the form shows", (r) => r.criticalBytes, kib],
    ];
    for (const [name, pick, format] of phoneMetrics) {
      const ours = median(phone.ours.map(pick));
      const stock = median(phone.stock.map(pick));
      table[name] = { ours, stock, ratio: ours / stock };
      console.log(
        `bench: ${name} ours/stock = ${(ours / stock).toFixed(2)} (ours ${format(ours)}, stock ${format(stock)})`,
      );
    }
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

    loads.push(machineLoad());
    const load1 = loads.map((entry) => entry.load1);
    console.log(
      `bench: machine load (1 min) during the runs: ${Math.min(...load1)} to ${Math.max(...load1)} on ${loads[0]?.cpus} cores`,
    );
    const results = path.join(root, "bench", "results");
    mkdirSync(results, { recursive: true });
    const file = path.join(results, `load-${MODE}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          git: gitState(root),
          jar: {
            sha256: jar.sha256,
            builtAt: jar.builtAt,
            sourcesChangedSince: stale,
            servedFilesChecked: served.checked,
          },
          keycloak: {
            url: server.url,
            version,
            mode: served.mode,
            startedByBench: server.startedByBench,
            themeResourceHeaders: served.resourceHeaders,
          },
          machine: {
            cpus: loads[0]?.cpus,
            load1: { min: Math.min(...load1), max: Math.max(...load1), median: median(load1) },
            samples: loads,
          },
          runs: RUNS,
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
    jar.remove();
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof BenchRefusal)) throw error;
  console.error(`bench: refused: ${error.message}`);
  process.exitCode = 1;
}
