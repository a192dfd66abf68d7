import type { Page } from "@playwright/test";
import { DEMO_USER, fixture, testUser, type KeycloakAdmin, type RealmJson, type SignInUser } from "../support/admin";
import { idleOidcProvider } from "../support/broker";
import { otpCredential, totp } from "../support/otp";
import type { RealmRecipe } from "../support/realms";
import { accountAs, requestAccess as requestAccessFor, type ResourceServer } from "../support/resource-server";
import { keycloakUrl } from "../support/test";

/**
 * A realm where every screen of the console has something to show, for the accessibility tests: the demo realm's
 * rich user profile and languages, a group, an organization, an identity provider to link, an application with
 * offline access, resources shared both ways with a pending request, and issued verifiable credentials.
 * Each file has its own copy (files run side by side on one server, and their tests change what it holds);
 * `furnish` adds what realm JSON cannot hold. The global setup makes the copies ahead (`A11Y_REALMS`).
 */
export const BOB = { username: "bob", password: "bob", displayName: "Bob Tester" };
/** A user with an authenticator application already set up (a credential to remove). */
export const OTTO = { username: "otto", password: "otto", displayName: "Otto Tester" };
/** A user whose sessions are only those a test makes (the set-up signs bob in through the API). */
export const DAVE = { username: "dave", password: "dave", displayName: "Dave Tester" };
/** Otto's authenticator secret as Keycloak stores it (the raw key, not base32). */
const OTTO_SECRET = "a11y-otp-secret-for-otto-1234567";

const RESOURCE_CLIENT = "photoz";
const RESOURCE_SECRET = "photoz-secret";
const OFFLINE_CLIENT = "notes";
const SCOPES = ["album:view", "album:edit"];
export const JWT_CREDENTIAL = "oid4vc_natural_person_jwt";
export const SD_CREDENTIAL = "oid4vc_natural_person_sd";

type Demo = RealmJson & { users: Record<string, unknown>[] };

const ROLES = [
  "manage-account",
  "view-profile",
  "view-groups",
  "view-applications",
  "manage-consent",
  "delete-account",
];

const person = (user: SignInUser, otherCredentials: unknown[] = []) =>
  testUser(user, {
    roles: ROLES,
    otherCredentials,
    // The demo profile requires a recovery address of users.
    attributes: { recoveryEmail: [`${user.username}.recovery@example.org`] },
  });

/** The realm JSON, as a function: it names the server's address, known only once the run has started. */
export function a11yRealm(realm: string): () => RealmJson {
  return () => {
    const { id: _id, realm: _name, users, ...demo } = fixture<Demo>("demo-realm.json");
    const alice = users.find((user) => user.username === DEMO_USER.username)!;
    return {
      ...demo,
      userManagedAccessAllowed: true,
      // Account activity (the extension's page) lists the user's own events: the realm saves them.
      eventsEnabled: true,
      users: [
        { ...alice, groups: ["/readers"], realmRoles: ["offline_access"] },
        person(BOB),
        person(DAVE),
        person(OTTO, [otpCredential("Phone", OTTO_SECRET)]),
      ],
      groups: [{ name: "readers", path: "/readers", subGroups: [] }],
      clients: [
        {
          clientId: RESOURCE_CLIENT,
          name: "Photo album",
          secret: RESOURCE_SECRET,
          publicClient: false,
          serviceAccountsEnabled: true,
          authorizationServicesEnabled: true,
          directAccessGrantsEnabled: true,
          standardFlowEnabled: true,
          baseUrl: "https://photoz.example.org/",
          redirectUris: [`${keycloakUrl()}/realms/${realm}/*`],
        },
        {
          clientId: OFFLINE_CLIENT,
          name: "Notes",
          publicClient: true,
          directAccessGrantsEnabled: true,
          standardFlowEnabled: false,
          baseUrl: "https://notes.example.org/",
        },
      ],
      identityProviders: [idleOidcProvider("partner", "Partner")],
    };
  };
}

/** The realm of one accessibility file, furnished: what a file names in `realms`. */
export const a11yRecipe = (realm: string): RealmRecipe => ({ json: a11yRealm(realm), furnish });

/**
 * The accessibility files' realms, by the file that uses each: the global setup starts making them side by side,
 * beside the first tests, when the run includes the file. Furnishing one takes tens of seconds on a busy machine.
 */
export const A11Y_REALMS: Record<string, string> = {
  "e2e-a11y-axe": "tests/e2e/a11y/axe-sweep.e2e.ts",
  "e2e-a11y-display": "tests/e2e/a11y/display.e2e.ts",
  "e2e-a11y-keyboard": "tests/e2e/a11y/keyboard.e2e.ts",
  "e2e-a11y-screen-reader": "tests/e2e/a11y/screen-reader.e2e.ts",
};

/** The current one-time code of Otto's authenticator. */
export function ottoCode(now = Date.now()): string {
  return totp(OTTO_SECRET, now);
}

/** Answers Keycloak's one-time-code page for Otto, after his password. */
export async function enterOttoCode(page: Page): Promise<void> {
  await page.locator("#otp").fill(ottoCode());
  await page.locator("#kc-login").click();
}

/** The realm's resource server (photoz), through which the tests set state up. */
const photoz = (realm: string): ResourceServer => ({ realm, clientId: RESOURCE_CLIENT, secret: RESOURCE_SECRET });

/** Resource ids by realm and name. */
const resources = new Map<string, string>();

/** The Account REST API as `user`, to set state up and read it back independently of the console. */
export const accountApi = <T>(
  realm: string,
  user: SignInUser,
  path: string,
  init?: { method?: string; body?: unknown },
) => accountAs<T>(photoz(realm), user, path, init);

