import { startEarlyRequests } from "./app/earlyRequests";
import { startAuth } from "./auth/auth";
import { readEnvironment } from "./environment/environment";
import { showStartupFailure } from "./ui/startupFailure";

// The entry is small on purpose: sign-in (keycloak-js's silent check, then the token request) starts as soon as this
// file has run, and so do the first page's code, the menu and the texts, while the browser still downloads and parses
// the app (src/app/start.tsx, preloaded by the page).
function startSignIn() {
  try {
    const environment = readEnvironment(document);
    const signIn = startAuth(environment);
    signIn.catch(() => undefined); // reported by start(), once the app can show the error dialog
    return { environment, signIn, fetchFirst: startEarlyRequests(environment, signIn) };
  } catch (error) {
    return { environment: { error } };
  }
}

const { environment, signIn, fetchFirst } = startSignIn();
import("./app/start")
  .then(({ start }) => start(environment, signIn, fetchFirst))
  // The app's code did not load (replaced by a deploy, or the network dropped): the spinner must not stay forever.
  .catch((error: unknown) => showStartupFailure(document.getElementById("app")!, error));
