import "@patternfly/react-core/dist/styles/base.css";
import "./app/app.css";
import type { i18n as I18n } from "i18next";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { startAuth } from "./auth/auth";
import { readEnvironment, type Environment } from "./environment/environment";
import { startI18n } from "./i18n/i18n";
import { StartupError } from "./app/StartupError";

// Start-up: environment -> (translations ‖ sign-in) -> render; any failure shows the error dialog.
const root = createRoot(document.getElementById("app")!);

async function start() {
  let environment: Environment;
  try {
    environment = readEnvironment(document);
  } catch (error) {
    root.render(<StartupError error={error} />);
    return;
  }

  const [i18n, auth] = await Promise.allSettled([startI18n(environment), startAuth(environment)]);
  const translations: I18n | undefined = i18n.status === "fulfilled" ? i18n.value : undefined;
  if (auth.status === "rejected" || !translations) {
    root.render(
      <StartupError
        i18n={translations}
        error={auth.status === "rejected" ? auth.reason : i18n.status === "rejected" ? i18n.reason : undefined}
      />,
    );
    return;
  }
  root.render(<App environment={environment} auth={auth.value} i18n={translations} />);
}

void start();
