import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

/** axe-core's script: the version @axe-core/playwright depends on, whichever folder npm put it in. */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** One rule's findings, as axe-core reports them (the fields the tests print). */
export type AxeViolation = { id: string; impact?: string | null; nodes: { target: unknown[] }[] };

/** What one axe run checks: rules by WCAG tag, or by rule id; optionally one part of the page (a CSS selector). */
export type AxeScope = { tags?: string[]; rules?: string[]; include?: string };

/**
 * axe-core's violations on the page as it is now. Its script is added to a document once and kept across the app's
 * route changes (a new document gets it again), and it runs in the top document only. @axe-core/playwright's
 * AxeBuilder added the script anew to every frame on every run and merged the frames' results in a page of its own:
 * two to three times as long per run on this machine. The console has no frames of its own; the one there is
 * Keycloak's hidden session-status frame. The frame elements themselves are still checked (a frame needs a title).
 */
export async function runAxe(page: Page, { tags, rules, include }: AxeScope): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, rules, include }) => {
      type Axe = {
        run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }>;
      };
      const { axe } = window as unknown as { axe: Axe };
      const result = await axe.run(include ? { include: [include] } : document, {
        runOnly: rules ? { type: "rule", values: rules } : { type: "tag", values: tags },
        iframes: false,
        // The passes and the rules that did not apply are not read: axe keeps one node of each.
        resultTypes: ["violations"],
      });
      return result.violations.map(({ id, impact, nodes }) => ({
        id,
        impact,
        nodes: nodes.map(({ target }) => ({ target })),
      }));
    },
    { tags, rules, include },
  );
}

/** A violation's nodes, by their selectors. */
export const violationTargets = (violation: AxeViolation) =>
  violation.nodes.map((node) => node.target.join(" ")).join(", ");

/** Serious and critical WCAG 2.0/2.1 A and AA violations axe finds on the page as it is now. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const violations = await runAxe(page, { tags: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violationTargets(violation)}`);
}

/** Fails with axe's findings when the page has a serious or critical WCAG 2.1 A/AA violation. */
export async function expectAccessible(page: Page, what = "the page"): Promise<void> {
  expect(await accessibilityViolations(page), `axe on ${what}`).toEqual([]);
}
