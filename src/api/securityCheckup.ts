// What the security checkup reads of the extension's features built beside it (offline sessions, last use of sign-in
// methods, app passwords): only what a finding needs, in the shapes of their endpoints (docs/extension.md).
import { ApiError, type ApiClient } from "./client";
import { extensionUrl, isRecord, readable } from "./extension";

const unreadable = (what: string) =>
  new ApiError(`The server sent an answer the console does not understand (${what}).`, 200);

/** Whether any application holds lasting access (an offline session): the first page of one is enough to tell. */
export async function fetchHasLastingAccess(api: ApiClient, signal?: AbortSignal): Promise<boolean> {
  const body = await readable(
    api.requestUrl<unknown>(extensionUrl(api, "offline-sessions"), { searchParams: { first: 0, max: 1 }, signal }),
  );
  if (!isRecord(body) || !Array.isArray(body.sessions)) throw unreadable("offline sessions");
  return body.sessions.length > 0 || body.hasMore === true;
}

/** When a sign-in method was last used: per credential, or per type (`credentialId` null) where that is all it knows. */
export type LastUse = { credentialId: string | null; type: string; time: number };

export async function fetchLastUses(api: ApiClient, signal?: AbortSignal): Promise<LastUse[]> {
  const body = await readable(api.requestUrl<unknown>(extensionUrl(api, "credentials/last-used"), { signal }));
  if (!isRecord(body) || !Array.isArray(body.lastUsed)) throw unreadable("last use");
  return body.lastUsed.flatMap((row: unknown): LastUse[] =>
    isRecord(row) && typeof row.type === "string" && typeof row.time === "number"
      ? [
          {
            credentialId: typeof row.credentialId === "string" ? row.credentialId : null,
            type: row.type,
            time: row.time,
          },
        ]
      : [],
  );
}

/** One app password, without its secret (the server sends that once, when it is made). */
export type AppPasswordUse = { id: string; name: string; created: number; lastUsed: number | null };

export async function fetchAppPasswordUses(api: ApiClient, signal?: AbortSignal): Promise<AppPasswordUse[]> {
  const body = await readable(api.requestUrl<unknown>(extensionUrl(api, "app-passwords"), { signal }));
  if (!isRecord(body) || !Array.isArray(body.appPasswords)) throw unreadable("app passwords");
  return body.appPasswords.flatMap((row: unknown): AppPasswordUse[] =>
    isRecord(row) && typeof row.id === "string" && typeof row.created === "number"
      ? [
          {
            id: row.id,
            name: typeof row.name === "string" ? row.name : "",
            created: row.created,
            lastUsed: typeof row.lastUsed === "number" ? row.lastUsed : null,
          },
        ]
      : [],
  );
}
