// Every Account REST call the console makes, one small typed function each. Pages call these, never URLs.
import { ApiError, isRecord, type ApiClient, type RequestOptions } from "./client";
import { parseLinks, type PageLinks } from "./links";
import type {
  ClientRepresentation,
  CredentialContainer,
  DeviceRepresentation,
  GroupRepresentation,
  IssuedVerifiableCredentialRepresentation,
  LinkedAccountRepresentation,
  OrganizationRepresentation,
  ResourcePermission,
  ResourceRepresentation,
  SessionRepresentation,
  UserRepresentation,
  UserVerifiableCredentialRepresentation,
} from "./representations";

export async function fetchPersonalInfo(api: ApiClient, signal?: AbortSignal): Promise<UserRepresentation> {
  const body = await api.request<unknown>("/", { searchParams: { userProfileMetadata: true }, signal });
  if (!isRecord(body)) throw unexpectedAnswer("/");
  return body as UserRepresentation;
}

/** The user's own fields without the user-profile metadata: the small answer, for what reads only those. */
export async function fetchAccount(api: ApiClient, signal?: AbortSignal): Promise<UserRepresentation> {
  const body = await api.request<unknown>("/", { signal });
  if (!isRecord(body)) throw unexpectedAnswer("/");
  return body as UserRepresentation;
}

export async function fetchSupportedLocales(api: ApiClient, signal?: AbortSignal): Promise<string[]> {
  const body = await api.request<unknown>("/supportedLocales", { signal });
  if (body !== undefined && !(Array.isArray(body) && body.every((locale) => typeof locale === "string"))) {
    throw unexpectedAnswer("/supportedLocales");
  }
  return body ?? [];
}

/** Saves the whole user (204). A validation failure is an ApiError whose body is `{ errors: FieldError[] }`. */
export async function savePersonalInfo(api: ApiClient, user: UserRepresentation): Promise<void> {
  await api.request<void>("/", { method: "POST", body: user });
}

export async function fetchCredentials(api: ApiClient, signal?: AbortSignal): Promise<CredentialContainer[]> {
  return fetchList<CredentialContainer>(api, "/credentials", (item) => typeof item.type === "string", { signal });
}

/** Renames one of the user's credentials (Keycloak's Account API takes the new label as a JSON string). */
export async function setCredentialLabel(api: ApiClient, credentialId: string, label: string): Promise<void> {
  await api.request<void>(`/credentials/${encodeURIComponent(credentialId)}/label`, { method: "PUT", body: label });
}

export async function fetchDevices(api: ApiClient, signal?: AbortSignal): Promise<DeviceRepresentation[]> {
  return fetchList<DeviceRepresentation>(api, "/sessions/devices", (item) => Array.isArray(item.sessions), { signal });
}

/**
 * The user's online sessions (browsers and applications signed in now). Keycloak's devices list holds these and the
 * offline ones (an application's lasting access) alike; this list holds these only.
 */
export async function fetchSessions(api: ApiClient, signal?: AbortSignal): Promise<SessionRepresentation[]> {
  return fetchList<SessionRepresentation>(api, "/sessions", (item) => typeof item.id === "string", { signal });
}

/**
 * Signs out one session; without an id, every session but the current one. Keycloak ends the offline session of the
 * same id with it.
 */
export async function deleteSession(api: ApiClient, sessionId?: string): Promise<void> {
  await api.request<void>(sessionId ? `/sessions/${encodeURIComponent(sessionId)}` : "/sessions", { method: "DELETE" });
}

export type LinkedAccountsQuery = { linked: boolean; first: number; max: number; search?: string };

export async function fetchLinkedAccounts(
  api: ApiClient,
  { linked, first, max, search }: LinkedAccountsQuery,
  signal?: AbortSignal,
): Promise<LinkedAccountRepresentation[]> {
  const searchParams = { linked, first, max, search: search || undefined };
  return fetchList<LinkedAccountRepresentation>(
    api,
    "/linked-accounts",
    (item) => typeof item.providerAlias === "string",
    { searchParams, signal },
  );
}

/**
 * Keycloak before 26.3 links through the broker: this asks for the provider's link address (`accountLinkUri`), to
 * which the browser then goes; Keycloak comes back to `redirectUri`. 26.3+ uses the `idp_link` action instead.
 */
export async function fetchAccountLinkUri(api: ApiClient, providerAlias: string, redirectUri: string): Promise<string> {
  const path = `/linked-accounts/${encodeURIComponent(providerAlias)}`;
  const body = await api.request<unknown>(path, { searchParams: { providerId: providerAlias, redirectUri } });
  if (!isRecord(body) || typeof body.accountLinkUri !== "string") throw unexpectedAnswer(path);
  return body.accountLinkUri;
}

export async function unlinkAccount(api: ApiClient, providerAlias: string): Promise<void> {
  await api.request<void>(`/linked-accounts/${encodeURIComponent(providerAlias)}`, { method: "DELETE" });
}

export async function fetchApplications(api: ApiClient, signal?: AbortSignal): Promise<ClientRepresentation[]> {
  return fetchList<ClientRepresentation>(api, "/applications", (item) => typeof item.clientId === "string", { signal });
}

/** Revokes the consent and the offline tokens the user gave a client (204). */
export async function deleteConsent(api: ApiClient, clientId: string): Promise<void> {
  await api.request<void>(`/applications/${encodeURIComponent(clientId)}/consent`, { method: "DELETE" });
}

/** The user's direct group memberships. */
export async function fetchGroups(api: ApiClient, signal?: AbortSignal): Promise<GroupRepresentation[]> {
  return fetchList<GroupRepresentation>(api, "/groups", (item) => typeof item.path === "string", { signal });
}

