// "Download your data": one JSON file, built in the browser from the Account API. The format is documented in
// docs/your-data.md; its field names are a promise to the people who keep these files, so change them only with
// a new EXPORT_VERSION.
import type { ApiClient } from "../../api/client";
import {
  fetchApplications,
  fetchCredentials,
  fetchDevices,
  fetchGroups,
  fetchIssuedVerifiableCredentials,
  fetchLinkedAccounts,
  fetchOrganizations,
  fetchPersonalInfo,
  fetchResourcePermissions,
  fetchResources,
  fetchSharedWithMe,
  fetchVerifiableCredentials,
} from "../../api/methods";
import type {
  CredentialContainer,
  ResourcePermission,
  ResourceRepresentation,
  UserRepresentation,
} from "../../api/representations";
import type { Features } from "../../environment/environment";

/** The version of the file's format; raised whenever a field is renamed, moved or changes meaning. */
export const EXPORT_VERSION = 1;
/** What the file is, for a program that finds it later. */
export const EXPORT_FORMAT = "keycloak-account-data";

/** The parts of the file, in the order they appear. */
export const EXPORT_PARTS = [
  "profile",
  "groups",
  "organizations",
  "devices",
  "applications",
  "linkedAccounts",
  "credentials",
  "resources",
  "verifiableCredentials",
] as const;

export type ExportPartName = (typeof EXPORT_PARTS)[number];

/** How one part ended: its data, a realm that does not offer it, or a failure (with the error's message). */
export type ExportPart =
  { status: "included"; data: unknown } | { status: "notOffered" } | { status: "failed"; error: string };

export type ExportFile = {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  /** A short sentence for a person opening the file (in the console's language). */
  header: string;
  /** ISO 8601, UTC. */
  exportedAt: string;
  realm: string;
  /** The parts that failed: their data is missing from this file. Empty when the file is complete. */
  failedParts: ExportPartName[];
  /** The parts this realm does not offer (a feature switched off): nothing is missing. */
  notOfferedParts: ExportPartName[];
  parts: Record<ExportPartName, ExportPart>;
};

/** One credential as the file holds it: what it is and when it was made, never its secret or its data. */
export type CredentialSummary = { type: string; label?: string; createdDate?: number };

/** Which feature flag decides whether a part exists (parts without one are always offered). */
const PART_FLAGS: Partial<Record<ExportPartName, keyof Features>> = {
  groups: "isViewGroupsEnabled",
  organizations: "isViewOrganizationsEnabled",
  applications: "isViewApplicationsEnabled",
  linkedAccounts: "isLinkedAccountsEnabled",
  resources: "isMyResourcesEnabled",
  verifiableCredentials: "isViewVerifiableCredentialsEnabled",
};

export function isOffered(part: ExportPartName, features: Features): boolean {
  const flag = PART_FLAGS[part];
  return flag === undefined || features[flag];
}

/** How each part's data is fetched; a function each, so that tests can hand in their own. */
export type PartFetchers = Record<ExportPartName, (signal?: AbortSignal) => Promise<unknown>>;

/** The profile without the user-profile metadata (that describes the form, not the user). */
export function profileOf(user: UserRepresentation): UserRepresentation {
  const { userProfileMetadata: _metadata, ...profile } = user;
  return profile;
}

/** The credentials' metadata only: type, label and created date. `credentialData` and secrets never enter the file. */
export function credentialSummaries(containers: CredentialContainer[]): CredentialSummary[] {
  return containers.flatMap((container) =>
    container.userCredentialMetadatas.map(({ credential }) => {
      const summary: CredentialSummary = { type: credential.type || container.type };
      if (credential.userLabel) summary.label = credential.userLabel;
      if (credential.createdDate !== undefined) summary.createdDate = credential.createdDate;
      return summary;
    }),
  );
}

const PAGE_SIZE = 100;
/** A bound on paging, so that a server that always says "more" cannot keep the download going forever. */
const MAX_PAGES = 100;

/** Every page of a list paged by `first`/`max`: a short page is the last one. */
export async function allPages<T>(load: (first: number, max: number) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const batch = await load(page * PAGE_SIZE, PAGE_SIZE);
    rows.push(...batch);
    if (batch.length < PAGE_SIZE) return rows;
  }
  throw new Error("The list did not end.");
}

