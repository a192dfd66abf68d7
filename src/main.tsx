import { preloadPage } from "./app/routing/pages";
import { startAuth } from "./auth/auth";
import { basePath, readEnvironment } from "./environment/environment";
import { showStartupFailure } from "./ui/startupFailure";

// The entry is small on purpose: sign-in (keycloak-js's silent check, then the token request) starts as soon as this
// file has run, and so does the first page's code and loader (from the route table), while the browser still
// downloads and parses the app (src/app/start.tsx, preloaded by the page). The menu and the texts need no token: the page itself asks for them
// (`<link rel="preload" as="fetch">` in index.ftl), and the app's fetch takes the preloaded answers.
function startSignIn() {
  try {
    const environment = readEnvironment(document);
    const signIn = startAuth(environment);
    signIn.catch(() => undefined); // reported by start(), once the app can show the error dialog
    preloadPage(window.location.pathname, basePath(environment));
    return { environment, signIn };
  } catch (error) {
    return { environment: { error } };
  }
}

const { environment, signIn } = startSignIn();
import("./app/start")
  .then(({ start }) => start(environment, signIn))
  // The app's code did not load (replaced by a deploy, or the network dropped): the spinner must not stay forever.
  .catch((error: unknown) => showStartupFailure(document.getElementById("app")!, error));
