import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import { useHref, useLocation, useNavigation, useNavigationType } from "react-router";
import { isSamePage, pagePath } from "./pagePath";

/**
 * Whether a switch to another page is loading (not a reload of the page shown, nor a step to a fragment of it). The
 * router's navigation carries the whole address, `useLocation` the part under the basename: the page shown is
 * compared with the basename put back.
 */
export function useLeavingPage(): boolean {
  const navigation = useNavigation();
  const shown = useHref(useLocation().pathname);
  return navigation.state === "loading" && !isSamePage(navigation.location.pathname, shown);
}

/** What scrolls `element`'s page: its nearest ancestor that scrolls its overflow, or the document. */
function scrollerOf(element: Element | null): Element {
  for (let node = element; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === "auto" || overflowY === "scroll") && node.scrollHeight > node.clientHeight) return node;
  }
  return document.scrollingElement ?? document.documentElement;
}

/** The element a `#fragment` names: decoded, or as typed when it cannot be decoded. */
function fragmentOf(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return document.getElementById(hash.slice(1));
  }
}

/**
 * What a browser does at a page load, for the switches of `region` (the page's main region, which stays mounted;
 * react-router restores the window's scroll only): a new page starts at the top (or at its `#fragment`), back and
 * forward return to where the user left the page, and the focus goes to the new page's heading, so that a screen
 * reader announces it, unless the user put the focus elsewhere while the page loaded.
 */
export function usePageSwitch(region: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  const action = useNavigationType();
  const loading = useNavigation().state === "loading";
  const leaving = useLeavingPage();
  const positions = useRef(new Map<string, number>());
  const shown = useRef(location);
  const focusAtStart = useRef<Element | null>(null);
  const frozen = useRef(false);

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    const keep = () => {
      if (!frozen.current) positions.current.set(shown.current.key, scrollerOf(region.current).scrollTop);
    };
    document.addEventListener("scroll", keep, { capture: true, passive: true });
    return () => document.removeEventListener("scroll", keep, { capture: true });
  }, [region]);

  // While another page loads, a slow switch's spinner stands in for the page: the scroll the browser then clamps to
  // the spinner's height is not where the user left the page.
  useLayoutEffect(() => {
    frozen.current = leaving;
  }, [leaving]);

  useEffect(() => {
    if (loading) focusAtStart.current ??= document.activeElement;
  }, [loading]);

  useLayoutEffect(() => {
    const [previous, main] = [shown.current, region.current];
    const startFocus = focusAtStart.current ?? document.activeElement;
    [shown.current, focusAtStart.current] = [location, null];
    const page = (where: typeof location) => pagePath(where.pathname) + where.search;
    // The same page (a jump to a fragment: the browser placed it), or no page region.
    if (previous === location || page(previous) === page(location) || !main) return;
    const fragment = location.hash && fragmentOf(location.hash);
    const top = action === "POP" ? (positions.current.get(location.key) ?? 0) : 0;
    if (fragment && action !== "POP") fragment.scrollIntoView();
    // Reading the scroller and setting it both lay the page out in React's commit: not when both pages are at the top.
    else if (top !== 0 || (positions.current.get(previous.key) ?? 0) !== 0) scrollerOf(main).scrollTop = top;
    const heading = main.querySelector<HTMLElement>("h1");
    // Focused in the frame that draws the page: focusing lays the page out at once, a layout of its own in the commit.
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!heading?.isConnected || (active && active !== document.body && active !== startFocus)) return;
      if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [location, action, region]);
}
