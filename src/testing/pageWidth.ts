import { vi } from "vitest";

/**
 * A page `width` px wide, as PatternFly's `Page` measures it (its element's clientWidth). jsdom lays nothing out, so
 * every element is 0 px wide there: a phone, whose sidebar is closed. Undone after each test (setup.ts).
 */
export function pageWidth(width: number): void {
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(width);
}
