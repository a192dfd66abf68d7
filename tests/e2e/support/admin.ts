import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type ClientRepresentation from "@keycloak/keycloak-admin-client/lib/defs/clientRepresentation.js";
import type RealmRepresentation from "@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import { DEFAULT_KEYCLOAK_VERSION, realmForVersion } from "../../../scripts/lib/keycloak-config.mjs";
import { SignedInAdmin } from "../../../scripts/lib/keycloak-admin.mjs";

export type { ClientRepresentation, RealmRepresentation, UserRepresentation };

/**
 * Keycloak's Admin REST client, signed in as admin/admin of the master realm, with the few composite steps the
 * tests repeat (a realm from our JSON, a merge-update, a user or client by name). Every call goes through the library.
 */
export class KeycloakAdmin extends SignedInAdmin {
  constructor(baseUrl: string) {
    super(baseUrl, { username: "admin", password: "admin" });
  }

  /**
   * Creates a realm from its JSON (a RealmRepresentation), replacing one of the same name left by an earlier run.
   * Unless the JSON sets a password policy, passwords are hashed with one round of PBKDF2: Keycloak's default (Argon2,
   * memory-hard on purpose) cost a tenth to a third of a second of the server's CPU for every user made and every
   * sign-in, on a machine the browser tests share with the server; no test is about the hash. Unless the JSON brings
   * key providers, the realm signs and encrypts with the worker's RSA keys (`testKeys`) instead of generating its own.
   */
  async createRealm(json: RealmJson & { realm: string }): Promise<string> {
    await this.realms.del({ realm: json.realm }, { catchNotFound: true });
    const components = { ...testKeys(), ...(json.components as Record<string, unknown[]> | undefined) };
    const realm = { passwordPolicy: TEST_PASSWORD_POLICY, ...json, components };
    // Without the settings an older server (KC_VERSION, npm run test:versions) does not know: it would refuse them.
    // As RealmRepresentation: the library types a component type's entry as one component, Keycloak takes a list.
    await this.realms.create(
      realmForVersion(realm, process.env.KC_VERSION || DEFAULT_KEYCLOAK_VERSION) as RealmRepresentation,
    );
    return json.realm;
  }

  /**
   * Updates a realm: its current representation with `changes` on top. Whole, because Keycloak applies some settings
   * only together with others (the OTP policy's fields, `otpPolicyCodeReusable` among them, only with its type).
   */
  async updateRealm(realm: string, changes: RealmRepresentation): Promise<void> {
    const current = await this.realms.findOne({ realm });
    await this.realms.update({ realm }, { ...current, ...changes });
  }

  async userId(realm: string, username: string): Promise<string> {
    const [user] = await this.users.find({ realm, username, exact: true });
    if (!user?.id) throw new Error(`No user ${username} in ${realm}`);
    return user.id;
  }

  async sessionCount(realm: string, username: string): Promise<number> {
    return (await this.sessionIds(realm, username)).length;
  }

  /** The ids of the user's SSO sessions (the `sid` of their tokens). */
  async sessionIds(realm: string, username: string): Promise<string[]> {
    const sessions = await this.users.listSessions({ realm, id: await this.userId(realm, username) });
    return sessions.map((session) => session.id!);
  }

  async user(realm: string, username: string): Promise<UserRepresentation & { id: string }> {
    const user = await this.users.findOne({ realm, id: await this.userId(realm, username) });
    if (!user?.id) throw new Error(`No user ${username} in ${realm}`);
    return { ...user, id: user.id };
  }

  /** Updates a user: the current representation with `changes` merged in (attributes merged too). */
  async updateUser(realm: string, username: string, changes: UserRepresentation): Promise<void> {
    const current = await this.user(realm, username);
    const attributes = { ...current.attributes, ...changes.attributes };
    await this.users.update({ realm, id: current.id }, { ...current, ...changes, attributes });
  }