export const resourceId = (realm: string, name: string) => resources.get(`${realm}/${name}`)!;

/** The id of alice's resource `name`, from the Account API (the realm may have been furnished in another process). */
export async function aliceResourceId(realm: string, name: string): Promise<string> {
  const found = await accountApi<{ _id: string; name: string }[]>(
    realm,
    DEMO_USER,
    `/resources?name=${encodeURIComponent(name)}`,
  );
  const resource = found.find((candidate) => candidate.name === name);
  if (!resource) throw new Error(`alice has no resource ${name} in ${realm}`);
  return resource._id;
}

/** `user` asks the owner of `name` for its first scope through the UMA ticket flow; Keycloak files the request. */
export const requestAccess = (realm: string, user: SignInUser, name: string) =>
  requestAccessFor(photoz(realm), user, resourceId(realm, name), [SCOPES[0]!]);

/** Gives alice offline access to the notes application (an application whose access she can remove). */
export async function grantOfflineAccess(realm: string): Promise<void> {
  const response = await fetch(`${keycloakUrl()}/realms/${realm}/protocol/openid-connect/token`, {
    method: "POST",
    body: new URLSearchParams({
      client_id: OFFLINE_CLIENT,
      grant_type: "password",
      username: DEMO_USER.username,
      password: DEMO_USER.password,
      scope: "openid offline_access",
    }),
  });
  if (!response.ok) throw new Error(`offline token: ${response.status} ${await response.text()}`);
}

/** Issues a verifiable credential of `scope` to `username`. */
export async function grantCredential(admin: KeycloakAdmin, realm: string, username: string, scope: string) {
  const id = await admin.userId(realm, username);
  await admin.users.createVerifiableCredential({ realm, id }, { credentialScopeName: scope });
}

/** What realm JSON cannot hold: organization, resources and a request, offline access, credentials. */
export async function furnish(admin: KeycloakAdmin, realm: string): Promise<void> {
  const org = await admin.organizations.create({
    realm,
    name: "Wonderland",
    alias: "wonderland",
    enabled: true,
    description: "Tea parties and croquet",
    domains: [{ name: "wonderland.example" }],
  });
  await admin.organizations.addMember({ realm, orgId: org.id, userId: await admin.userId(realm, "alice") });

  const client = await admin.client(realm, RESOURCE_CLIENT);
  for (const scope of SCOPES) {
    await admin.clients.createAuthorizationScope({ realm, id: client.id }, { name: scope });
  }
  for (const [name, owner] of [
    ["holiday", DEMO_USER.username],
    ["garden", DEMO_USER.username],
    ["bob-recipes", BOB.username],
  ] as const) {
    const created = await admin.clients.createResource(
      { realm, id: client.id },
      // The owner by user name, as Keycloak reads a plain string there.
      { name, owner: { id: owner }, ownerManagedAccess: true, scopes: SCOPES.map((scope) => ({ name: scope })) },
    );
    resources.set(`${realm}/${name}`, created._id!);
  }
  // Bob shares his recipes with alice (Shared with me), and asks for her garden (a request to answer).
  await accountApi(realm, BOB, `/resources/${resourceId(realm, "bob-recipes")}/permissions`, {
    method: "PUT",
    body: [{ username: DEMO_USER.username, scopes: [SCOPES[0]] }],
  });
  await requestAccess(realm, BOB, "garden");
  // Alice shares her holiday photos with bob (a resource to edit and unshare).
  await accountApi(realm, DEMO_USER, `/resources/${resourceId(realm, "holiday")}/permissions`, {
    method: "PUT",
    body: [{ username: BOB.username, scopes: [SCOPES[0]] }],
  });

  await grantOfflineAccess(realm);

  // The account console may ask for credential offers (oid4vci.enabled); alice holds both natural-person ones.
  const consoleClient = await admin.client(realm, "account-console");
  await admin.clients.update(
    { realm, id: consoleClient.id },
    { ...consoleClient, attributes: { ...consoleClient.attributes, "oid4vci.enabled": "true" } },
  );
  for (const scope of [JWT_CREDENTIAL, SD_CREDENTIAL]) await grantCredential(admin, realm, DEMO_USER.username, scope);
}

/** Every screen of the menu, by route, h1 and menu label (English). */
export const SCREENS = [
  { route: "", heading: "Personal info", title: "Personal info" },
  { route: "account-security/signing-in", heading: "Signing in", title: "Signing in" },
  { route: "account-security/device-activity", heading: "Device activity", title: "Device activity" },
  { route: "account-security/linked-accounts", heading: "Linked accounts", title: "Linked accounts" },
  { route: "applications", heading: "Applications", title: "Applications" },
  { route: "verifiable-credentials", heading: "Verifiable credentials", title: "Verifiable credentials" },
  { route: "oid4vci", heading: "Verifiable Credentials", title: "Credential offer" },
  { route: "groups", heading: "Groups", title: "Groups" },
  { route: "organizations", heading: "Organizations", title: "Organizations" },
  { route: "resources", heading: "Resources", title: "Resources" },
  { route: "account-security/account-activity", heading: "Account activity", title: "Account activity" },
  { route: "account-security/security-checkup", heading: "Security checkup", title: "Security checkup" },
] as const;

/** Screens no menu item names, reached by a link (the sign-in alert's "This wasn't me"): by route with its query. */
export const LINKED_SCREENS = [
  {
    route: "account-security/secure-your-account?browser=Firefox&os=Windows&time=1764230400000",
    heading: "Secure your account",
  },
] as const;
