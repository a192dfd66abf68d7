// @ts-check
// What the API benches (events.mjs, offline-sessions.mjs) share: a console that takes a password grant, a user of the
// run who may use it, and the grant itself, so that a bench gets the console's token without a browser.
import { createUser } from "../../../scripts/lib/keycloak-admin.mjs";

/** @typedef {import("@keycloak/keycloak-admin-client").default} KcAdminClient */

/** Lets the realm's account console take a password grant. @param {KcAdminClient} admin @param {string} realm */
export async function allowConsolePasswordGrant(admin, realm) {
  const [consoleClient] = await admin.clients.find({ realm, clientId: "account-console" });
  await admin.clients.update(
    { realm, id: consoleClient?.id ?? "" },
    { ...consoleClient, directAccessGrantsEnabled: true },
  );
}

/**
 * A user who may use the account console (the `account` client's manage-account and view-profile); returns its id.
 * @param {KcAdminClient} admin @param {string} realm
 * @param {{ username: string, password: string, email: string, firstName: string, lastName: string }} user
 */
export async function createConsoleUser(admin, realm, user) {
  const userId = await createUser(admin, realm, user);
  const [account] = await admin.clients.find({ realm, clientId: "account" });
  const accountId = account?.id ?? "";
  const roles = await admin.clients.listRoles({ realm, id: accountId });
  await admin.users.addClientRoleMappings({
    realm,
    id: userId,
    clientUniqueId: accountId,
    roles: /** @type {{ id: string, name: string }[]} */ (
      roles.filter((role) => ["manage-account", "view-profile"].includes(role.name ?? ""))
    ),
  });
  return userId;
}

/**
 * The access token of a password grant of `user` to `clientId`.
 * @param {string} baseUrl @param {string} realm @param {string} clientId
 * @param {{ username: string, password: string }} user @param {Record<string, string>} [extra]
 */
export async function passwordGrant(baseUrl, realm, clientId, { username, password }, extra = {}) {
  const response = await fetch(`${baseUrl}/realms/${realm}/protocol/openid-connect/token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "password", client_id: clientId, username, password, ...extra }),
  });
  if (!response.ok) throw new Error(`The password grant of ${username} to ${clientId} answered ${response.status}`);
  return /** @type {{ access_token: string }} */ (await response.json()).access_token;
}
