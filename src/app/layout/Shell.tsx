import { Page, SkipToContent } from "@patternfly/react-core";
import { useEffect, useMemo, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { basePath } from "../../environment/environment";
import { useEnvironment } from "../../environment/EnvironmentContext";
import { Outlet, useLeavingPage, useLocation, useMatches, usePageSwitch } from "../../lib/routing";
import type { PageHandle } from "../routing/routes";
import { LoadingState } from "../../ui/LoadingState";
import { translateLabel } from "../../i18n/translateLabel";
import { Header } from "./Header";
import { activeLeaf, useDocumentTitle } from "./documentTitle";
import { keepFocusIn } from "./focusKeeper";
import { relativePath, type MenuItem } from "../../menu/menu";
import { Sidebar } from "./Sidebar";

/**
 * How long a page switch keeps the old page before it shows the spinner. Most switches finish sooner, and a spinner
 * that flashes for a moment is noise (and an animation the browser draws on every frame while the data comes in).
 */
export const SPINNER_DELAY_MS = 300;

/** The id of the page's main region, the skip link's target. */
export const MAIN_ID = "main-content";

export function Shell({ menu }: { menu: MenuItem[] }) {
  const location = useLocation();
  const slow = useLateFlag(useLeavingPage(), SPINNER_DELAY_MS);
  const { t } = useTranslation();
  const environment = useEnvironment();
  const leaf = activeLeaf(menu, relativePath(location.pathname, basePath(environment)));
  // A page no menu item names (the page a sign-in alert's mail leads to) has its title in its route.
  const routeTitle = (useMatches().at(-1)?.handle as PageHandle | undefined)?.title;
  useDocumentTitle(leaf ? translateLabel(t, leaf.label) : routeTitle && t(routeTitle));
  // The header reads no router state: made once, it does not draw again at every step of a page switch (its menus'
  // poppers read the computed text direction as they draw, a style recalculation each time).
  const header = useMemo(() => <Header />, []);
  usePageSwitch(mainRegion);
  useEffect(() => {
    const main = mainRegion.current;
    return main ? keepFocusIn(main) : undefined;
  }, []);

  // The skip link moves the focus itself: the browser's jump to a fragment would put `#main-content` into the
  // router's URL.
  const skipToMain = (event: MouseEvent) => {
    event.preventDefault();
    mainRegion.current?.focus();
  };
  const skipLink = (
    <SkipToContent href={`#${MAIN_ID}`} onClick={skipToMain} data-testid="skip-to-content">
      {t("skipToContent")}
    </SkipToContent>
  );

  return (
    // The managed sidebar: open on a wide screen, on a narrow one (below 75rem) closed until the toggle opens it, and
    // closed again by a tap on the page.
    <Page
      isManagedSidebar
      isContentFilled
      masthead={header}
      sidebar={<Sidebar menu={menu} />}
      skipToContent={skipLink}
      mainContainerId={MAIN_ID}
    >
      {/* A slow switch says so instead of leaving the old page looking idle. */}
      {slow ? <LoadingState /> : <Outlet />}
    </Page>
  );
}

/** The page's main region (PatternFly's `Page` draws it), for the scroll and focus of a page switch. */
const mainRegion = {
  get current() {
    return document.getElementById(MAIN_ID);
  },
};

/** `on`, once it has stayed on for `delay` ms; off as soon as it is off. */
function useLateFlag(on: boolean, delay: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setLate(true), delay);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [on, delay]);
  return on && late;
}
