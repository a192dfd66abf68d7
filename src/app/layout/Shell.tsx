import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { basePath } from "../../environment/environment";
import { useEnvironment } from "../../environment/EnvironmentContext";
import { Outlet, useLocation, useMatches, useNavigation, usePageSwitch } from "../../lib/routing";
import type { PageHandle } from "../routing/routes";
import { LoadingState } from "../../ui/LoadingState";
import { translateLabel } from "../../i18n/translateLabel";
import { AppPage, MAIN_ID } from "./AppPage";
import { Header } from "./Header";
import { activeLeaf, useDocumentTitle } from "./documentTitle";
import { relativePath, type MenuItem } from "../../menu/menu";
import { Sidebar } from "./Sidebar";

/**
 * How long a page switch keeps the old page before it shows the spinner. Most switches finish sooner, and a spinner
 * that flashes for a moment is noise (and an animation the browser draws on every frame while the data comes in).
 */
export const SPINNER_DELAY_MS = 300;

export function Shell({ menu }: { menu: MenuItem[] }) {
  const navigation = useNavigation();
  const location = useLocation();
  const switching = navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  const slow = useLateFlag(switching, SPINNER_DELAY_MS);
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

  return (
    <AppPage masthead={header} sidebar={<Sidebar menu={menu} />}>
      {/* A slow switch says so instead of leaving the old page looking idle. */}
      {slow ? <LoadingState /> : <Outlet />}
    </AppPage>
  );
}

/** The page's main region (drawn by AppPage), for the scroll and focus of a page switch. */
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
