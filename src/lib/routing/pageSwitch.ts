import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import { useLocation, useRouter } from "./RouterProvider";
import { samePage } from "./router";

/** The element that scrolls `element`'s page: its nearest ancestor that scrolls its overflow, or the document. */
function scrollerOf(element: Element | null): Element {
  for (let node = element; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === "auto" || overflowY === "scroll") && node.scrollHeight > node.clientHeight) return node;
  }
  return document.scrollingElement ?? document.documentElement;
}

/**
 * What a browser does at a page load, for the page switches of `region` (the page's main region, which stays
 * mounted): a new page starts at the top (or at its `#fragment`), back and forward return to where the user left
 * the page, and the focus goes to the new page's heading, so a screen reader announces the page, unless the user
 * put the focus elsewhere while the page loaded.
 */
export function usePageSwitch(region: RefObject<HTMLElement | null>): void {
  const router = useRouter();
  const location = useLocation();
  const positions = useRef(new Map<string, number>());
  const shown = useRef(location);
  /** Where the focus was when the switch began. */
  const focusAtStart = useRef<Element | null>(null);

  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
    // The position of the page shown, kept while the user scrolls it.
    const keep = () => positions.current.set(shown.current.key, scrollerOf(region.current).scrollTop);
    document.addEventListener("scroll", keep, { capture: true, passive: true });
    const unsubscribe = router.subscribe((state) => {
      const switching = state.navigation.state === "loading" || state.location !== shown.current;
      if (switching && !focusAtStart.current) focusAtStart.current = document.activeElement;
    });
    return () => {
      document.removeEventListener("scroll", keep, { capture: true });
      unsubscribe();
    };
  }, [router, region]);

  useLayoutEffect(() => {
    const previous = shown.current;
    if (previous === location) return;
    shown.current = location;
    const startFocus = focusAtStart.current;
    focusAtStart.current = null;
    if (samePage(previous, location)) return; // a jump within the page: the browser placed it
    const main = region.current;
    if (!main) return;
    const scroller = scrollerOf(main);
    const fragment = location.hash && document.getElementById(fragmentId(location.hash));
    if (router.state.historyAction === "POP") scroller.scrollTop = positions.current.get(location.key) ?? 0;
    else if (fragment) fragment.scrollIntoView();
    else scroller.scrollTop = 0;

    const active = document.activeElement;
    const userMoved = active && active !== document.body && active !== startFocus && active.isConnected;
    const heading = main.querySelector<HTMLElement>("h1");
    if (userMoved || !heading) return;
    if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [location, router, region]);
}

function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}
