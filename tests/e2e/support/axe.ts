import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Serious and critical WCAG 2.0/2.1 A and AA violations axe finds on the page as it is now. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** Fails with axe's findings when the page has a serious or critical WCAG 2.1 A/AA violation. */
export async function expectAccessible(page: Page, what = "the page"): Promise<void> {
  expect(await accessibilityViolations(page), `axe on ${what}`).toEqual([]);
}
