import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import { useLocation, useNavigation, useNavigationType } from "react-router";

/** The element that scrolls `element`'s page: its nearest ancestor that scrolls its overflow, or the document. */
function scrollerOf(element: Element | null): Element {
  for (let node = element; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === "auto" || overflowY === "scroll") && node.scrollHeight > node.clientHeight) return node;
  }
  return document.scrollingElement ?? document.documentElement;
}

const samePath = (a: string, b: string) => a.replace(/\/+$/, "").toLowerCase() === b.replace(/\/+$/, "").toLowerCase();

/**
 * What a browser does at a page load, for the page switches of `region` (the page's main region, which stays
 * mounted; react-router's own scroll restoration handles the window only): a new page starts at the top (or at its
 * `#fragment`), back and forward return to where the user left the page, and the focus goes to the new page's
 * heading, so a screen reader announces the page, unless the user put the focus elsewhere while the page loaded.
 */
export function usePageSwitch(region: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  const action = useNavigationType();
  const loading = useNavigation().state === "loading";
  const positions = useRef(new Map<string, number>());
  const shown = useRef(location);
  /** Where the focus was when the switch began. */
  const focusAtStart = useRef<Element | null>(null);

  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
    // The position of the page shown, kept while the user scrolls it.
    const keep = () => positions.current.set(shown.current.key, scrollerOf(region.current).scrollTop);
    document.addEventListener("scroll", keep, { capture: true, passive: true });
    return () => document.removeEventListener("scroll", keep, { capture: true });
  }, [region]);

  useEffect(() => {
    if (loading && !focusAtStart.current) focusAtStart.current = document.activeElement;
  }, [loading]);

  useLayoutEffect(() => {
    const previous = shown.current;
    if (previous === location) return;
    shown.current = location;
    const startFocus = focusAtStart.current ?? document.activeElement;
    focusAtStart.current = null;
    // A jump within the page: the browser placed it.
    if (samePath(previous.pathname, location.pathname) && previous.search === location.search) return;
    const main = region.current;
    if (!main) return;
    const fragment = location.hash && document.getElementById(fragmentId(location.hash));
    const top = action === "POP" ? (positions.current.get(location.key) ?? 0) : 0;
    if (fragment && action !== "POP") fragment.scrollIntoView();
    // Finding the scroller and setting its position both make the browser lay out the new page in the middle of
    // React's commit. A page left at the top, for a new page that starts at the top, needs neither.
    else if (top !== 0 || (positions.current.get(previous.key) ?? 0) !== 0) scrollerOf(main).scrollTop = top;

    const heading = main.querySelector<HTMLElement>("h1");
    if (!heading) return;
    // In the frame that draws the page, before the browser lays it out: focusing makes the browser lay out the page
    // at once, which in the middle of React's commit is a layout of its own, and the frame's drawing redoes part of it.
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      const userMoved = active && active !== document.body && active !== startFocus && active.isConnected;
      if (userMoved || !heading.isConnected) return;
      if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [location, action, region]);
}

function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
