import { Page } from "@patternfly/react-core";
import { Outlet, useLocation, useNavigation } from "react-router";
import { LoadingState } from "../../ui/LoadingState";
import { Header } from "./Header";
import type { MenuItem } from "./menu";
import { Sidebar } from "./Sidebar";

export function Shell({ menu }: { menu: MenuItem[] }) {
  const navigation = useNavigation();
  const location = useLocation();
  // While another page's code and data load, say so instead of leaving the old page looking idle.
  const switching = navigation.state === "loading" && navigation.location.pathname !== location.pathname;

  return (
    <Page masthead={<Header />} sidebar={<Sidebar menu={menu} />} isManagedSidebar isContentFilled>
      {switching ? <LoadingState /> : <Outlet />}
    </Page>
  );
}
