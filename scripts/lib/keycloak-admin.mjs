// @ts-check
// Keycloak's own Admin REST client (@keycloak/keycloak-admin-client) for the scripts and the browser tests, signed in
// to the master realm, and the seeding steps it has no single call for (a realm replaced, a user with a password,
// groups, resources and sessions in bulk).
import KcAdminClient from "@keycloak/keycloak-admin-client";

/** The library's client, signed in to the master realm on its first call. */
export class SignedInAdmin extends KcAdminClient {
  /**
   * @param {string} baseUrl
   * @param {{ username: string, password: string }} [credentials] of the master realm (KC_ADMIN_USER and
   *   KC_ADMIN_PASSWORD, else admin/admin)
   */
  constructor(
    baseUrl,
    credentials = {
      username: process.env.KC_ADMIN_USER || "admin",
      password: process.env.KC_ADMIN_PASSWORD || "admin",
    },
  ) {
    super({ baseUrl, realmName: "master" });
    this.credentials = credentials;
  }

  /**
   * Signs in on first use, and again once the refresh token has lapsed (the master realm's session idles out while a
   * long run leaves the client unused); between the two, the library refreshes the access token itself.
   */
  async getAccessToken() {
    if (!this.refreshToken || this.isRefreshTokenExpired()) {
      await this.auth({ grantType: "password", clientId: "admin-cli", ...this.credentials });
    }
    return super.getAccessToken();
  }
}

/** Deletes the realm when it exists, then creates it. @param {KcAdminClient} admin @param {import("@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js").default & { realm: string }} realm */
export async function replaceRealm(admin, realm) {
  await admin.realms.del({ realm: realm.realm }, { catchNotFound: true });
  await admin.realms.create(realm);
}

/**
 * An enabled user with a verified address and a password; returns its id.
 * @param {KcAdminClient} admin @param {string} realm
 * @param {{ username: string, password: string, email: string, firstName: string, lastName: string }} user
 */
export async function createUser(admin, realm, { password, ...user }) {
  const { id } = await admin.users.create({
    realm,
    ...user,
    enabled: true,
    emailVerified: true,
    credentials: [{ type: "password", value: password, temporary: false }],
  });
  return id;
}

/** @param {KcAdminClient} admin @param {string} realm @param {string} username */
export async function userId(admin, realm, username) {
  const [user] = await admin.users.find({ realm, username, exact: true });
  if (!user?.id) throw new Error(`No user ${username} in ${realm}.`);
  return user.id;
}

/**
 * Adds `count` optional text attributes the user can view and edit.
 * @param {KcAdminClient} admin @param {string} realm @param {number} count
 */
export async function addProfileAttributes(admin, realm, count) {
  const config = await admin.users.getProfile({ realm });
  for (let index = 1; index <= count; index++) {
    (config.attributes ??= []).push({
      name: `attribute${index}`,
      displayName: `Attribute ${index}`,
      permissions: { view: ["admin", "user"], edit: ["admin", "user"] },
      multivalued: false,
    });
  }
  await admin.users.updateProfile({ realm, ...config });
}

/**
 * Creates `count` top-level groups and makes the user a member of each.
 * @param {KcAdminClient} admin @param {string} realm @param {string} username @param {number} count
 */
export async function createGroupsAndJoin(admin, realm, username, count) {
  const id = await userId(admin, realm, username);
  await inBatches(count, 4, async (index) => {
    const group = await admin.groups.create({ realm, name: `group-${String(index).padStart(4, "0")}` });
    await admin.users.addToGroup({ realm, id, groupId: group.id });
  });
}

/**
 * Makes a resource server with authorization services (client `photo-album`, scopes view and edit) in a realm with
 * User-Managed Access, and `count` resources it hosts, owned by the user (as the Admin API's authz endpoints allow).
 * @param {KcAdminClient} admin @param {string} realm @param {string} username @param {number} count
 */
export async function createOwnedResources(admin, realm, username, count) {
  await admin.realms.update({ realm }, { ...(await admin.realms.findOne({ realm })), userManagedAccessAllowed: true });
  const { id } = await admin.clients.create({
    realm,
    clientId: "photo-album",
    name: "Photo album",
    publicClient: false,
    secret: "photo-album-secret",
    serviceAccountsEnabled: true,
    authorizationServicesEnabled: true,
    baseUrl: "https://photos.example.org/",
  });
  for (const scope of ["view", "edit"]) await admin.clients.createAuthorizationScope({ realm, id }, { name: scope });
  await inBatches(count, 4, async (index) => {
    await admin.clients.createResource(
      { realm, id },
      {
        name: `photo-${String(index).padStart(4, "0")}`,
        // The owner by user name, as Keycloak reads a plain string there.
        owner: { id: username },
        ownerManagedAccess: true,
        scopes: [{ name: "view" }, { name: "edit" }],
      },
    );
  });
}

