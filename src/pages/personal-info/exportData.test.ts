import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client";
import type { CredentialContainer } from "../../api/representations";
import type { Features } from "../../environment/environment";
import {
  allPages,
  buildExportFile,
  collectParts,
  credentialSummaries,
  EXPORT_PARTS,
  EXPORT_VERSION,
  exportFileName,
  profileOf,
  serializeExport,
  type PartFetchers,
} from "./exportData";

const allOn: Features = {
  isRegistrationEmailAsUsername: false,
  isEditUserNameAllowed: true,
  isInternationalizationEnabled: false,
  isLinkedAccountsEnabled: true,
  isMyResourcesEnabled: true,
  isViewOrganizationsEnabled: true,
  deleteAccountAllowed: false,
  updateEmailFeatureEnabled: false,
  updateEmailActionEnabled: false,
  isViewApplicationsEnabled: true,
  isViewGroupsEnabled: true,
  isOid4VciEnabled: true,
  isViewVerifiableCredentialsEnabled: true,
  isIdpLinkActionEnabled: true,
};

/** Every part answers with its own name, so a test can tell which fetcher filled which part. */
function fetchers(overrides: Partial<PartFetchers> = {}): PartFetchers {
  const base = Object.fromEntries(EXPORT_PARTS.map((name) => [name, async () => ({ from: name })])) as PartFetchers;
  return { ...base, ...overrides };
}

const meta = { header: "Account data of alice", realm: "demo", now: new Date("2026-11-24T15:00:00Z") };

describe("collectParts and buildExportFile", () => {
  it("puts every part's data in the file under its name, with the version and the header", async () => {
    const file = buildExportFile(await collectParts(fetchers(), allOn), meta);
    expect(file).toMatchObject({
      format: "keycloak-account-data",
      version: EXPORT_VERSION,
      header: "Account data of alice",
      exportedAt: "2026-11-24T15:00:00.000Z",
      realm: "demo",
      failedParts: [],
      notOfferedParts: [],
    });
    expect(Object.keys(file.parts)).toEqual([...EXPORT_PARTS]);
    for (const name of EXPORT_PARTS) expect(file.parts[name]).toEqual({ status: "included", data: { from: name } });
  });

  it("names a failed part, with the error, and keeps the others", async () => {
    const parts = await collectParts(
      fetchers({
        groups: () => Promise.reject(new ApiError("Server error", 500)),
        devices: () => Promise.reject(new Error("")),
      }),
      allOn,
    );
    const file = buildExportFile(parts, meta);
    expect(file.failedParts).toEqual(["groups", "devices"]);
    expect(file.parts.groups).toEqual({ status: "failed", error: "Server error" });
    expect(file.parts.devices).toEqual({ status: "failed", error: "Error" });
    expect(file.parts.profile).toEqual({ status: "included", data: { from: "profile" } });
  });

  it("records a part whose feature is off as not offered, never as failed, and does not fetch it", async () => {
    let fetched = false;
    const features = { ...allOn, isViewOrganizationsEnabled: false, isViewVerifiableCredentialsEnabled: false };
    const parts = await collectParts(
      fetchers({
        organizations: async () => {
          fetched = true;
          return [];
        },
      }),
      features,
    );
    const file = buildExportFile(parts, meta);
    expect(fetched).toBe(false);
    expect(file.notOfferedParts).toEqual(["organizations", "verifiableCredentials"]);
    expect(file.failedParts).toEqual([]);
    expect(file.parts.organizations).toEqual({ status: "notOffered" });
  });

  it("serializes to JSON that parses back to the same file", async () => {
    const file = buildExportFile(await collectParts(fetchers(), allOn), meta);
    const text = serializeExport(file);
    expect(text.endsWith("\n")).toBe(true);
    expect(JSON.parse(text)).toEqual(file);
  });
});

describe("what a part holds", () => {
  it("the profile leaves the form's metadata out", () => {
    expect(profileOf({ username: "alice", email: "a@example.org", userProfileMetadata: { attributes: [] } })).toEqual({
      username: "alice",
      email: "a@example.org",
    });
  });

  it("credentials keep type, label and created date, never the credential's data", () => {
    const containers: CredentialContainer[] = [
      {
        type: "otp",
        category: "two-factor",
        displayName: "Authenticator",
        removeable: true,
        userCredentialMetadatas: [
          {
            credential: {
              id: "c1",
              type: "otp",
              userLabel: "Phone",
              createdDate: 1700000000000,
              credentialData: '{"secret":"do-not-export"}',
            },
          },
          { credential: { id: "c2", type: "", createdDate: 1700000001000 } },
        ],
      },
    ];
    const summaries = credentialSummaries(containers);
    expect(summaries).toEqual([
      { type: "otp", label: "Phone", createdDate: 1700000000000 },
      { type: "otp", createdDate: 1700000001000 },
    ]);
    expect(JSON.stringify(summaries)).not.toContain("do-not-export");
    expect(JSON.stringify(summaries)).not.toContain("c1");
  });
});

describe("allPages", () => {
  it("follows first/max until a short page", async () => {
    const asked: number[] = [];
    const rows = await allPages(async (first, max) => {
      asked.push(first);
      return first < 200 ? Array.from({ length: max }, (_, i) => first + i) : [200, 201];
    });
    expect(asked).toEqual([0, 100, 200]);
    expect(rows).toHaveLength(202);
  });

  it("fails instead of looping when the list never ends", async () => {
    await expect(allPages(async (_first, max) => Array.from({ length: max }, () => 1))).rejects.toThrow();
  });
});

describe("exportFileName", () => {
  it("names the realm and the day, with nothing a file system refuses", () => {
    expect(exportFileName("demo", meta.now)).toBe("account-data-demo-2026-11-24.json");
    expect(exportFileName("a/b c", meta.now)).toBe("account-data-a_b_c-2026-11-24.json");
  });
});
