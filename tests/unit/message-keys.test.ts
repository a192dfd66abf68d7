import { describe, expect, inject, it } from "vitest";
import { OLDEST_SUPPORTED_VERSION, SUPPORTED_KEYCLOAK_VERSIONS } from "../../scripts/lib/keycloak-config.mjs";
import {
  ourEnglishBundle,
  stockEnglishBundle,
  unresolvedKeys,
  usedMessageKeys,
} from "../../scripts/lib/message-keys.mjs";

// Our theme inherits the stock bundles of whatever server runs it. A key the console uses must therefore be in our
// bundle or in the stock bundles of every supported version; the oldest one lacks the most (docs/versions.md).
const ours = ourEnglishBundle();
const newest = stockEnglishBundle(inject("stockMessages"));
const oldest = stockEnglishBundle(inject("oldestStockMessages"));
const used = usedMessageKeys({ ...newest, ...ours });

describe("message keys on the oldest supported Keycloak", () => {
  it("finds the keys the sources use, ours and stock ones", () => {
    expect(used.size).toBeGreaterThan(150);
    expect(used.get("pageNotFound")).toEqual(["src/app/routing/CatchAllRedirect.tsx"]);
    expect(used.has("personalInfo")).toBe(true);
    expect(used.has("unsavedChanges")).toBe(true);
  });

  it(`resolves every used key from our bundle or from ${OLDEST_SUPPORTED_VERSION}'s stock bundles`, () => {
    expect(SUPPORTED_KEYCLOAK_VERSIONS[0]).toBe(OLDEST_SUPPORTED_VERSION);
    expect(unresolvedKeys({ used, ours, stock: oldest, version: OLDEST_SUPPORTED_VERSION })).toEqual([]);
  });

  it("would report a used key that only newer servers have", () => {
    const { pageNotFound: _ours, ...withoutIt } = ours;
    const { pageNotFound: _stock, ...oldStock } = newest;
    expect(unresolvedKeys({ used, ours: withoutIt, stock: oldStock, version: OLDEST_SUPPORTED_VERSION })).toEqual([
      { key: "pageNotFound", files: ["src/app/routing/CatchAllRedirect.tsx"] },
    ]);
  });

  it("leaves out keys of a screen the version does not offer, not those of screens it does", () => {
    const onlyOnNewer = new Map([
      ["noVerifiableCredentials", ["src/pages/verifiable-credentials/VerifiableCredentials.tsx"]],
      ["groups", ["src/pages/groups/Groups.tsx"]],
    ]);
    expect(unresolvedKeys({ used: onlyOnNewer, ours: {}, stock: {}, version: "26.6.4" })).toEqual([
      { key: "groups", files: ["src/pages/groups/Groups.tsx"] },
    ]);
    expect(unresolvedKeys({ used: onlyOnNewer, ours: {}, stock: {}, version: "26.7.0" })).toHaveLength(2);
  });
});
