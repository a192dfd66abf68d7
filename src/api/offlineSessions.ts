// The user's offline sessions ("lasting access"), listed and ended by the server extension
// (`…/account-console-extension/offline-sessions`, docs/extension.md): always the token's user's.
import { ApiError, type ApiClient } from "./client";
import { extensionUrl, isRecord, readable, textOrNull } from "./extension";

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

const understood = () =>
  new ApiError("The server sent an answer the console does not understand (lasting access).", 200);

function sessionOf(value: unknown): OfflineSession {
  if (
    !isRecord(value) ||
    typeof value.id !== "string" ||
    typeof value.started !== "number" ||
    typeof value.lastRefresh !== "number" ||
    !Array.isArray(value.clients)
  ) {
    throw understood();
  }
  return {
    id: value.id,
    started: value.started,
    lastRefresh: value.lastRefresh,
    ipAddress: textOrNull(value.ipAddress),
    browser: textOrNull(value.browser),
    os: textOrNull(value.os),
    osVersion: textOrNull(value.osVersion),
    device: textOrNull(value.device),
    clients: value.clients.map((client: unknown) => {
      if (!isRecord(client) || typeof client.clientId !== "string") throw understood();
      return { clientId: client.clientId, clientName: textOrNull(client.clientName) };
    }),
  };
}

/** One page of the user's offline sessions, newest refresh first. The extension caps `max` (at 50). */
export async function fetchOfflineSessions(
  api: ApiClient,
  { first, max }: { first: number; max: number },
  signal?: AbortSignal,
): Promise<OfflineSessionsPage> {
  const body = await readable(
    api.requestUrl<unknown>(extensionUrl(api, "offline-sessions"), { searchParams: { first, max }, signal }),
  );
  if (!isRecord(body) || typeof body.hasMore !== "boolean" || !Array.isArray(body.sessions)) throw understood();
  return {
    first: typeof body.first === "number" ? body.first : first,
    max: typeof body.max === "number" ? body.max : max,
    hasMore: body.hasMore,
    sessions: body.sessions.map(sessionOf),
  };
}

/** Ends one offline session (204): every offline token of it fails at its next refresh. */
export async function endOfflineSession(api: ApiClient, id: string): Promise<void> {
  await readable(
    api.requestUrl<void>(extensionUrl(api, `offline-sessions/${encodeURIComponent(id)}`), { method: "DELETE" }),
  );
}
