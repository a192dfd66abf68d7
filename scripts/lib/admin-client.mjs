// @ts-check
// A small Admin REST client for scripts (benchmark, load): realms, users, groups, profile attributes, sessions.
// The browser tests have their own in tests/e2e/support; this one has no test-runner dependency.

export class AdminClient {
  /** @param {string} baseUrl @param {string} token */
  constructor(baseUrl, token) {
    this.baseUrl = baseUrl;
    this.token = token;
  }

  /** The master realm's tokens live a minute; long seedings sign in again when one has expired. */
  static async signIn(
    /** @type {string} */ baseUrl,
    username = process.env.KC_ADMIN_USER || "admin",
    password = process.env.KC_ADMIN_PASSWORD || "admin",
  ) {
    const client = new AdminClient(baseUrl, "");
    client.credentials = { username, password };
    await client.refreshToken();
    return client;
  }

  /** @type {{ username: string, password: string } | undefined} */
  credentials;

  async refreshToken() {
    const response = await fetch(`${this.baseUrl}/realms/master/protocol/openid-connect/token`, {
      method: "POST",
      body: new URLSearchParams({ grant_type: "password", client_id: "admin-cli", ...this.credentials }),
    });
    if (!response.ok) throw new Error(`Admin sign-in failed: HTTP ${response.status}`);
    this.token = /** @type {{ access_token: string }} */ (await response.json()).access_token;
  }

  /**
   * @param {string} method @param {string} path @param {unknown} [body] @param {boolean} [retried]
   * @returns {Promise<Response>}
   */
  async request(method, path, body, retried = false) {
    const response = await fetch(`${this.baseUrl}/admin/realms${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 401 && !retried && this.credentials) {
      await this.refreshToken();
      return this.request(method, path, body, true);
    }
    if (!response.ok && !(method === "DELETE" && response.status === 404)) {
      throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    }
    return response;
  }

  /** Deletes the realm when it exists, then creates it. @param {{ realm: string } & Record<string, unknown>} realm */
  async replaceRealm(realm) {
    await this.request("DELETE", `/${realm.realm}`);
    await this.request("POST", "", realm);
  }

  /**
   * @param {string} realm
   * @param {{ username: string, password: string, email: string, firstName: string, lastName: string }} user
   */
  async createUser(realm, { password, ...user }) {
    const response = await this.request("POST", `/${realm}/users`, {
      ...user,
      enabled: true,
      emailVerified: true,
      credentials: [{ type: "password", value: password, temporary: false }],
    });
    return idFrom(response);
  }

  /** @param {string} realm @param {string} username */
  async userId(realm, username) {
    const response = await this.request("GET", `/${realm}/users?exact=true&username=${encodeURIComponent(username)}`);
    const [user] = /** @type {{ id: string }[]} */ (await response.json());
    if (!user) throw new Error(`No user ${username} in ${realm}.`);
    return user.id;
  }

  /** Adds `count` optional text attributes the user can view and edit. @param {string} realm @param {number} count */
  async addProfileAttributes(realm, count) {
    const response = await this.request("GET", `/${realm}/users/profile`);
    const config = /** @type {{ attributes: Record<string, unknown>[] }} */ (await response.json());
    for (let index = 1; index <= count; index++) {
      config.attributes.push({
        name: `attribute${index}`,
        displayName: `Attribute ${index}`,
        permissions: { view: ["admin", "user"], edit: ["admin", "user"] },
        multivalued: false,
      });
    }
    await this.request("PUT", `/${realm}/users/profile`, config);
  }

  /** Creates `count` top-level groups and makes the user a member of each. */
  async createGroupsAndJoin(/** @type {string} */ realm, /** @type {string} */ username, /** @type {number} */ count) {
    const user = await this.userId(realm, username);
    await inBatches(count, 4, async (index) => {
      const group = idFrom(
        await this.request("POST", `/${realm}/groups`, { name: `group-${String(index).padStart(4, "0")}` }),
      );
      await this.request("PUT", `/${realm}/users/${user}/groups/${group}`);
    });
  }

  /**
   * Makes a resource server with authorization services (client `photo-album`, scopes view and edit) in a realm with
   * User-Managed Access, and `count` resources it hosts, owned by the user (as the Admin API's authz endpoints allow).
   * @param {string} realm @param {string} username @param {number} count
   */
  async createOwnedResources(realm, username, count) {
    const realmResponse = await this.request("GET", `/${realm}`);
    await this.request("PUT", `/${realm}`, { ...(await realmResponse.json()), userManagedAccessAllowed: true });
    const client = idFrom(
      await this.request("POST", `/${realm}/clients`, {
        clientId: "photo-album",
        name: "Photo album",
        publicClient: false,
        secret: "photo-album-secret",
        serviceAccountsEnabled: true,
        authorizationServicesEnabled: true,
        baseUrl: "https://photos.example.org/",
      }),
    );
    const server = `/${realm}/clients/${client}/authz/resource-server`;
    for (const scope of ["view", "edit"]) await this.request("POST", `${server}/scope`, { name: scope });
    await inBatches(count, 4, async (index) => {
      await this.request("POST", `${server}/resource`, {
        name: `photo-${String(index).padStart(4, "0")}`,
        owner: username,
        ownerManagedAccess: true,
        scopes: [{ name: "view" }, { name: "edit" }],
      });
    });
  }

  /**
   * Opens `count` sessions for the user with the password grant of a public client made for it.
   * @param {string} realm @param {{ username: string, password: string }} user @param {number} count
   */
  async createSessions(realm, user, count) {
    await this.request("POST", `/${realm}/clients`, {
      clientId: "sessions-cli",
      publicClient: true,
      directAccessGrantsEnabled: true,
      standardFlowEnabled: false,
    });
    await inBatches(count, 2, async () => {
      const response = await fetch(`${this.baseUrl}/realms/${realm}/protocol/openid-connect/token`, {
        method: "POST",
        body: new URLSearchParams({ grant_type: "password", client_id: "sessions-cli", ...user }),
      });
      if (!response.ok) throw new Error(`Opening a session failed: HTTP ${response.status}`);
    });
  }
}

/** @param {Response} response */
function idFrom(response) {
  const location = response.headers.get("location");
  if (!location) throw new Error("The server answered without a Location header.");
  return location.slice(location.lastIndexOf("/") + 1);
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