/**
 * Opens `count` sessions for the user with the password grant of a public client made for it (a user's sign-in, not
 * an Admin API call).
 * @param {KcAdminClient} admin @param {string} realm @param {{ username: string, password: string }} user
 * @param {number} count
 */
export async function createSessions(admin, realm, user, count) {
  await admin.clients.create({
    realm,
    clientId: "sessions-cli",
    publicClient: true,
    directAccessGrantsEnabled: true,
    standardFlowEnabled: false,
  });
  await inBatches(count, 2, async () => {
    const response = await fetch(`${admin.baseUrl}/realms/${realm}/protocol/openid-connect/token`, {
      method: "POST",
      body: new URLSearchParams({ grant_type: "password", client_id: "sessions-cli", ...user }),
    });
    if (!response.ok) throw new Error(`Opening a session failed: HTTP ${response.status}`);
  });
}

/** Runs `task(0..count-1)` with at most `parallel` at a time. */
async function inBatches(
  /** @type {number} */ count,
  /** @type {number} */ parallel,
  /** @type {(index: number) => Promise<void>} */ task,
) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
}

/**
 * Offers app passwords to one client, as docs/extension.md ("App passwords") tells a realm admin to: a direct-grant
 * flow `flowAlias` of Keycloak's username check and the extension's app password check (both required), and a public
 * client `clientId` with direct access grants whose direct-grant flow is that one (its flow binding override), with
 * the least reach: full scope off, the `basic` client scope alone (the authenticator refuses a client whose tokens
 * could manage the account). Keeps the flow if it exists; a client kept from an earlier run is given the flow and the
 * least reach.
 * Returns the flow's id.
 * @param {KcAdminClient} admin @param {string} realm
 * @param {{ clientId: string, flowAlias?: string }} options
 */
export async function offerAppPasswords(admin, realm, { clientId, flowAlias = "app passwords" }) {
  let flow = (await admin.authenticationManagement.getFlows({ realm })).find((f) => f.alias === flowAlias);
  if (!flow) {
    await admin.authenticationManagement.createFlow({
      realm,
      alias: flowAlias,
      description: "Direct grant with an app password (account console extension) instead of the password",
      providerId: "basic-flow",
      topLevel: true,
      builtIn: false,
    });
    for (const provider of ["direct-grant-validate-username", "account-console-app-password"]) {
      await admin.authenticationManagement.addExecutionToFlow({ realm, flow: flowAlias, provider });
    }
    for (const execution of await admin.authenticationManagement.getExecutions({ realm, flow: flowAlias })) {
      await admin.authenticationManagement.updateExecution(
        { realm, flow: flowAlias },
        { ...execution, requirement: "REQUIRED" },
      );
    }
    flow = (await admin.authenticationManagement.getFlows({ realm })).find((f) => f.alias === flowAlias);
  }
  if (!flow?.id) throw new Error(`The flow ${flowAlias} of ${realm} was not made.`);
  const [client] = await admin.clients.find({ realm, clientId });
  if (!client?.id) {
    await admin.clients.create({
      realm,
      clientId,
      name: "Mail server",
      publicClient: true,
      standardFlowEnabled: false,
      directAccessGrantsEnabled: true,
      authenticationFlowBindingOverrides: { direct_grant: flow.id },
      fullScopeAllowed: false,
      defaultClientScopes: ["basic"],
      optionalClientScopes: [],
    });
    return flow.id;
  }
  const id = client.id;
  await admin.clients.update(
    { realm, id },
    {
      ...client,
      directAccessGrantsEnabled: true,
      authenticationFlowBindingOverrides: { ...client.authenticationFlowBindingOverrides, direct_grant: flow.id },
      fullScopeAllowed: false,
    },
  );
  for (const scope of await admin.clients.listDefaultClientScopes({ realm, id })) {
    if (scope.name !== "basic" && scope.id)
      await admin.clients.delDefaultClientScope({ realm, id, clientScopeId: scope.id });
  }
  for (const scope of await admin.clients.listOptionalClientScopes({ realm, id })) {
    if (scope.id) await admin.clients.delOptionalClientScope({ realm, id, clientScopeId: scope.id });
  }
  const defaults = await admin.clients.listDefaultClientScopes({ realm, id });
  const basic = (await admin.clientScopes.find({ realm })).find((scope) => scope.name === "basic");
  if (basic?.id && !defaults.some((scope) => scope.name === "basic")) {
    await admin.clients.addDefaultClientScope({ realm, id, clientScopeId: basic.id });
  }
  return flow.id;
}
