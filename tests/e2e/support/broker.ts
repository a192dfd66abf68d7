import { keycloakUrl } from "./test";

/**
 * The confidential client `broker` of a partner realm's JSON, through which the identity provider `alias` of the realm
 * `consumer` on this server signs users in.
 */
export function brokerClient(consumer: string, alias: string, secret: string): Record<string, unknown> {
  return {
    clientId: "broker",
    publicClient: false,
    secret,
    redirectUris: [`${keycloakUrl()}/realms/${consumer}/broker/${alias}/endpoint*`],
    standardFlowEnabled: true,
  };
}

/** An OpenID Connect identity provider of a realm's JSON that signs in at `partner` (a realm of this server). */
export function oidcBroker(
  alias: string,
  displayName: string,
  partner: string,
  secret: string,
): Record<string, unknown> {
  const endpoints = `${keycloakUrl()}/realms/${partner}/protocol/openid-connect`;
  return {
    alias,
    displayName,
    providerId: "oidc",
    enabled: true,
    trustEmail: true,
    config: {
      clientId: "broker",
      clientSecret: secret,
      clientAuthMethod: "client_secret_post",
      authorizationUrl: `${endpoints}/auth`,
      tokenUrl: `${endpoints}/token`,
      userInfoUrl: `${endpoints}/userinfo`,
      validateSignature: "false",
      syncMode: "IMPORT",
      defaultScope: "openid profile email",
    },
  };
}

/** An OpenID Connect identity provider nobody signs in through: enough for Linked accounts to list it. */
export function idleOidcProvider(alias: string, displayName: string): Record<string, unknown> {
  return {
    alias,
    displayName,
    providerId: "oidc",
    enabled: true,
    config: {
      clientId: alias,
      clientSecret: "secret",
      authorizationUrl: `https://${alias}.example.org/auth`,
      tokenUrl: `https://${alias}.example.org/token`,
    },
  };
}