  /** Switches a required action (e.g. UPDATE_EMAIL, delete_account) on or off for the realm. */
  async setRequiredAction(realm: string, alias: string, enabled: boolean): Promise<void> {
    const action = await this.authenticationManagement.getRequiredActionForAlias({ realm, alias });
    await this.authenticationManagement.updateRequiredAction({ realm, alias }, { ...action, enabled });
  }

  /** A client of the realm by its client id, with its internal `id`. */
  async client(realm: string, clientId: string): Promise<ClientRepresentation & { id: string }> {
    const [client] = await this.clients.find({ realm, clientId });
    if (!client?.id) throw new Error(`No client ${clientId} in ${realm}`);
    return { ...client, id: client.id };
  }

  /**
   * Switches a client of the realm on or off by its client id; `account` off is Keycloak's "account management not
   * enabled": its account pages and Account API answer 404.
   */
  async setClientEnabled(realm: string, clientId: string, enabled: boolean): Promise<void> {
    const client = await this.client(realm, clientId);
    await this.clients.update({ realm, id: client.id }, { ...client, enabled });
  }

  /** Deletes a user's credentials of one type (e.g. "password"), as an admin would in the Credentials tab. */
  async removeCredentials(realm: string, username: string, type: string): Promise<void> {
    const id = await this.userId(realm, username);
    for (const credential of await this.users.getCredentials({ realm, id })) {
      if (credential.type === type) await this.users.deleteCredential({ realm, id, credentialId: credential.id! });
    }
  }
}

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

/**
 * Key providers for a test realm: RSA keys for signatures (RS256) and encryption (RSA-OAEP) made once per process and
 * given to every realm it creates, with Keycloak's generated HMAC and AES keys: Keycloak otherwise generates two RSA
 * key pairs for each realm, most of the work of creating one. Each realm still has its own issuer; no test reads the
 * keys.
 */
const testKeys = (() => {
  let keys: Record<string, unknown[]> | undefined;
  const pem = () =>
    generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs1", format: "pem" }).toString();
  const provider = (name: string, privateKey: string, algorithm: string) => ({
    name,
    providerId: name,
    config: { privateKey: [privateKey], priority: ["100"], algorithm: [algorithm] },
  });
  return () =>
    (keys ??= {
      "org.keycloak.keys.KeyProvider": [
        provider("rsa", pem(), "RS256"),
        provider("rsa-enc", pem(), "RSA-OAEP"),
        { name: "hmac-generated", providerId: "hmac-generated", config: { priority: ["100"], algorithm: ["HS512"] } },
        { name: "aes-generated", providerId: "aes-generated", config: { priority: ["100"] } },
      ],
    });
})();

/** The test realms' password policy (createRealm): the cheapest hash Keycloak offers. */
export const TEST_PASSWORD_POLICY = "hashAlgorithm(pbkdf2-sha256) and hashIterations(1)";

/** The demo user of every realm made by createRealm. */
export const DEMO_USER = { username: "alice", password: "alice", displayName: "Alice Liddell" };

/** What a user types on the login page. */
export type SignInUser = { username: string; password: string };

/** A test realm's user `name`, whose password is `<name>-pw`. */
export function pwUser(name: string): SignInUser {
  return { username: name, password: `${name}-pw` };
}

/** A test file's cast, each by her name in capitals: `const { ALICE, BOB } = pwUsers("alice", "bob")`. */
export function pwUsers<Name extends string>(...names: Name[]): Record<Uppercase<Name>, SignInUser> {
  return Object.fromEntries(names.map((name) => [name.toUpperCase(), pwUser(name)])) as Record<
    Uppercase<Name>,
    SignInUser
  >;
}

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

/**
 * The credential types that are a way to sign in, as the tests' users hold them: Keycloak's own and the extension's
 * app passwords. The extension's own state (last use, sign-in alerts) is kept in a table of its own, not among them.
 */
export const SIGN_IN_CREDENTIAL_TYPES: readonly string[] = [
  "password",
  "otp",
  "webauthn",
  "webauthn-passwordless",
  "recovery-authn-codes",
  "account-console-app-password",
];
