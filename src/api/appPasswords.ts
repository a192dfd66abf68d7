// The user's own app passwords, kept by the server extension (`…/account-console-extension/app-passwords`,
// docs/extension.md, "App passwords"): always the token's user's. Times are epoch milliseconds.
import { ApiError, type ApiClient } from "./client";
import { extensionUrl, readable } from "./extension";

export type AppPassword = {
  id: string;
  name: string;
  created: number;
  /** Null: it never expires. */
  expires: number | null;
  /** Null: never used (the server writes it at most once a day). */
  lastUsed: number | null;
};

export type AppPasswordList = { limit: number; appPasswords: AppPassword[] };

/** The answer to a create: the only time the server sends the password itself. */
export type CreatedAppPassword = AppPassword & { password: string };

/** The server's longest name (characters). */
export const MAX_APP_PASSWORD_NAME = 64;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const numberOrNull = (value: unknown): number | null | undefined =>
  value === null ? null : typeof value === "number" ? value : undefined;

function appPasswordOf(value: unknown): AppPassword | undefined {
  if (!isRecord(value) || typeof value.id !== "string" || typeof value.name !== "string") return undefined;
  if (typeof value.created !== "number") return undefined;
  const expires = numberOrNull(value.expires);
  const lastUsed = numberOrNull(value.lastUsed);
  if (expires === undefined || lastUsed === undefined) return undefined;
  return { id: value.id, name: value.name, created: value.created, expires, lastUsed };
}

const notUnderstood = () =>
  new ApiError("The server sent an answer the console does not understand (app passwords).", 200);

export async function fetchAppPasswords(api: ApiClient, signal?: AbortSignal): Promise<AppPasswordList> {
  const body = await readable(api.requestUrl<unknown>(extensionUrl(api, "app-passwords"), { signal }));
  if (!isRecord(body) || typeof body.limit !== "number" || !Array.isArray(body.appPasswords)) throw notUnderstood();
  const appPasswords = body.appPasswords.map(appPasswordOf);
  if (appPasswords.some((entry) => entry === undefined)) throw notUnderstood();
  return { limit: body.limit, appPasswords: appPasswords as AppPassword[] };
}

export async function createAppPassword(
  api: ApiClient,
  request: { name: string; expires: number | null },
): Promise<CreatedAppPassword> {
  const body = await readable(
    api.requestUrl<unknown>(extensionUrl(api, "app-passwords"), { method: "POST", body: request }),
  );
  const created = appPasswordOf(body);
  if (!created || !isRecord(body) || typeof body.password !== "string" || body.password === "") throw notUnderstood();
  return { ...created, password: body.password };
}

export async function revokeAppPassword(api: ApiClient, id: string): Promise<void> {
  await readable(
    api.requestUrl<void>(extensionUrl(api, `app-passwords/${encodeURIComponent(id)}`), { method: "DELETE" }),
  );
}
