import { fetchLinkedAccounts } from "../../../api/methods";
import type { LinkedAccountRepresentation } from "../../../api/representations";
import type { PageLoader } from "../../page";

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
