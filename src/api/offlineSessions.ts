// The user's offline sessions ("lasting access"), listed and ended by the server extension
// (`…/account-console-extension/offline-sessions`, docs/extension.md): always the token's user's.
import type { ApiClient } from "./client";
import { extensionUrl, readable } from "./extension";

/** An application that holds an offline token in the session. */
export type OfflineSessionClient = { clientId: string; clientName: string | null };

/**
 * One offline session; times are epoch milliseconds, device facts as Keycloak's devices list gives them (browser as
 * "Firefox/128.0"), null where Keycloak noted none.
 */
export type OfflineSession = {
  id: string;
  started: number;
  lastRefresh: number;
  ipAddress: string | null;
  browser: string | null;
  os: string | null;
  osVersion: string | null;
  device: string | null;
  clients: OfflineSessionClient[];
};

export type OfflineSessionsPage = { first: number; max: number; hasMore: boolean; sessions: OfflineSession[] };

/** One page of the user's offline sessions, newest refresh first. The extension caps `max` (at 50). */
export async function fetchOfflineSessions(
  api: ApiClient,
  { first, max }: { first: number; max: number },
  signal?: AbortSignal,
): Promise<OfflineSessionsPage> {
  // Our own extension's answer, as its records type it (every field written, null where Keycloak noted nothing).
  return readable(
    api.requestUrl<OfflineSessionsPage>(extensionUrl(api, "offline-sessions"), {
      searchParams: { first, max },
      signal,
    }),
  );
}

/** Ends one offline session (204): every offline token of it fails at its next refresh. */
export async function endOfflineSession(api: ApiClient, id: string): Promise<void> {
  await readable(
    api.requestUrl<void>(extensionUrl(api, `offline-sessions/${encodeURIComponent(id)}`), { method: "DELETE" }),
  );
}
