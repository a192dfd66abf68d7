// @ts-check
// The scale part: our console in realms with 10 items and with the full size (200 sessions, 500 groups, 100 profile
// attributes, 1,000 resources), main-thread work per screen from opening it to its first row.
import { THEME_NAME } from "../../../scripts/lib/keycloak-config.mjs";
import { USER } from "./config.mjs";
import { loadPlaywrightHelpers, signedInPage, taskDuration } from "./page.mjs";
import {
  addProfileAttributes,
  createGroupsAndJoin,
  createOwnedResources,
  createSessions,
} from "../../../scripts/lib/keycloak-admin.mjs";
import { seedRealm } from "./server.mjs";

/** The most client work a screen may take at full size (the target), in ms. */
export const SCALE_LIMIT_MS = 200;

/** @param {import("../../../scripts/lib/keycloak-admin.mjs").SignedInAdmin} admin @param {string} baseUrl @param {import("@playwright/test").Browser} browser */
export async function measureScale(admin, baseUrl, browser) {
  const sizes = [
    { label: "10", sessions: 10, groups: 10, attributes: 10, resources: 10 },
    { label: "full", sessions: 200, groups: 500, attributes: 100, resources: 1000 },
  ];
  /** @type {Record<string, Record<string, number>>} */
  const results = {};
  for (const size of sizes) {
    const realm = `bench-scale-${size.label}`;
    await seedRealm(admin, realm, THEME_NAME);
    await addProfileAttributes(admin, realm, size.attributes);
    await createGroupsAndJoin(admin, realm, USER.username, size.groups);
    await createSessions(admin, realm, USER, size.sessions - 1); // the browser's sign-in is one more
    await createOwnedResources(admin, realm, USER.username, size.resources);
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