/** Every page of a list paged by the `Link` header. */
async function allLinkedPages<T>(
  load: (first: number, max: number) => Promise<{ rows: T[]; links: { next?: { first: number; max: number } } }>,
): Promise<T[]> {
  const rows: T[] = [];
  let query = { first: 0, max: PAGE_SIZE };
  for (let page = 0; page < MAX_PAGES; page++) {
    const { rows: batch, links } = await load(query.first, query.max);
    rows.push(...batch);
    if (!links.next || batch.length === 0) return rows;
    query = links.next;
  }
  throw new Error("The list did not end.");
}

export type OwnedResource = ResourceRepresentation & { sharedWith: ResourcePermission[] };

/** The Account API calls behind each part. */
export function accountFetchers(api: ApiClient): PartFetchers {
  return {
    profile: async (signal) => profileOf(await fetchPersonalInfo(api, signal)),
    groups: (signal) => fetchGroups(api, signal),
    organizations: (signal) => fetchOrganizations(api, signal),
    devices: (signal) => fetchDevices(api, signal),
    applications: (signal) => fetchApplications(api, signal),
    linkedAccounts: (signal) =>
      allPages((first, max) => fetchLinkedAccounts(api, { linked: true, first, max }, signal)),
    credentials: async (signal) => credentialSummaries(await fetchCredentials(api, signal)),
    resources: async (signal) => {
      const owned = await allLinkedPages((first, max) => fetchResources(api, { first, max }, signal));
      const sharedWithMe = await allLinkedPages((first, max) => fetchSharedWithMe(api, { first, max }, signal));
      const withShares: OwnedResource[] = await Promise.all(
        owned.map(async (resource) => ({
          ...resource,
          sharedWith: await fetchResourcePermissions(api, resource._id, signal),
        })),
      );
      return { owned: withShares, sharedWithMe };
    },
    verifiableCredentials: async (signal) => {
      const [types, issued] = await Promise.all([
        fetchVerifiableCredentials(api, signal),
        fetchIssuedVerifiableCredentials(api, signal),
      ]);
      return { types, issued };
    },
  };
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message || error.name : typeof error === "string" ? error : String(error);

/**
 * Fetches every offered part side by side. A part that fails is recorded as failed with its error: it is never
 * left out without a word.
 */
export async function collectParts(
  fetchers: PartFetchers,
  features: Features,
  signal?: AbortSignal,
): Promise<Record<ExportPartName, ExportPart>> {
  const outcomes = await Promise.all(
    EXPORT_PARTS.map(async (name): Promise<[ExportPartName, ExportPart]> => {
      if (!isOffered(name, features)) return [name, { status: "notOffered" }];
      try {
        return [name, { status: "included", data: await fetchers[name](signal) }];
      } catch (error) {
        return [name, { status: "failed", error: messageOf(error) }];
      }
    }),
  );
  return Object.fromEntries(outcomes) as Record<ExportPartName, ExportPart>;
}

export function buildExportFile(
  parts: Record<ExportPartName, ExportPart>,
  { header, realm, now }: { header: string; realm: string; now: Date },
): ExportFile {
  const withStatus = (status: ExportPart["status"]) => EXPORT_PARTS.filter((name) => parts[name].status === status);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    header,
    exportedAt: now.toISOString(),
    realm,
    failedParts: withStatus("failed"),
    notOfferedParts: withStatus("notOffered"),
    parts: Object.fromEntries(EXPORT_PARTS.map((name) => [name, parts[name]])) as Record<ExportPartName, ExportPart>,
  };
}

/** `account-data-<realm>-<YYYY-MM-DD>.json`, with anything but letters, digits, dot, dash and underscore replaced. */
export function exportFileName(realm: string, now: Date): string {
  const safeRealm = realm.replace(/[^A-Za-z0-9._-]+/g, "_") || "realm";
  return `account-data-${safeRealm}-${now.toISOString().slice(0, 10)}.json`;
}

export function serializeExport(file: ExportFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