export async function fetchOrganizations(api: ApiClient, signal?: AbortSignal): Promise<OrganizationRepresentation[]> {
  return fetchList<OrganizationRepresentation>(api, "/organizations", (item) => typeof item.name === "string", {
    signal,
  });
}

/** One page of a paged list, with where the server's `Link` header says the next and previous pages are. */
export type Page<T> = { rows: T[]; links: PageLinks };

export type ResourcesQuery = { first: number; max: number; name?: string };

async function fetchResourcePage(
  api: ApiClient,
  path: string,
  { first, max, name }: ResourcesQuery,
  signal?: AbortSignal,
): Promise<Page<ResourceRepresentation>> {
  const searchParams = { first, max, name: name?.trim() || undefined };
  const { body, headers } = await api.requestWithHeaders<unknown>(path, { searchParams, signal });
  const rows = expectList<ResourceRepresentation>(
    body,
    path,
    (item) => typeof item._id === "string" && typeof item.name === "string" && Array.isArray(item.scopes),
  );
  return { rows, links: parseLinks(headers.get("link")) };
}

/** The UMA resources the user owns, one page (the server filters by `name` and pages with a Link header). */
export function fetchResources(
  api: ApiClient,
  query: ResourcesQuery,
  signal?: AbortSignal,
): Promise<Page<ResourceRepresentation>> {
  return fetchResourcePage(api, "/resources", query, signal);
}

/** The UMA resources other users shared with the user, with the granted scopes, one page. */
export function fetchSharedWithMe(
  api: ApiClient,
  query: ResourcesQuery,
  signal?: AbortSignal,
): Promise<Page<ResourceRepresentation>> {
  return fetchResourcePage(api, "/resources/shared-with-me", query, signal);
}

/** Who a resource of the user is shared with, and with which scopes. */
export async function fetchResourcePermissions(
  api: ApiClient,
  resourceId: string,
  signal?: AbortSignal,
): Promise<ResourcePermission[]> {
  const path = `/resources/${encodeURIComponent(resourceId)}/permissions`;
  return fetchList<ResourcePermission>(api, path, isPermission, { signal });
}

/** The pending requests for a resource of the user, one entry per requester with the scopes asked for. */
export async function fetchPermissionRequests(
  api: ApiClient,
  resourceId: string,
  signal?: AbortSignal,
): Promise<ResourcePermission[]> {
  const path = `/resources/${encodeURIComponent(resourceId)}/permissions/requests`;
  return fetchList<ResourcePermission>(api, path, isPermission, { signal });
}

/**
 * Sets what each listed user may do with a resource (204): the listed scopes are granted (pending requests for them
 * become grants), every other ticket of that user on the resource is removed, so `scopes: []` unshares. The server
 * resolves `username` as a username or an email; an unknown one fails the whole call (404) and changes nothing.
 */
export async function updateResourcePermissions(
  api: ApiClient,
  resourceId: string,
  permissions: Pick<ResourcePermission, "username" | "scopes">[],
): Promise<void> {
  const path = `/resources/${encodeURIComponent(resourceId)}/permissions`;
  await api.request<void>(path, { method: "PUT", body: permissions });
}

/** The credential types the user holds (400 unless the realm issues verifiable credentials). */
export async function fetchVerifiableCredentials(api: ApiClient, signal?: AbortSignal) {
  const isItem = (item: Record<string, unknown>) => typeof item.credentialScopeName === "string";
  return fetchList<UserVerifiableCredentialRepresentation>(api, "/verifiable-credentials", isItem, { signal });
}

/** Revokes a credential type for the user (204; 404 when the user does not hold it). */
export async function revokeVerifiableCredential(api: ApiClient, credentialScopeName: string): Promise<void> {
  await api.request<void>(`/verifiable-credentials/${encodeURIComponent(credentialScopeName)}`, { method: "DELETE" });
}

/** Every credential issued to the user's wallets, of all types (the server neither filters nor pages). */
export async function fetchIssuedVerifiableCredentials(api: ApiClient, signal?: AbortSignal) {
  const isItem = (item: Record<string, unknown>) => typeof item.id === "string";
  return fetchList<IssuedVerifiableCredentialRepresentation>(api, "/issued-verifiable-credentials", isItem, { signal });
}

/** Revokes one issued credential (204; 404 when it is not the user's). */
export async function revokeIssuedVerifiableCredential(api: ApiClient, id: string): Promise<void> {
  await api.request<void>(`/issued-verifiable-credentials/${encodeURIComponent(id)}`, { method: "DELETE" });
}

const isPermission = (item: Record<string, unknown>) => typeof item.username === "string" && Array.isArray(item.scopes);

/**
 * An answer of a shape the console cannot use (a proxy's page, another server version): a clear error for the page's
 * error state instead of a crash while drawing. Only the fields a page relies on are checked.
 */
function unexpectedAnswer(path: string): ApiError {
  return new ApiError(`The server sent an answer the console does not understand (${path}).`, 200);
}

/** The list at `path`: an empty body is an empty list; every item must be an object that passes `isItem`. */
async function fetchList<T>(
  api: ApiClient,
  path: string,
  isItem: (item: Record<string, unknown>) => boolean,
  options: Pick<RequestOptions, "searchParams" | "signal">,
): Promise<T[]> {
  return expectList<T>(await api.request<unknown>(path, options), path, isItem);
}

/** A list (an empty body is an empty list) whose items are objects that pass `isItem`. */
function expectList<T>(body: unknown, path: string, isItem: (item: Record<string, unknown>) => boolean): T[] {
  if (body === undefined) return [];
  if (!Array.isArray(body) || !body.every((item) => isRecord(item) && isItem(item))) throw unexpectedAnswer(path);
  return body as T[];
}
