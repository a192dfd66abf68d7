import type { i18n as I18n } from "i18next";
import { StrictMode, useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import { createBrowserRouter, RouterProvider } from "react-router";
import { ApiContext } from "../api/ApiContext";
import { createApiClient } from "../api/client";
import type { Auth } from "../auth/auth";
import { AuthContext } from "../auth/AuthContext";
import { basePath, type Environment } from "../environment/environment";
import { EnvironmentContext } from "../environment/EnvironmentContext";
import { AlertProvider } from "../ui/alerts/AlertContext";
import { HelpProvider } from "../ui/help/HelpContext";
import { Shell } from "./layout/Shell";
import { CatchAllRedirect } from "./routing/CatchAllRedirect";
import { RouteError } from "./routing/RouteError";
import { enabledRoutes } from "./routing/routes";

export function createRouter(environment: Environment) {
  return createBrowserRouter(
    [
      {
        path: "/",
        element: <Shell />,
        errorElement: <RouteError />,
        children: [
          ...enabledRoutes(environment.features).map(({ path, Page }) =>
            path === "" ? { index: true, element: <Page /> } : { path, element: <Page /> },
          ),
          { path: "*", element: <CatchAllRedirect /> },
        ],
      },
    ],
    { basename: basePath(environment) },
  );
}

export function App({ environment, auth, i18n }: { environment: Environment; auth: Auth; i18n: I18n }) {
  const router = useMemo(() => createRouter(environment), [environment]);
  const api = useMemo(() => createApiClient(environment, auth.token), [environment, auth]);

  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <EnvironmentContext.Provider value={environment}>
          <AuthContext.Provider value={auth}>
            <ApiContext.Provider value={api}>
              <HelpProvider>
                <AlertProvider>
                  <RouterProvider router={router} />
                </AlertProvider>
              </HelpProvider>
            </ApiContext.Provider>
          </AuthContext.Provider>
        </EnvironmentContext.Provider>
      </I18nextProvider>
    </StrictMode>
  );
}
