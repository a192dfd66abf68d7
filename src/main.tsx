import "@patternfly/react-core/dist/styles/base.css";
import "./app/app.css";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { fetchMenu, visibleMenu } from "./app/layout/menu";
import { StartupError } from "./app/StartupError";
import { preloadPageCode } from "./app/routing/routes";
import { startAuth } from "./auth/auth";
import { basePath, readEnvironment, type Environment } from "./environment/environment";
import { startI18n } from "./i18n/i18n";

// Start-up: environment -> (translations ‖ sign-in ‖ menu ‖ the first page's code) -> render; any failure shows the
// error dialog.
const root = createRoot(document.getElementById("app")!);

async function start() {
  let environment: Environment;
  try {
    environment = readEnvironment(document);
  } catch (error) {
    root.render(<StartupError error={error} />);
    return;
  }

  preloadPageCode(window.location.pathname, basePath(environment));
  const [i18n, auth, menu] = await Promise.allSettled([
    startI18n(environment),
    startAuth(environment),
    fetchMenu(environment.resourceUrl),
  ]);
  const translations = i18n.status === "fulfilled" ? i18n.value : undefined;
  if (!translations || auth.status === "rejected" || menu.status === "rejected") {
    const failed = [i18n, auth, menu].find((result) => result.status === "rejected");
    root.render(<StartupError i18n={translations} error={failed?.reason} />);
    return;
  }
  root.render(
    <App
      environment={environment}
      auth={auth.value}
      i18n={translations}
      menu={visibleMenu(menu.value, environment.features)}
    />,
  );
}

void start();
