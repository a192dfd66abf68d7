import type { PageLoader } from "../../ui/pageData";
import { ContentPageError, findContentItem, type ContentMenuItem, type ContentModuleItem } from "./content";

/**
 * The loader of a content page: the menu item it was routed from, or (for `content/:componentId`) the item the
 * id names anywhere in the menu. No such item fails the route, so the error dialog says so.
 */
export function contentLoader(menu: ContentMenuItem[], item?: ContentModuleItem): PageLoader<ContentModuleItem> {
  return async ({ params }) => {
    if (item) return item;
    const componentId = params.componentId ?? "";
    const found = findContentItem(menu, componentId);
    if (!found) throw new ContentPageError(`No page "${componentId}" is configured in this theme's content.json.`);
    return found;
  };
}
