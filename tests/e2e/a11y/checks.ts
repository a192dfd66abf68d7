import { expect, type Locator, type Page } from "@playwright/test";
import { runAxe, violationTargets } from "../support/axe";
import { accountUrl } from "../support/test";

/** axe's rules for WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Every axe violation of WCAG 2.2 A/AA on the page as it is now (all impacts, not only serious and critical),
 * or only the colour-contrast rules with `contrastOnly`. `include` narrows the run to one part (an open dialog).
 */
export async function axeViolations(
  page: Page,
  { contrastOnly = false, include }: { contrastOnly?: boolean; include?: string } = {},
): Promise<string[]> {
  const violations = await runAxe(
    page,
    contrastOnly ? { rules: ["color-contrast"], include } : { tags: WCAG_TAGS, include },
  );
  return violations.map((violation) => `${violation.id} (${violation.impact}): ${violationTargets(violation)}`);
}

export async function expectNoAxeViolations(page: Page, what: string, options?: { contrastOnly?: boolean }) {
  expect(await axeViolations(page, options), `axe on ${what}`).toEqual([]);
}

/** How far the document scrolls sideways (0 or less: it fits the viewport). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The focused element's description for messages: tag, id or test id, and text. Runs in the page. */
function describeFocused() {
  const element = document.activeElement;
  if (!element || element === document.body) return "body";
  const id = element.id ? `#${element.id}` : "";
  const testId = element.getAttribute("data-testid");
  const label = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
  return `${element.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ""} "${label}"`;
}

export const focusedDescription = (page: Page) => page.evaluate(describeFocused);

/**
 * Whether the focused element shows a focus indicator the eye can see: an outline or a box shadow on the element,
 * or, for a control whose native input is visually hidden (switch, checkbox, radio), on the element drawn for it.
 * Returns a description of what is missing, or "" when the focus is visible.
 */
function indicatorProblem() {
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body) return "nothing has the focus";
  // A ring at least 2 px wide (Chromium's own is `auto 1px`), or a box shadow that is not transparent.
  const shows = (candidate: Element | null | undefined) => {
    if (!candidate) return false;
    const style = getComputedStyle(candidate);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
    const shadow = style.boxShadow !== "none" && !/^rgba\(0, 0, 0, 0\)/.test(style.boxShadow);
    return outline || shadow;
  };
  // A native input drawn invisibly under a styled one (switch, some checkboxes): its ring is on what is drawn.
  const invisible = getComputedStyle(element).opacity === "0";
  const candidates = invisible ? [element.nextElementSibling, element.parentElement] : [element];
  if (candidates.some(shows)) return "";
  const id = element.id ? `#${element.id}` : "";
  return `no visible focus indicator on ${element.tagName.toLowerCase()}${id} "${
    element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? ""
  }"`;
}

export const focusIndicatorProblem = (page: Page) => page.evaluate(indicatorProblem);

/**
 * The focused element's indicator problem ("" when the focus is visible) and description, and `where(element)` of
 * it, in one trip to the page (a keyboard sweep asks at every Tab stop). `where` runs in the page: it may use only
 * what it is given.
 */
export async function focusStop<T>(page: Page, where: (element: Element) => T) {
  const expression = `(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return undefined;
    return { problem: (${indicatorProblem})(), what: (${describeFocused})(), where: (${where})(element) };
  })()`;
  return (await page.evaluate(expression)) as { problem: string; what: string; where: T } | undefined;
}

export async function expectFocusVisible(page: Page) {
  expect(await focusIndicatorProblem(page)).toBe("");
}

/**
 * Presses `key` (Tab by default; "Shift+Tab" goes backwards) until `target` has the focus, checking at every stop that
 * the focus is visible. Presses nothing when it has the focus already; fails when `limit` presses do not reach it.
 */
export async function tabTo(page: Page, target: Locator, { key = "Tab", limit = 60 } = {}) {
  if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const stop = await focusStop(page, () => null);
    // Past the last control the focus leaves the page for the browser's own UI, and comes back at the top.
    if (!stop) continue;
    expect(stop.problem).toBe("");
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(
    `${limit} presses of ${key} did not reach ${target}; the focus is on ${await focusedDescription(page)}`,
  );
}

/** WCAG 1.4.12's text spacing, as a user's stylesheet would set it. */
export const TEXT_SPACING_CSS = `
* {
  line-height: 1.5 !important;
  letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important;
}
p { margin-bottom: 2em !important; }
`;

/**
 * Goes to `route` of `realm` (with its query, if any) inside the running app, as the menu would (also where the menu
 * is folded away at 320 px), and waits for the page's heading and data (no spinner left).
 */
export async function goInApp(page: Page, realm: string, route: string, heading: string) {
  const url = new URL(accountUrl(realm, route));
  await page.evaluate((path) => {
    history.pushState(null, "", path);
    dispatchEvent(new PopStateEvent("popstate"));
  }, url.pathname + url.search);
  await expect(page.getByTestId("page-heading")).toHaveText(heading);
  await expect(page.locator(".pf-v6-c-spinner")).toHaveCount(0);
}
