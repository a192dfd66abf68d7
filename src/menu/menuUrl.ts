import { joinPath } from "../environment/environment";

/** content.json lives in the theme resources, so a realm admin's theme can change the menu. Apart from menu.ts: the
 * entry (src/main.tsx) asks for it before the app's code is there. */
export const menuUrl = (resourceUrl: string) => joinPath(resourceUrl, "content.json");
