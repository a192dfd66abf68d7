import { Page } from "@patternfly/react-core";
import { Suspense, useEffect, useState } from "react";
import { Outlet } from "react-router";
import { useEnvironment } from "../../environment/EnvironmentContext";
import { ErrorDialog } from "../../ui/ErrorDialog";
import { LoadingState } from "../../ui/LoadingState";
import { Header } from "./Header";
import { fetchMenu, visibleMenu, type MenuItem } from "./menu";
import { Sidebar } from "./Sidebar";

export function Shell() {
  const environment = useEnvironment();
  const [menu, setMenu] = useState<MenuItem[]>();
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    const controller = new AbortController();
    fetchMenu(environment.resourceUrl, controller.signal).then(
      (items) => setMenu(visibleMenu(items, environment.features)),
      (reason: unknown) => controller.signal.aborted || setError(reason),
    );
    return () => controller.abort();
  }, [environment]);

  if (error) return <ErrorDialog error={error} />;
  if (!menu) return <LoadingState />;

  return (
    <Page masthead={<Header />} sidebar={<Sidebar menu={menu} />} isManagedSidebar isContentFilled>
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
    </Page>
  );
}
