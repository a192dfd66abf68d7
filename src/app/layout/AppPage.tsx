import { PageContextProvider, pageContextDefaults, SkipToContent, type PageContextProps } from "@patternfly/react-core";
import { useEffect, useRef, useState, useSyncExternalStore, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { keepFocusIn } from "./focusKeeper";

/** The id of the page's main region, the skip link's target. */
export const MAIN_ID = "main-content";

/** PatternFly's page collapses its sidebar below the xl breakpoint (75rem); so does ours. */
const WIDE_QUERY = "(min-width: 75rem)";

// Every browser has matchMedia; a DOM without it (jsdom) counts as wide.
function subscribeWide(onChange: () => void) {
  const query = window.matchMedia?.(WIDE_QUERY);
  query?.addEventListener("change", onChange);
  return () => query?.removeEventListener("change", onChange);
}
const isWide = () => window.matchMedia?.(WIDE_QUERY).matches ?? true;

/**
 * PatternFly's page markup and managed sidebar, without its `Page`: that component imports the notification drawer
 * (52 KB of CSS and its script) whether or not a page has one, and measures the page on mount (a forced layout
 * during start-up). The width comes from a media query instead, which needs no layout. The sidebar and the
 * hamburger button read the same `PageContext` as under PatternFly's page.
 */
export function AppPage({
  masthead,
  sidebar,
  children,
}: {
  masthead: ReactNode;
  sidebar: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const mobile = !useSyncExternalStore(subscribeWide, isWide, () => true);
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const main = useRef<HTMLElement>(null);

  useEffect(() => (main.current ? keepFocusIn(main.current) : undefined), []);

  // A tap on the page closes the sidebar that covers it on a narrow screen.
  useEffect(() => {
    const element = main.current;
    if (!mobile || !mobileOpen || !element) return;
    const close = () => setMobileOpen(false);
    element.addEventListener("mousedown", close);
    element.addEventListener("touchstart", close, { passive: true });
    return () => {
      element.removeEventListener("mousedown", close);
      element.removeEventListener("touchstart", close);
    };
  }, [mobile, mobileOpen]);

  // The skip link moves the focus itself: the browser's jump to a fragment would put `#main-content` into the
  // router's URL.
  const skipToMain = (event: MouseEvent) => {
    event.preventDefault();
    main.current?.focus();
  };

  // No width: components then choose their breakpoint modifiers by CSS media queries, as before the first measure.
  const context: PageContextProps = {
    ...pageContextDefaults,
    isManagedSidebar: true,
    isMobile: mobile,
    isSidebarOpen: mobile ? mobileOpen : desktopOpen,
    onSidebarToggle: () => (mobile ? setMobileOpen((open) => !open) : setDesktopOpen((open) => !open)),
  };

  return (
    <PageContextProvider value={context}>
      <div className="pf-v6-c-page">
        <SkipToContent href={`#${MAIN_ID}`} onClick={skipToMain} data-testid="skip-to-content">
          {t("skipToContent")}
        </SkipToContent>
        {masthead}
        {sidebar}
        <div className="pf-v6-c-page__main-container pf-m-fill">
          <main ref={main} id={MAIN_ID} className="pf-v6-c-page__main" tabIndex={-1}>
            {children}
          </main>
        </div>
      </div>
    </PageContextProvider>
  );
}
