import { expect } from "@playwright/test";
import type { SignInUser } from "./admin";
import { keycloakUrl } from "./test";

/** A test realm's resource server: a confidential client with authorization services, by its id and secret. */
export type ResourceServer = { realm: string; clientId: string; secret: string };

/** A token of the realm: a user's (password grant through the resource server) or the resource server's own (PAT). */
export async function resourceServerToken({ realm, clientId, secret }: ResourceServer, user?: SignInUser) {
  const params: Record<string, string> = user
    ? { grant_type: "password", username: user.username, password: user.password }
    : { grant_type: "client_credentials" };
  const response = await fetch(`${keycloakUrl()}/realms/${realm}/protocol/openid-connect/token`, {
    method: "POST",
    body: new URLSearchParams({ client_id: clientId, client_secret: secret, ...params }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`token: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** The Account REST API as `user`, to set state up and read it back independently of the console. */
export async function accountAs<T>(
  server: ResourceServer,
  user: SignInUser,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${keycloakUrl()}/realms/${server.realm}/account${path}`, {
    method: init.method ?? "GET",
    headers: {
      accept: "application/json",
      authorization: `Bearer ${await resourceServerToken(server, user)}`,
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The UMA grant flow: the resource server asks for a permission ticket, the user submits it as a request. */
export async function requestAccess(server: ResourceServer, user: SignInUser, resourceId: string, scopes: string[]) {
  const pat = await resourceServerToken(server);
  const ticketResponse = await fetch(`${keycloakUrl()}/realms/${server.realm}/authz/protection/permission`, {
    method: "POST",
    headers: { authorization: `Bearer ${pat}`, "content-type": "application/json" },
    body: JSON.stringify([{ resource_id: resourceId, resource_scopes: scopes }]),
  });
  const { ticket } = (await ticketResponse.json()) as { ticket: string };
  const grant = await fetch(`${keycloakUrl()}/realms/${server.realm}/protocol/openid-connect/token`, {
    method: "POST",
    headers: { authorization: `Bearer ${await resourceServerToken(server, user)}` },
    body: new URLSearchParams({
      grant_type: "urn:ietf:params:oauth:grant-type:uma-ticket",
      ticket,
      submit_request: "true",
    }),
  });
  // Keycloak denies the token and files the request for the owner to decide.
  expect(await grant.json()).toMatchObject({ error: "access_denied", error_description: "request_submitted" });
}
