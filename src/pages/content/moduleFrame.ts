import type { SharedReact } from "./sharedReact";

/** The frame's page, under the theme's resources (public/content-modules/, copied into the jar unhashed). */
export const MODULE_FRAME_PATH = "content-modules/loader.html";

/** What loader.js defines on the frame's window, and what the console puts there for the shims. */
type FrameWindow = Window & {
  importContentModule?: (url: string) => Promise<Record<string, unknown>>;
  __accountConsoleShared?: SharedReact;
};

const frames = new Map<string, Promise<FrameWindow>>();

/**
 * The content-module frame of `resourceUrl`: a hidden same-origin iframe whose page has an import map for "react",
 * "react/jsx-runtime" and "react-dom" (the console's page cannot have one under a strict CSP, see
 * docs/content-pages.md). It is made on first use and then kept, because the modules imported in it run in its
 * window: their timers and promises would stop with it.
 */
function moduleFrame(resourceUrl: string, shared: SharedReact): Promise<FrameWindow> {
  const src = `${resourceUrl.replace(/\/+$/, "")}/${MODULE_FRAME_PATH}`;
  let frame = frames.get(src);
  if (!frame) {
    frame = new Promise<FrameWindow>((resolve, reject) => {
      const element = document.createElement("iframe");
      element.hidden = true;
      element.tabIndex = -1;
      element.title = "Content module loader";
      element.setAttribute("aria-hidden", "true");
      element.dataset.testid = "content-module-frame";
      element.addEventListener("load", () => {
        const window = element.contentWindow as FrameWindow | null;
        if (window && typeof window.importContentModule === "function") {
          window.__accountConsoleShared = shared;
          resolve(window);
        } else {
          element.remove();
          reject(new Error(`The content module loader ${src} did not start.`));
        }
      });
      element.src = src;
      document.body.append(element);
    });
    // A failed frame is not kept: "Try again" makes a new one.
    frame.catch(() => frames.delete(src));
    frames.set(src, frame);
  }
  return frame;
}

/**
 * Imports the module at `url` in the content-module frame, where the bare names of a module written for the stock
 * console resolve to the console's own React (public/content-modules/react.js and its siblings).
 */
export async function importInModuleFrame(
  resourceUrl: string,
  url: string,
  shared: SharedReact,
): Promise<Record<string, unknown>> {
  const window = await moduleFrame(resourceUrl, shared);
  return window.importContentModule!(url);
}
