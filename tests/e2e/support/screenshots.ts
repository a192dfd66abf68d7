import path from "node:path";
import type { Page } from "@playwright/test";

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "..", "..", "..", "test-results", "screenshots");

/** Saves what the user sees, for people to look at (test-results/screenshots/<name>.png). */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
