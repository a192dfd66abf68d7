import { NO_EXTENSION, probeExtension } from "../../api/extension";
import { fetchCredentials, fetchDevices, fetchLinkedAccounts, fetchSessions } from "../../api/methods";
import type { CredentialContainer, LinkedAccountRepresentation } from "../../api/representations";
import type { PageLoader } from "../page";
import { onlineOnly, orderDevices, type OrderedDevice } from "./devices";

export const loadCredentials: PageLoader<CredentialContainer[]> = ({ api, request }) =>
  fetchCredentials(api, request.signal);

/** Device activity's data: the devices, and whether Lasting access lists the offline sessions (then left out here). */
export type DeviceActivityData = { devices: OrderedDevice[]; lastingAccess: boolean };

export const loadDevices: PageLoader<DeviceActivityData> = async ({ api, request }) => {
  const devices = fetchDevices(api, request.signal);
  // Without the extension, the devices list is the only place to end an offline session: it stays as Keycloak has it.
  const { offlineSessions } = await probeExtension(api).catch(() => NO_EXTENSION);
  if (!offlineSessions) return { devices: orderDevices(await devices), lastingAccess: false };
  const [all, online] = await Promise.all([devices, fetchSessions(api, request.signal)]);
  return { devices: orderDevices(onlineOnly(all, online)), lastingAccess: true };
};

/** Rows shown per page of a provider list at first. */
export const FIRST_PAGE_SIZE = 5;

export type ProviderPage = { rows: LinkedAccountRepresentation[]; hasNext: boolean };
export type Paging = { first: number; pageSize: number; search: string };

/**
 * One page of a provider list. It asks for one row more than it shows: that extra row only says whether a
 * next page exists (the server sends no total).
 */
export async function fetchPage(
  load: (query: { first: number; max: number; search?: string }) => Promise<LinkedAccountRepresentation[]>,
  { first, pageSize, search }: Paging,
): Promise<ProviderPage> {
  const rows = await load({ first, max: pageSize + 1, search: search || undefined });
  return { rows: rows.slice(0, pageSize), hasNext: rows.length > pageSize };
}

export type LinkedAccountsData = { linked: ProviderPage; unlinked: ProviderPage };

/** The first page of both lists. */
export const loadLinkedAccounts: PageLoader<LinkedAccountsData> = async ({ api, request }) => {
  const firstPage = (linked: boolean) =>
    fetchPage((query) => fetchLinkedAccounts(api, { linked, ...query }, request.signal), {
      first: 0,
      pageSize: FIRST_PAGE_SIZE,
      search: "",
    });
  const [linked, unlinked] = await Promise.all([firstPage(true), firstPage(false)]);
  return { linked, unlinked };
};
