import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "../lib/routing";
import { createApiClient } from "../api/client";
import type { Auth } from "../auth/auth";
import { basePath, type Environment } from "../environment/environment";
import { startI18n } from "../i18n/i18n";
import { App, appRoutes } from "./App";
import { fetchMenu, visibleMenu } from "./layout/menu";
import { preloadPageCode } from "./routing/routes";
import { StartupError } from "./StartupError";

/**
 * The app's half of start-up; the entry (src/main.tsx) has already started sign-in. (sign-in ‖ menu ‖ the first page's
 * code) -> the router, whose loaders ask for the first page's data at once, beside the translations (which need the
 * token) -> render. Any failure shows the error dialog.
 */
export async function start(environment: Environment | { error: unknown }, signIn?: Promise<Auth>) {
  const root = createRoot(document.getElementById("app")!);
  if ("error" in environment || !signIn) {
    root.render(<StartupError error={"error" in environment ? environment.error : undefined} />);
    return;
  }

  preloadPageCode(window.location.pathname, basePath(environment));
  // The texts come from the extension once sign-in has a token (Keycloak's own endpoint if not), so they load beside
  // the first page's data rather than beside sign-in.
  const translations = startI18n(environment, undefined, () => signIn.then((auth) => auth.token()));
  const [auth, menu] = await Promise.allSettled([signIn, fetchMenu(environment.resourceUrl)]);
  if (auth.status === "rejected" || menu.status === "rejected") {
    const i18n = await translations.catch(() => undefined);
    root.render(
      <StartupError
        i18n={i18n}
        error={auth.status === "rejected" ? auth.reason : (menu as PromiseRejectedResult).reason}
      />,
    );
    return;
  }

  // The router starts the first page's loader when it is created: before React renders the shell, not after.
  const api = createApiClient(environment, auth.value.token, undefined, {
    confirmSessionEnded: auth.value.confirmSessionEnded,
  });
  const router = createBrowserRouter(appRoutes(environment, visibleMenu(menu.value, environment.features), api), {
    basename: basePath(environment),
  });
  const i18n = await translations.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if ("error" in i18n) {
    root.render(<StartupError error={i18n.error} />);
    return;
  }
  root.render(<App environment={environment} auth={auth.value} i18n={i18n.value} api={api} router={router} />);
}
