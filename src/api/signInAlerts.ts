// The user's own choice about sign-in alerts, kept by the server extension (`…/account-console-extension/sign-in-alerts`,
// docs/extension.md): always about the token's user.
import { ApiError, type ApiClient } from "./client";
import { extensionUrl, readable } from "./extension";

export type SignInAlertsChoice = {
  /** The realm sends alerts (listener on, mail server set). */
  offered: boolean;
  /** This user gets them. */
  enabled: boolean;
};

function choiceOf(body: unknown): SignInAlertsChoice {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  if (typeof record.offered !== "boolean" || typeof record.enabled !== "boolean") {
    throw new ApiError("The server sent an answer the console does not understand (sign-in alerts).", 200);
  }
  return { offered: record.offered, enabled: record.enabled };
}

export async function fetchSignInAlerts(api: ApiClient, signal?: AbortSignal): Promise<SignInAlertsChoice> {
  return choiceOf(await readable(api.requestUrl<unknown>(extensionUrl(api, "sign-in-alerts"), { signal })));
}

export async function saveSignInAlerts(api: ApiClient, enabled: boolean): Promise<SignInAlertsChoice> {
  return choiceOf(
    await readable(api.requestUrl<unknown>(extensionUrl(api, "sign-in-alerts"), { method: "PUT", body: { enabled } })),
  );
}
