import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "../lib/router";
import { createApiClient } from "../api/client";
import type { Auth } from "../auth/auth";
import { basePath, type Environment } from "../environment/environment";
import { startI18n } from "../i18n/i18n";
import { App, appRoutes } from "./App";
import { fetchMenu, visibleMenu } from "./layout/menu";
import { preloadPageCode } from "./routing/routes";
import { StartupError } from "./StartupError";

/**
 * The app's half of start-up; the entry (src/main.tsx) has already started sign-in. (translations ‖ sign-in ‖ menu ‖
 * the first page's code) -> the router, whose loaders ask for the first page's data at once -> render. Any failure
 * shows the error dialog.
 */
export async function start(environment: Environment | { error: unknown }, signIn?: Promise<Auth>) {
  const root = createRoot(document.getElementById("app")!);
  if ("error" in environment || !signIn) {
    root.render(<StartupError error={"error" in environment ? environment.error : undefined} />);
    return;
  }

  preloadPageCode(window.location.pathname, basePath(environment));
  const [i18n, auth, menu] = await Promise.allSettled([
    startI18n(environment),
    signIn,
    fetchMenu(environment.resourceUrl),
  ]);
  const translations = i18n.status === "fulfilled" ? i18n.value : undefined;
  if (!translations || auth.status === "rejected" || menu.status === "rejected") {
    const failed = [i18n, auth, menu].find((result) => result.status === "rejected");
    root.render(<StartupError i18n={translations} error={failed?.reason} />);
    return;
  }

  // The router starts the first page's loader when it is created: before React renders the shell, not after.
  const api = createApiClient(environment, auth.value.token, undefined, {
    confirmSessionEnded: auth.value.confirmSessionEnded,
  });
  const router = createBrowserRouter(appRoutes(environment, visibleMenu(menu.value, environment.features), api), {
    basename: basePath(environment),
  });
  root.render(<App environment={environment} auth={auth.value} i18n={translations} api={api} router={router} />);
}
