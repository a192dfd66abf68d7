// The first screen's one stylesheet (the shell chunk's, linked by the page): the start-up spinner, PatternFly's base,
// the fonts, ours, then the components'. Imported here, not by the entry, so that it is one file, not two.
import "./loading.css";
import "@patternfly/react-core/dist/styles/base.css";
import "./fonts.css";
import "./app.css";
import { createRoot, type Root } from "react-dom/client";
import { createBrowserRouter } from "../lib/routing";
import { createApiClient } from "../api/client";
import type { Auth } from "../auth/auth";
import { pendingAuth } from "../auth/pendingAuth";
import { basePath, type Environment } from "../environment/environment";
import { startI18n } from "../i18n/i18n";
import { App, appRoutes } from "./App";
import { fetchMenu, visibleMenu } from "../menu/menu";
import { StartupError } from "./StartupError";

/**
 * The app's half of start-up; the entry (src/main.tsx) has already started sign-in and the first page's code, and the
 * page has asked for the texts and the menu (index.ftl preloads them: neither needs a token). While Keycloak answers
 * sign-in, the app is drawn: header, sidebar, page frame and the page's skeleton. The router is made then too, and its loader asks for the first page's data as soon as sign-in has a
 * token; when the data comes, only the page's own content is drawn. Any failure shows the error dialog. Returns the
 * React root the app is drawn in (tests unmount it).
 */
export async function start(environment: Environment | { error: unknown }, signIn?: Promise<Auth>): Promise<Root> {
  const root = createRoot(document.getElementById("app")!);
  if ("error" in environment || !signIn) {
    root.render(<StartupError error={"error" in environment ? environment.error : undefined} />);
    return root;
  }

  // The browser has these two on their way already (index.ftl's preloads): these calls take its answers.
  const translations = startI18n(environment);
  const menuRequest = fetchMenu(environment.resourceUrl);
  // A failed sign-in replaces whatever is drawn by then (the app waits for sign-in in every call it makes).
  let failed = false;
  signIn.catch(async (error: unknown) => {
    failed = true;
    const i18n = await translations.catch(() => undefined);
    root.render(<StartupError i18n={i18n} error={error} />);
  });

  const [menu, i18n] = await Promise.allSettled([menuRequest, translations]);
  if (failed) return root;
  if (menu.status === "rejected" || i18n.status === "rejected") {
    root.render(
      <StartupError
        i18n={i18n.status === "fulfilled" ? i18n.value : undefined}
        error={menu.status === "rejected" ? menu.reason : (i18n as PromiseRejectedResult).reason}
      />,
    );
    return root;
  }

  const auth = pendingAuth(signIn);
  const api = createApiClient(environment, auth.token, undefined, { confirmSessionEnded: auth.confirmSessionEnded });
  // The router starts the first page's loader when it is made: its calls leave as soon as sign-in has the token.
  const router = createBrowserRouter(appRoutes(environment, visibleMenu(menu.value, environment.features), api), {
    basename: basePath(environment),
  });
  root.render(<App environment={environment} auth={auth} i18n={i18n.value} api={api} router={router} />);
  return root;
}
