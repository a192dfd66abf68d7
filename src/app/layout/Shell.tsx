import { Bullseye, Page, Spinner } from "@patternfly/react-core";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { useEnvironment } from "../../environment/EnvironmentContext";
import { ErrorDialog } from "../../ui/ErrorDialog";
import { Header } from "./Header";
import { fetchMenu, visibleMenu, type MenuItem } from "./menu";
import { Sidebar } from "./Sidebar";

export function LoadingPage() {
  const { t } = useTranslation();
  return (
    <Bullseye style={{ minHeight: "50vh" }}>
      <Spinner aria-label={t("spinnerLoading")} />
    </Bullseye>
  );
}

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
  if (!menu) return <LoadingPage />;

  return (
    <Page masthead={<Header />} sidebar={<Sidebar menu={menu} />} isManagedSidebar isContentFilled>
      <Suspense fallback={<LoadingPage />}>
        <Outlet />
      </Suspense>
    </Page>
  );
}
