import type { Locator, Page } from "@playwright/test";
import { PNG } from "pngjs";
import { screenshot } from "../support/screenshots";
import { expect, test } from "../support/test";
import { horizontalOverflow, TEXT_SPACING_CSS, goInApp } from "./checks";
import { a11yRecipe, SCREENS } from "./realm";

// How the console looks to people who enlarge it, space its text, use forced colours or ask for less motion.
const REALM = "e2e-a11y-display";

test.use({ realms: { [REALM]: a11yRecipe(REALM) }, account: { realm: REALM } });
test.describe.configure({ timeout: 180_000 });

const go = (page: Page, route: string, heading: string) => goInApp(page, REALM, route, heading);

/**
 * What the eye cannot get at: visible controls and headings that reach past the viewport's sides, overlap one another,
 * or whose text is cut off by a box that hides its overflow.
 */
const layoutProblems = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${(
        element.getAttribute("aria-label") ??
        element.textContent ??
        ""
      )
        .trim()
        .slice(0, 30)}"`;
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 1 && box.height > 1 && style.visibility !== "hidden" && style.opacity !== "0";
    };
    const controls = [
      ...document.querySelectorAll(
        "main a[href], main button, main input, main textarea, main h1, main h2, main h3, header a, header button",
      ),
    ].filter(visible);
    const width = document.documentElement.clientWidth;
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.left < -1 || box.right > width + 1) problems.push(`${name(control)} reaches past the side of the page`);
    }
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const [a, b] = [controls[i]!, controls[j]!];
        if (a.contains(b) || b.contains(a)) continue;
        const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        const overlapX = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const overlapY = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (overlapX > 2 && overlapY > 2) problems.push(`${name(a)} overlaps ${name(b)}`);
      }
    }
    // Text cut off: text in a box that hides what does not fit, reaching past that box; or text ending in an ellipsis.
    const ownText = (element: Element) =>
      [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
    for (const box of document.querySelectorAll("header *, nav *, main *")) {
      if (!visible(box) || !box.textContent?.trim()) continue;
      const style = getComputedStyle(box);
      if (style.textOverflow === "ellipsis" && ownText(box) && box.scrollWidth > box.clientWidth + 1)
        problems.push(`${name(box)} ends its text in an ellipsis`);
      if (![style.overflowX, style.overflowY].some((value) => ["hidden", "clip"].includes(value))) continue;
      const edge = box.getBoundingClientRect();
      for (const text of [box, ...box.querySelectorAll("*")].filter((e) => ownText(e) && visible(e))) {
        const inner = text.getBoundingClientRect();
        const out =
          inner.left < edge.left - 1 ||
          inner.right > edge.right + 1 ||
          inner.top < edge.top - 1 ||
          inner.bottom > edge.bottom + 1;
        if (out) problems.push(`${name(text)} is cut off by ${name(box)}`);
      }
    }
    return [...new Set(problems)];
  });

/** Goes through every screen: what scrolls sideways and what overlaps or is cut off, each named with its screen. */
async function screensLaidOutBadly(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const { route, heading } of SCREENS) {
    await go(page, route, heading);
    const where = route || "personal info";
    const overflow = await horizontalOverflow(page);
    if (overflow > 0) found.push(`${where}: scrolls ${overflow} px sideways`);
    found.push(...(await layoutProblems(page)).map((problem) => `${where}: ${problem}`));
  }
  return found;
}

test.describe("at 320 px (400 % of 1280)", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("no screen scrolls sideways, and nothing overlaps or is cut off", async ({ consolePage: page }) => {
    const found = await screensLaidOutBadly(page);
    await go(page, "", "Personal info");
    await screenshot(page, "a11y-reflow-320-personal-info");
    expect(found).toEqual([]);
  });
});

test("with WCAG's text spacing (line height 1.5, letters 0.12 em, words 0.16 em, paragraphs 2 em) nothing is cut off", async ({
  consolePage: page,
}) => {
  await page.addStyleTag({ content: TEXT_SPACING_CSS });
  // The override applies: a paragraph's letters are spaced as asked.
  await expect(page.getByTestId("page-heading")).toHaveCSS("letter-spacing", /^\d/);
  const found = await screensLaidOutBadly(page);
  await go(page, "", "Personal info");
  await screenshot(page, "a11y-text-spacing-personal-info");
  expect(found).toEqual([]);
});

/** The pixels of a part of the page, to compare two states of it. */
async function pixels(locator: Locator): Promise<Buffer> {
  return PNG.sync.read(await locator.screenshot()).data;
}

