// Calls to the realm's OID4VCI issuer (not under /account): its metadata and credential offers.
import { joinPath, type Environment } from "../environment/environment";
import { ApiError, isRecord, type ApiClient } from "./client";
import type { CredentialIssuerMetadata, CredentialOfferReference } from "./representations";

function unexpected(response: string): ApiError {
  return new ApiError(`The server sent an unexpected ${response}.`, 200);
}

/** `{serverBaseUrl}/realms/{realm}/.well-known/openid-credential-issuer`. */
export async function fetchCredentialIssuer(
  api: ApiClient,
  { serverBaseUrl, realm }: Pick<Environment, "serverBaseUrl" | "realm">,
  signal?: AbortSignal,
): Promise<CredentialIssuerMetadata> {
  const url = joinPath(serverBaseUrl, "realms", encodeURIComponent(realm), ".well-known", "openid-credential-issuer");
  const body = await api.requestUrl<unknown>(url, { signal });
  if (
    !isRecord(body) ||
    typeof body.credential_issuer !== "string" ||
    !isRecord(body.credential_configurations_supported)
  ) {
    throw unexpected("credential issuer metadata");
  }
  return body as CredentialIssuerMetadata;
}

/**
 * Asks the issuer for an offer of one credential configuration to the signed-in user, and returns the URI a wallet
 * opens (`openid-credential-offer://?credential_offer_uri=...`). Keycloak 26.7 answers `{ issuer, nonce }` (the offer
 * is at `issuer/nonce`) only with the feature `oid4vc-vci-rest-credential-offer` and a client allowed to ask
 * (`oid4vci.enabled`); otherwise the ApiError carries the server's reason in its description. Before 26.6 the same
 * request is `credential-offer-uri` (same parameters, same answer): a 404 of the new name asks by the old one.
 */
export async function createCredentialOffer(
  api: ApiClient,
  credentialIssuer: string,
  credentialConfigurationId: string,
  signal?: AbortSignal,
): Promise<string> {
  const searchParams = { credential_configuration_id: credentialConfigurationId, type: "uri" };
  const ask = (name: string) =>
    api.requestUrl<unknown>(joinPath(credentialIssuer, "protocol", "oid4vc", name), { searchParams, signal });
  const body = await ask("create-credential-offer").catch((error: unknown) => {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    // A server that has neither name: the first answer is the one to show.
    return ask("credential-offer-uri").catch((older: unknown) => {
      throw older instanceof ApiError && older.status === 404 ? error : older;
    });
  });
  return credentialOfferUri(body);
}

/** The wallet URI of a create-credential-offer answer, whichever shape the server chose. */
export function credentialOfferUri(body: unknown): string {
  if (typeof body === "string" && body.startsWith("openid-credential-offer://")) return body;
  if (isRecord(body) && typeof body.credential_offer_uri === "string") {
    return offerUriFor(body.credential_offer_uri);
  }
  if (isRecord(body) && typeof body.issuer === "string" && typeof body.nonce === "string" && body.nonce) {
    const reference = body as CredentialOfferReference;
    return offerUriFor(`${reference.issuer.replace(/\/+$/, "")}/${reference.nonce}`);
  }
  throw unexpected("credential offer");
}

const offerUriFor = (offerUrl: string) =>
  `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(offerUrl)}`;
