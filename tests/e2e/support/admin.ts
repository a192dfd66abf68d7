import { readFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_KEYCLOAK_VERSION, realmForVersion } from "../../../scripts/lib/keycloak-config.mjs";

/** Just enough of Keycloak's Admin REST API to shape realms for a test (admin/admin of the master realm). */
export class KeycloakAdmin {
  private token?: { value: string; expires: number };

  constructor(readonly baseUrl: string) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now() + 5000) return this.token.value;
    const response = await fetch(`${this.baseUrl}/realms/master/protocol/openid-connect/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "password",
        client_id: "admin-cli",
        username: "admin",
        password: "admin",
      }),
    });
    if (!response.ok) throw new Error(`Admin sign-in failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    this.token = { value: body.access_token, expires: Date.now() + body.expires_in * 1000 };
    return this.token.value;
  }

  async request<T = unknown>(method: string, adminPath: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/admin/realms${adminPath}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${adminPath} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /**
   * Creates a realm from its JSON (a RealmRepresentation), replacing one of the same name left by an earlier run.
   * Unless the JSON sets a password policy, passwords are hashed with one round of PBKDF2: Keycloak's default (Argon2,
   * memory-hard on purpose) cost a tenth to a third of a second of the server's CPU for every user made and every
   * sign-in, on a machine the browser tests share with the server; no test is about the hash.
   */
  async createRealm(json: RealmJson & { realm: string }): Promise<string> {
    await this.request("DELETE", `/${encodeURIComponent(json.realm)}`).catch(() => undefined);
    const realm = { passwordPolicy: TEST_PASSWORD_POLICY, ...json };
    // Without the settings an older server (KC_VERSION, npm run test:versions) does not know: it would refuse them.
    await this.request("POST", "", realmForVersion(realm, process.env.KC_VERSION || DEFAULT_KEYCLOAK_VERSION));
    return json.realm;
  }

  /**
   * Updates a realm: its current representation with `changes` on top. Whole, because Keycloak applies some settings
   * only together with others (the OTP policy's fields, `otpPolicyCodeReusable` among them, only with its type).
   */
  async updateRealm(name: string, changes: Record<string, unknown>): Promise<void> {
    const path = `/${encodeURIComponent(name)}`;
    const current = await this.request<Record<string, unknown>>("GET", path);
    await this.request("PUT", path, { ...current, ...changes });
  }

  async deleteRealm(name: string): Promise<void> {
    await this.request("DELETE", `/${encodeURIComponent(name)}`);
  }

  async userId(realm: string, username: string): Promise<string> {
    const [user] = await this.request<{ id: string }[]>(
      "GET",
      `/${encodeURIComponent(realm)}/users?exact=true&username=${encodeURIComponent(username)}`,
    );
    if (!user) throw new Error(`No user ${username} in ${realm}`);
    return user.id;
  }

  async sessionCount(realm: string, username: string): Promise<number> {
    return (await this.sessionIds(realm, username)).length;
  }

  /** The ids of the user's SSO sessions (the `sid` of their tokens). */
  async sessionIds(realm: string, username: string): Promise<string[]> {
    const id = await this.userId(realm, username);
    const sessions = await this.request<{ id: string }[]>("GET", `/${encodeURIComponent(realm)}/users/${id}/sessions`);
    return sessions.map((session) => session.id);
  }

  /** Replaces the realm's user-profile configuration (what the realm admin edits under Realm settings → User profile). */
  async setUserProfile(realm: string, config: unknown): Promise<void> {
    await this.request("PUT", `/${encodeURIComponent(realm)}/users/profile`, config);
  }

  async user(realm: string, username: string): Promise<UserRepresentation> {
    const id = await this.userId(realm, username);
    return this.request<UserRepresentation>("GET", `/${encodeURIComponent(realm)}/users/${id}`);
  }

  /** Updates a user: the current representation with `changes` merged in (attributes merged too). */
  async updateUser(realm: string, username: string, changes: Partial<UserRepresentation>): Promise<void> {
    const current = await this.user(realm, username);
    const attributes = { ...current.attributes, ...changes.attributes };
    await this.request("PUT", `/${encodeURIComponent(realm)}/users/${current.id}`, {
      ...current,
      ...changes,
      attributes,
    });
  }

  /** Switches a required action (e.g. UPDATE_EMAIL, delete_account) on or off for the realm. */
  async setRequiredAction(realm: string, alias: string, enabled: boolean): Promise<void> {
    const path = `/${encodeURIComponent(realm)}/authentication/required-actions/${encodeURIComponent(alias)}`;
    const action = await this.request<Record<string, unknown>>("GET", path);
    await this.request("PUT", path, { ...action, enabled });
  }

  /**
   * Switches a client of the realm on or off by its client id; `account` off is Keycloak's "account management not
   * enabled": its account pages and Account API answer 404.
   */
  async setClientEnabled(realm: string, clientId: string, enabled: boolean): Promise<void> {
    const base = `/${encodeURIComponent(realm)}/clients`;
    const [client] = await this.request<{ id: string }[]>("GET", `${base}?clientId=${encodeURIComponent(clientId)}`);
    if (!client) throw new Error(`No client ${clientId} in ${realm}`);
    await this.request("PUT", `${base}/${client.id}`, { ...client, enabled });
  }

  /** Deletes a user's credentials of one type (e.g. "password"), as an admin would in the Credentials tab. */
  async removeCredentials(realm: string, username: string, type: string): Promise<void> {
    const base = `/${encodeURIComponent(realm)}/users/${await this.userId(realm, username)}/credentials`;
    const credentials = await this.request<{ id: string; type: string }[]>("GET", base);
    for (const credential of credentials.filter((c) => c.type === type)) {
      await this.request("DELETE", `${base}/${credential.id}`);
    }
  }

  async userExists(realm: string, username: string): Promise<boolean> {
    const users = await this.request<unknown[]>(
      "GET",
      `/${encodeURIComponent(realm)}/users?exact=true&username=${encodeURIComponent(username)}`,
    );
    return users.length > 0;
  }
}

