import { describe, expect, it } from "vitest";
import { testI18n } from "../../testing/i18n";
import { accountRoles, canRevokeCredentials, credentialOfferAction, issuedOfType, serverDate } from "./credentials";

describe("credential helpers", () => {
  it("reads the account roles of an access token, and nothing from garbage", () => {
    const payload = btoa(JSON.stringify({ resource_access: { account: { roles: ["manage-account", 3] } } }));
    expect(accountRoles(`x.${payload.replace(/=+$/, "")}.y`)).toEqual(["manage-account"]);
    expect(accountRoles("not a token")).toEqual([]);
    expect(canRevokeCredentials(["manage-verifiable-credentials"])).toBe(true);
    expect(canRevokeCredentials(["view-verifiable-credentials", "view-profile"])).toBe(false);
  });

  it("takes server times as epoch milliseconds, small ones as seconds", () => {
    expect(serverDate(1_795_439_242_648)?.toISOString()).toBe("2026-11-23T13:07:22.648Z");
    expect(serverDate(1_795_439_242)?.toISOString()).toBe("2026-11-23T13:07:22.000Z");
    expect(serverDate(undefined)).toBeUndefined();
    expect(serverDate(0)).toBeUndefined();
  });

  it("filters issued credentials by type and search text, newest first", () => {
    const list = [
      { id: "a", credentialType: "t", issuedAt: 1_000_000_000_000, clientId: "wallet-one" },
      { id: "b", credentialType: "t", issuedAt: 2_000_000_000_000, clientId: "wallet-two" },
      { id: "c", credentialType: "other", issuedAt: 3_000_000_000_000 },
    ];
    expect(issuedOfType(list, "t", "", testI18n.t).map((c) => c.id)).toEqual(["b", "a"]);
    expect(issuedOfType(list, "t", " ONE ", testI18n.t).map((c) => c.id)).toEqual(["a"]);
  });

  it("builds Keycloak's offer action with base64 JSON", () => {
    const action = credentialOfferAction("über_config");
    const json = new TextDecoder().decode(Uint8Array.from(atob(action.split(":")[1]!), (c) => c.charCodeAt(0)));
    expect(JSON.parse(json)).toEqual({ credentialConfigurationId: "über_config", preAuthorized: false });
  });
});
