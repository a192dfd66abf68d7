import type { TFunction } from "i18next";
import type { PageLinks } from "../../api/links";
import type { ResourcePermission, ResourceRepresentation, ResourceScope } from "../../api/representations";
import { translateLabel } from "../../i18n/translateLabel";

/** Rows per page at first, as the stock console; the user picks 5, 10 or 20. */
export const FIRST_PAGE_SIZE = 5;
export const PER_PAGE_OPTIONS = [5, 10, 20];

/** What a list asks the server for: the page and the name filter. */
export type ResourceQuery = { first: number; max: number; name: string };

export const FIRST_QUERY: ResourceQuery = { first: 0, max: FIRST_PAGE_SIZE, name: "" };

/** The query of the page a Link points to; the server's links carry only first and max, the filter stays ours. */
export function followLink(query: ResourceQuery, links: PageLinks, direction: "next" | "prev"): ResourceQuery {
  const link = links[direction];
  if (link) return { ...query, first: link.first, max: link.max };
  // No link from the server: compute it, never going below the first row.
  const first = direction === "next" ? query.first + query.max : Math.max(query.first - query.max, 0);
  return { ...query, first };
}

/**
 * What the share, edit and unshare dialogs of a resource's row are given. `onClose(changed)`: `changed` when the server
 * now shares the resource differently, so the list should reload.
 */
export type ResourceDialogProps = { resource: ResourceRepresentation; onClose: (changed: boolean) => void };

/** A resource's name as shown: its display name when it has one. */
export function resourceLabel(t: TFunction, resource: Pick<ResourceRepresentation, "name" | "displayName">): string {
  return translateLabel(t, resource.displayName, resource.name) || resource.name;
}

export function scopeLabel(t: TFunction, scope: ResourceScope): string {
  return translateLabel(t, scope.displayName, scope.name) || scope.name;
}

/** The application a resource belongs to: the client's name, else its client id. */
export function applicationLabel(t: TFunction, resource: ResourceRepresentation): string {
  return translateLabel(t, resource.client?.name, resource.client?.clientId ?? "") || (resource.client?.clientId ?? "");
}

/** The test id of the "shared with" summary: the usernames joined by commas, or "none" (as the stock console). */
export function sharedWithTestId(permissions: ResourcePermission[]): string {
  return `shared-with-${permissions.length === 0 ? "none" : permissions.map((p) => p.username).join(",")}`;
}

/** Whether `value` (a username or an email) names a user of the list, ignoring case as Keycloak does. */
export function findUser(permissions: ResourcePermission[], value: string): ResourcePermission | undefined {
  const needle = value.trim().toLocaleLowerCase();
  if (!needle) return undefined;
  return permissions.find(
    (p) => p.username.toLocaleLowerCase() === needle || (p.email ?? "").toLocaleLowerCase() === needle,
  );
}

/** The scopes a user has after an accepted request: what they had, plus what they asked for (no duplicates). */
export function acceptedScopes(granted: string[], requested: string[]): string[] {
  return [...new Set([...granted, ...requested])];
}

/** Two scope lists hold the same scopes (order does not matter). */
export function sameScopes(a: string[], b: string[]): boolean {
  return a.length === b.length && new Set([...a, ...b]).size === a.length;
}

/** The row's 1-based page number and the count Pagination shows: what is known, plus one when there is a next page. */
export function pagingState(query: ResourceQuery, rowCount: number, links: PageLinks) {
  return {
    page: Math.floor(query.first / query.max) + 1,
    itemCount: query.first + rowCount + (links.next ? 1 : 0),
  };
}
