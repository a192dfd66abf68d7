import { describe, expect, it, vi } from "vitest";
import { SessionEndedError } from "../auth/sessionEnded";
import { ApiError, createApiClient } from "./client";
import { createCredentialOffer, credentialOfferUri, fetchCredentialIssuer } from "./issuer";

const environment = { serverBaseUrl: "http://kc.test", realm: "my realm" };
const client = (fetchStub: typeof fetch, confirmSessionEnded?: () => Promise<boolean>) =>
  createApiClient(environment, async () => "t", fetchStub, { confirmSessionEnded });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("issuer calls", () => {
  it("reads the issuer metadata of the realm, as the signed-in user", async () => {
    const fetchStub = vi.fn(async () => json(200, { credential_issuer: "i", credential_configurations_supported: {} }));
    await fetchCredentialIssuer(client(fetchStub), environment);
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("http://kc.test/realms/my%20realm/.well-known/openid-credential-issuer");
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer t");
  });

  it("refuses metadata it cannot use", async () => {
    const fetchStub = vi.fn(async () => json(200, { credential_issuer: "i" }));
    await expect(fetchCredentialIssuer(client(fetchStub), environment)).rejects.toThrow(
      /unexpected credential issuer metadata/,
    );
  });

  it("asks for an offer of one configuration and keeps the server's reason when refused", async () => {
    const fetchStub = vi.fn(async () =>
      json(403, { error: "invalid_client", error_description: "Client not enabled for OID4VCI" }),
    );
    const failure = await createCredentialOffer(client(fetchStub), "http://kc.test/realms/r/", "id with space").catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
    expect((failure as ApiError).description).toBe("Client not enabled for OID4VCI");
    const url = new URL((fetchStub.mock.calls[0] as unknown as [string])[0]);
    expect(url.pathname).toBe("/realms/r/protocol/oid4vc/create-credential-offer");
    expect(url.searchParams.get("credential_configuration_id")).toBe("id with space");
  });

  it("asks by the name Keycloak before 26.6 used when the new one is not found", async () => {
    const fetchStub = vi.fn(async (url: string | URL | Request) =>
      String(url).includes("/create-credential-offer")
        ? json(404, { error: "RESTEASY003210: Could not find resource" })
        : json(200, { issuer: "http://kc.test/realms/r/protocol/oid4vc/credential-offer/", nonce: "n2" }),
    );
    const uri = await createCredentialOffer(client(fetchStub as typeof fetch), "http://kc.test/realms/r", "jwt");
    const paths = fetchStub.mock.calls.map(([url]) => new URL(String(url)).pathname);
    expect(paths).toEqual([
      "/realms/r/protocol/oid4vc/create-credential-offer",
      "/realms/r/protocol/oid4vc/credential-offer-uri",
    ]);
    expect(new URL(String(fetchStub.mock.calls[1]![0])).searchParams.get("credential_configuration_id")).toBe("jwt");
    expect(uri).toContain(encodeURIComponent("http://kc.test/realms/r/protocol/oid4vc/credential-offer/n2"));
  });

  it("ends the session on a 401 the server confirms, as every Account REST call does", async () => {
    const fetchStub = vi.fn(async () => json(401, { error: "invalid_token" }));
    const confirm = vi.fn(async () => true);
    await expect(fetchCredentialIssuer(client(fetchStub, confirm), environment)).rejects.toBeInstanceOf(
      SessionEndedError,
    );
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it("turns each answer shape into the wallet URI", () => {
    const offer = "http://kc/realms/r/protocol/oid4vc/credential-offer/n1";
    const expected = `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(offer)}`;
    expect(credentialOfferUri({ issuer: "http://kc/realms/r/protocol/oid4vc/credential-offer/", nonce: "n1" })).toBe(
      expected,
    );
    expect(credentialOfferUri({ credential_offer_uri: offer })).toBe(expected);
    expect(credentialOfferUri(expected)).toBe(expected);
    expect(() => credentialOfferUri({ issuer: "x" })).toThrow(/unexpected credential offer/);
    expect(() => credentialOfferUri("javascript:alert(1)")).toThrow();
  });
});