/** How many distinct colours a part of the page shows (1: nothing drawn on its background). */
async function colourCount(locator: Locator): Promise<number> {
  const data = await pixels(locator);
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += 4) colours.add(data.readUInt32BE(i));
  return colours.size;
}

test("in forced colours, focus rings, toggles, the checked state and icons stay visible", async ({
  consolePage: page,
}) => {
  await page.emulateMedia({ forcedColors: "active" });
  await expect.poll(() => page.evaluate(() => matchMedia("(forced-colors: active)").matches)).toBe(true);

  // A focus ring: the button looks different with the keyboard focus on it.
  const save = page.getByTestId("save");
  const saveArea = page.locator(".pf-v6-c-form__actions, .pf-v6-c-form__group-control").filter({ has: save });
  const unfocused = await pixels(saveArea.first());
  await save.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(save).toBeFocused();
  expect((await pixels(saveArea.first())).equals(unfocused), "the focus ring shows").toBe(false);

  // A toggle, and its checked state: the help switch looks different on and off, and is drawn at all.
  const help = page.getByTestId("help-toggle");
  const helpSwitch = page.locator("label").filter({ has: help }).locator(".pf-v6-c-switch__toggle");
  expect(await colourCount(helpSwitch), "the switch is drawn").toBeGreaterThan(1);
  await screenshot(page, "a11y-forced-colours-personal-info");
  await help.focus();
  await help.blur();
  const on = await pixels(helpSwitch);
  await help.focus();
  await page.keyboard.press("Space");
  await help.blur();
  await expect(help).not.toBeChecked();
  expect((await pixels(helpSwitch)).equals(on), "on and off differ").toBe(false);
  await help.focus();
  await page.keyboard.press("Space");
  await expect(help).toBeChecked();

  // Icons: the help icon, the appearance switch's icon, the navigation toggle.
  for (const icon of [
    page.getByTestId("help-label-favoriteColor").locator("svg").first(),
    page.getByTestId("theme-switch").locator("svg").first(),
    page.getByTestId("nav-toggle").locator("svg").first(),
  ]) {
    expect(await colourCount(icon), "the icon is drawn").toBeGreaterThan(1);
  }

  // A checkbox's checked state on Groups.
  await go(page, "groups", "Groups");
  const checkbox = page.getByTestId("directMembership-checkbox");
  const box = page.locator(".pf-v6-c-check").filter({ has: checkbox });
  const checked = await pixels(box);
  await checkbox.click();
  expect((await pixels(box)).equals(checked), "checked and unchecked differ").toBe(false);
  await screenshot(page, "a11y-forced-colours-groups");
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("transitions are off and the spinner turns slowly without its stretching dash", async ({
    consolePage: page,
  }) => {
    /** Every running animation and transition longer than a moment, in the page and its dialogs. */
    const moving = () =>
      page.evaluate(() => {
        const found: string[] = [];
        const seconds = (value: string) =>
          Math.max(
            ...value
              .split(",")
              .map((part) => (part.trim().endsWith("ms") ? parseFloat(part) / 1000 : parseFloat(part))),
          );
        for (const element of document.querySelectorAll("body *")) {
          const style = getComputedStyle(element);
          const transition = seconds(style.transitionDuration);
          const animation = style.animationName !== "none" ? seconds(style.animationDuration) : 0;
          const what = `${element.tagName.toLowerCase()}.${String(element.className).split(" ")[0]}`;
          if (transition > 0.01) found.push(`${what}: transition ${style.transitionDuration}`);
          if (animation > 0.01 && !element.classList.contains("pf-v6-c-spinner"))
            found.push(`${what}: animation ${style.animationName} ${style.animationDuration}`);
        }
        return [...new Set(found)];
      });
    expect(await moving()).toEqual([]);
    // Also once a menu has opened and an expandable section has expanded.
    await page.getByTestId("theme-switch").click();
    await expect(page.getByRole("listbox")).toBeVisible();
    expect(await moving()).toEqual([]);
    await page.keyboard.press("Escape");

    // The spinner of a busy button: held on its way to the server.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/account\/?(\?.*)?$/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByTestId("save").click();
    const spinner = page.getByTestId("save").locator(".pf-v6-c-spinner");
    await expect(spinner).toBeVisible();
    await expect(spinner).toHaveCSS("animation-duration", "3s");
    await expect(spinner).toHaveCSS("animation-iteration-count", "infinite");
    await expect(spinner.locator("circle")).toHaveCSS("animation-name", "none");
    release();
    await expect(page.getByTestId("last-alert")).toBeVisible();
  });
});
