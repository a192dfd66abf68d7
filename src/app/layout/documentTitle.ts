import { useEffect, useState } from "react";
import { isActive, isGroup, type MenuItem, type MenuLeaf } from "../../menu/menu";

/** The menu's leaf for the current path (relative to the console's base), if any. */
export function activeLeaf(menu: MenuItem[], currentPath: string): MenuLeaf | undefined {
  for (const item of menu) {
    if (!isActive(item, currentPath)) continue;
    return isGroup(item) ? activeLeaf(item.children, currentPath) : item;
  }
  return undefined;
}

/**
 * Names the browser tab after the page (WCAG 2.4.2): "Signing in - Account Management", the theme's title after the
 * page's menu label. The theme's title alone where no menu item matches.
 */
export function useDocumentTitle(pageLabel: string | undefined): void {
  const [themeTitle] = useState(() => document.title);
  useEffect(() => {
    document.title = pageLabel ? `${pageLabel} - ${themeTitle}` : themeTitle;
  }, [pageLabel, themeTitle]);
}
