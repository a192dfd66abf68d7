import type { i18n as I18n } from "i18next";
import { StrictMode, useCallback, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { RouterProvider, type createBrowserRouter, type RouteObject } from "../lib/routing";
import { ApiContext } from "../api/ApiContext";
import type { ApiClient } from "../api/client";
import { startExtensionProbe } from "../api/extension";
import type { Auth } from "../auth/auth";
import { AuthContext } from "../auth/AuthContext";
import type { Environment } from "../environment/environment";
import { EnvironmentContext } from "../environment/EnvironmentContext";
import { AlertProvider } from "../ui/alerts/AlertContext";
import { HelpProvider } from "../ui/help/HelpContext";
import { warmUpDateFormat } from "../i18n/format";
import type { MenuItem } from "../menu/menu";
import { Shell } from "./layout/Shell";
import { CatchAllRedirect } from "./routing/CatchAllRedirect";
import { RouteError } from "./routing/RouteError";
import { SessionEndedDialog } from "./SessionEndedDialog";
import { useAfterFirstScreen } from "./afterFirstScreen";
import { countMenuBadges } from "./routing/menuBadges";
import { pageRoutes } from "./routing/routes";

/** The route tree: the shell around every page of the menu; anything else lands on personal info. */
export function appRoutes(environment: Environment, menu: MenuItem[], api: ApiClient): RouteObject[] {
  return [
    {
      path: "/",
      element: <Shell menu={menu} />,
      errorElement: <RouteError />,
      children: [...pageRoutes(menu, environment.features, api), { path: "*", element: <CatchAllRedirect /> }],
    },
  ];
}

/** Everything a page may ask for, around the router. The test harness builds the same tree. */
export function AppProviders(props: {
  environment: Environment;
  auth: Auth;
  api: ApiClient;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={props.i18n}>
      <EnvironmentContext.Provider value={props.environment}>
        <AuthContext.Provider value={props.auth}>
          <ApiContext.Provider value={props.api}>
            <HelpProvider>
              <AlertProvider>
                {props.children}
                <SessionEndedDialog />
              </AlertProvider>
            </HelpProvider>
          </ApiContext.Provider>
        </AuthContext.Provider>
      </EnvironmentContext.Provider>
    </I18nextProvider>
  );
}

export function App({
  environment,
  auth,
  i18n,
  api,
  router,
}: {
  environment: Environment;
  auth: Auth;
  i18n: I18n;
  api: ApiClient;
  /** Made before the first render (src/app/start.tsx), so the first page's loader does not wait for React. */
  router: ReturnType<typeof createBrowserRouter>;
}) {
  useAfterFirstScreen(
    router,
    useCallback(() => {
      const stopWatching = auth.watchSession();
      // The first date formatter of a language costs 20-30 ms (Intl loads its data): here, not on the first visit
      // of device activity or applications.
      warmUpDateFormat(i18n.language);
      // What the server extension offers (menu items, actions on pages): one small call, never before the first screen.
      startExtensionProbe(api);
      // The menu's badges (the checkup's count): their code and their reads only now, never on the first screen.
      const counting = new AbortController();
      countMenuBadges(api, counting.signal);
      return () => {
        counting.abort();
        stopWatching();
      };
    }, [auth, i18n, api]),
  );

  return (
    <StrictMode>
      <AppProviders environment={environment} auth={auth} api={api} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
