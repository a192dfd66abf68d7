import type { PageLoader } from "../page";
import { ContentPageError, findContentItem, type ContentModuleItem } from "./content";
import { trimSlashes } from "../../lib/paths";

/**
 * The loader of a content page: the menu item it was routed from, or (for `content/:componentId`) the item the id
 * names anywhere in the menu. No such item fails the route, so the error dialog says so.
 */
export const loadContentItem: PageLoader<ContentModuleItem> = async ({ item, menu, params }) => {
  if (item?.modulePath) {
    return { label: item.label, path: trimSlashes(item.path), modulePath: item.modulePath };
  }
  const componentId = params.componentId ?? "";
  const found = findContentItem(menu, componentId);
  if (!found) throw new ContentPageError(`No page "${componentId}" is configured in this theme's content.json.`);
  return found;
};
