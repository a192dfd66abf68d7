import { isExtensionFeature, type ExtensionFeature, type ExtensionFeatures } from "../api/extension";
import { joinPath, type Features, type FeatureFlag } from "../environment/environment";
import { trimSlashes } from "../lib/paths";

/** What an item's `isVisible` names: a flag of the template, or a feature of the server extension. */
export type MenuFlag = FeatureFlag | ExtensionFeature;
export type MenuLeaf = { id?: string; label: string; path: string; isVisible?: MenuFlag; modulePath?: string };
export type MenuGroup = { label: string; children: MenuItem[]; isVisible?: MenuFlag };
export type MenuItem = MenuLeaf | MenuGroup;

export const isGroup = (item: MenuItem): item is MenuGroup => "children" in item && Array.isArray(item.children);

/**
 * content.json lives in the theme resources, so a realm admin's theme can change the menu. At start-up the page has
 * preloaded it (index.ftl): a bare request, so that Chromium hands this call the preloaded answer.
 */
export async function fetchMenu(
  resourceUrl: string,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<MenuItem[]> {
  const response = await fetchImpl(joinPath(resourceUrl, "content.json"), signal && { signal });
  if (!response.ok) throw new Error(`content.json answered ${response.status} ${response.statusText}`.trim());
  const items: unknown = await response.json();
  if (!Array.isArray(items)) throw new Error("content.json must hold a list of menu items.");
  const { menu, problems } = parseMenu(items);
  // For the theme's author: a bad item is named and left out; the rest of the menu works.
  for (const problem of problems) console.warn(`content.json: ${problem}`);
  return menu;
}

/**
 * The menu items of content.json that the console can use, and a sentence for each one it cannot (named by its place
 * and label). A leaf needs a string `label` and `path`; a group a `label` and a list of `children`; `id`, `modulePath`
 * and `isVisible` are strings when present.
 */
export function parseMenu(items: unknown[], where = "item"): { menu: MenuItem[]; problems: string[] } {
  const menu: MenuItem[] = [];
  const problems: string[] = [];
  items.forEach((item, index) => {
    const place = `${where} ${index + 1}`;
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      problems.push(`${place} is not an object; it is left out of the menu.`);
      return;
    }
    const record = item as Record<string, unknown>;
    const name = typeof record.label === "string" ? `${place} ("${record.label}")` : place;
    const wrong = (["label", "id", "modulePath", "isVisible"] as const).filter(
      (key) => (key === "label" || record[key] !== undefined) && typeof record[key] !== "string",
    );
    if (wrong.length > 0) {
      problems.push(
        `${name} needs ${wrong.map((key) => `"${key}"`).join(" and ")} as text; it is left out of the menu.`,
      );
      return;
    }
    if (Array.isArray(record.children)) {
      const children = parseMenu(record.children, `${name}, child`);
      problems.push(...children.problems);
      menu.push({ ...(record as Omit<MenuGroup, "children">), children: children.menu });
    } else if (typeof record.path === "string") {
      menu.push(record as MenuLeaf);
    } else {
      problems.push(`${name} has neither a "path" (text) nor "children" (a list); it is left out of the menu.`);
    }
  });
  return { menu, problems };
}

/**
 * Drops items whose feature flag is off, and groups left without children. Items gated by a feature of the server
 * extension stay: that answer comes after the first screen (`extensionMenu`), and their pages keep their routes, so a
 * direct visit can say the feature is not available.
 */
export function visibleMenu(items: MenuItem[], features: Partial<Features>): MenuItem[] {
  return filterMenu(items, (flag) => isExtensionFeature(flag) || features[flag] === true);
}

/** The menu as the sidebar shows it: items gated by an extension feature only once the extension offers it. */
export function extensionMenu(items: MenuItem[], extension: ExtensionFeatures | undefined): MenuItem[] {
  return filterMenu(items, (flag) => !isExtensionFeature(flag) || extension?.[flag] === true);
}

function filterMenu(items: MenuItem[], shows: (flag: MenuFlag) => boolean): MenuItem[] {
  return items.flatMap((item): MenuItem[] => {
    if (item.isVisible && !shows(item.isVisible)) return [];
    if (!isGroup(item)) return [item];
    const children = filterMenu(item.children, shows);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

/** Every leaf, depth first. */
export function menuLeaves(items: MenuItem[]): MenuLeaf[] {
  return items.flatMap((item) => (isGroup(item) ? menuLeaves(item.children) : [item]));
}

/** The location path relative to the base path, without slashes at either end. */
export function relativePath(pathname: string, basePath: string): string {
  const base = basePath.replace(/\/+$/, "");
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
  return trimSlashes(rest);
}

/** Whether `item` is (or holds) the page at `currentPath`; in any letter case, as the routes match. */
export function isActive(item: MenuItem, currentPath: string): boolean {
  if (isGroup(item)) return item.children.some((child) => isActive(child, currentPath));
  return trimSlashes(item.path).toLowerCase() === currentPath.toLowerCase();
}
