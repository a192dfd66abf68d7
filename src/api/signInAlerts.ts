// The user's own choice about sign-in alerts, kept by the server extension (`…/account-console-extension/sign-in-alerts`,
// docs/extension.md): always about the token's user.
import type { ApiClient } from "./client";
import { extensionUrl, readable } from "./extension";

export type SignInAlertsChoice = {
  /** The realm sends alerts (listener on, mail server set). */
  offered: boolean;
  /** This user gets them. */
  enabled: boolean;
};

export async function fetchSignInAlerts(api: ApiClient, signal?: AbortSignal): Promise<SignInAlertsChoice> {
  return readable(api.requestUrl<SignInAlertsChoice>(extensionUrl(api, "sign-in-alerts"), { signal }));
}

export async function saveSignInAlerts(api: ApiClient, enabled: boolean): Promise<SignInAlertsChoice> {
  return readable(
    api.requestUrl<SignInAlertsChoice>(extensionUrl(api, "sign-in-alerts"), { method: "PUT", body: { enabled } }),
  );
}