export type UserRepresentation = {
  id: string;
  username: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  attributes?: Record<string, string[]>;
  [key: string]: unknown;
};

export function fixture<T = Record<string, unknown>>(name: string): T {
  const file = path.resolve(import.meta.dirname, "..", "..", "fixtures", name);
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

/** A realm's JSON as the Admin API takes it (a RealmRepresentation); `realm` is its name. */
export type RealmJson = { realm?: string; [key: string]: unknown };

/**
 * A realm like the demo realm (our theme, the demo user), with `changes` on top; unnamed. It starts from
 * Keycloak's defaults for the user profile and required actions; the demo realm's showcase settings (rich profile,
 * update-email and delete-account on, languages) are opted into per test.
 */
export function demoLike(changes: Record<string, unknown> = {}): RealmJson {
  const {
    components: _profile,
    requiredActions: _actions,
    internationalizationEnabled: _i18n,
    supportedLocales: _locales,
    ...base
  } = fixture("demo-realm.json");
  const users = (base.users as Record<string, unknown>[]).map(({ attributes: _attributes, ...rest }) => rest);
  return { ...base, users, id: undefined, realm: undefined, ...changes };
}

/** The test realms' password policy (createRealm): the cheapest hash Keycloak offers. */
export const TEST_PASSWORD_POLICY = "hashAlgorithm(pbkdf2-sha256) and hashIterations(1)";

/** The demo user of every realm made by createRealm. */
export const DEMO_USER = { username: "alice", password: "alice", displayName: "Alice Liddell" };

/** What a user types on the login page. */
export type SignInUser = { username: string; password: string };

/** What a test user may do unless it says otherwise: see and change their own account. */
export const ACCOUNT_ROLES = ["manage-account", "view-profile"];

type TestUserChanges = {
  /** The account client's roles: users of an imported realm get no default roles, and the console needs these. */
  roles?: string[];
  /** Credentials beside the password (an authenticator application, a security key). */
  otherCredentials?: unknown[];
  [field: string]: unknown;
};

/**
 * A user of a test realm's JSON (a UserRepresentation): enabled, with a verified address `<username>@example.org`,
 * the user name with a capital as first name, "Tester" as last name, the password, and `changes` on top.
 */
export function testUser(
  { username, password }: SignInUser,
  { roles = ACCOUNT_ROLES, otherCredentials = [], ...changes }: TestUserChanges = {},
): Record<string, unknown> {
  return {
    username,
    enabled: true,
    email: `${username}@example.org`,
    emailVerified: true,
    firstName: username[0]!.toUpperCase() + username.slice(1),
    lastName: "Tester",
    credentials: [{ type: "password", value: password, temporary: false }, ...otherCredentials],
    clientRoles: { account: roles },
    ...changes,
  };
}

/** The strict policy of the hardening work: nothing inline, nothing from elsewhere. */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self' data:; " +
  "connect-src 'self'; frame-src 'self'; frame-ancestors 'self'; object-src 'none'; base-uri 'self'";

/** A realm's security headers with `STRICT_CSP` as its policy and Keycloak's other defaults: spread into a realm. */
export const STRICT_CSP_HEADERS = {
  browserSecurityHeaders: {
    contentSecurityPolicy: STRICT_CSP,
    contentSecurityPolicyReportOnly: "",
    xFrameOptions: "SAMEORIGIN",
    xContentTypeOptions: "nosniff",
    xRobotsTag: "none",
    referrerPolicy: "no-referrer",
    strictTransportSecurity: "max-age=31536000; includeSubDomains",
  },
};
