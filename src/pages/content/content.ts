import { trimSlashes } from "../../lib/paths";
import { isGroup, type MenuItem } from "../../menu/menu";

/** The item a content page shows: its label (a message key or text), its path, and its module under the theme resources. */
export type ContentModuleItem = { label: string; path: string; modulePath: string };

/**
 * The item with a module for `componentId`, searched through the whole menu tree, groups included (the stock console
 * stops at the first group): its path is `componentId` or ends with `/componentId`.
 */
export function findContentItem(menu: readonly MenuItem[], componentId: string): ContentModuleItem | undefined {
  const wanted = trimSlashes(componentId);
  for (const item of menu) {
    if (isGroup(item)) {
      const found = findContentItem(item.children, wanted);
      if (found) return found;
    } else if (item.modulePath) {
      const path = trimSlashes(item.path);
      if (wanted && (path === wanted || path.endsWith(`/${wanted}`))) {
        return { label: item.label, path, modulePath: item.modulePath };
      }
    }
  }
  return undefined;
}

/**
 * The URL of a content module: `modulePath` under the theme's resources. Only paths inside the theme are allowed, so a
 * menu item cannot pull code from another site.
 */
export function moduleUrl(resourceUrl: string, modulePath: string): string {
  const path = modulePath.trim();
  if (!path || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith("//") || path.split("/").includes("..")) {
    throw new ContentPageError(`The module path "${modulePath}" must be a file under the theme's resources.`);
  }
  return `${resourceUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/**
 * Whether an import failed because the module (or one it imports) names a bare specifier such as "react", which the
 * console's page cannot resolve: it has no import map. Such a module, written for the stock console, is imported
 * again in the content-module frame. Each browser says it its own way (Chromium, Firefox, Safari); nothing of the
 * module has run when this error is thrown, since resolving comes before evaluating.
 */
export function isUnresolvedSpecifier(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return (
    typeof message === "string" &&
    /Failed to resolve module specifier|was a bare specifier|does not resolve to a valid URL/i.test(message)
  );
}

/** A content page that cannot be shown; its message is what the error dialog says. */
export class ContentPageError extends Error {
  override name = "ContentPageError";
}
