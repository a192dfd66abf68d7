// Shapes of the Account REST API (Keycloak 26), as far as the console reads them.

/** One attribute of the user-profile metadata (`GET /account/?userProfileMetadata=true`). */
export type UserProfileAttributeMetadata = {
  name: string;
  displayName?: string;
  required?: boolean;
  readOnly?: boolean;
  multivalued?: boolean;
  group?: string;
  defaultValue?: string;
  annotations?: Record<string, unknown>;
  validators?: Record<string, Record<string, unknown>>;
};

export type UserProfileGroupMetadata = {
  name: string;
  displayHeader?: string;
  displayDescription?: string;
  annotations?: Record<string, unknown>;
};

export type UserProfileMetadata = {
  attributes: UserProfileAttributeMetadata[];
  groups?: UserProfileGroupMetadata[];
};

/** The signed-in user as the account API returns it. */
export type UserRepresentation = {
  id?: string;
  username?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  emailVerified?: boolean;
  attributes?: Record<string, string[]>;
  userProfileMetadata?: UserProfileMetadata;
};

/** One validation error of a profile update (400 `{ errors: [...] }`). */
export type FieldError = {
  field: string;
  errorMessage: string;
  params?: unknown[];
};

/** A message the server leaves to the client to translate: a bundle key and its positional parameters. */
export type LocalizedMessage = { key: string; parameters?: string[] };

export type CredentialRepresentation = {
  id: string;
  type: string;
  userLabel?: string;
  createdDate?: number;
  credentialData?: string;
};

export type CredentialMetadata = {
  credential: CredentialRepresentation;
  infoMessage?: LocalizedMessage;
  infoProperties?: LocalizedMessage[];
  warningMessageTitle?: LocalizedMessage;
  warningMessageDescription?: LocalizedMessage;
  iconLight?: string;
  iconDark?: string;
};

/** One credential type of `GET /account/credentials`, with the user's credentials of it. */
export type CredentialContainer = {
  type: string;
  category: string;
  displayName: string;
  helptext?: string;
  iconCssClass?: string;
  createAction?: string;
  updateAction?: string;
  removeable: boolean;
  userCredentialMetadatas: CredentialMetadata[];
};

export type SessionClient = { clientId: string; clientName?: string };

/** Times are epoch seconds. */
export type SessionRepresentation = {
  id: string;
  ipAddress?: string;
  started?: number;
  lastAccess?: number;
  expires?: number;
  browser?: string;
  current?: boolean;
  clients?: SessionClient[];
};

export type DeviceRepresentation = {
  id?: string;
  ipAddress?: string;
  os?: string;
  osVersion?: string;
  browser?: string;
  device?: string;
  lastAccess?: number;
  current?: boolean;
  mobile?: boolean;
  /** Absent or null from some servers when the device has no session left. */
  sessions?: SessionRepresentation[] | null;
};

export type LinkedAccountRepresentation = {
  connected: boolean;
  providerAlias: string;
  providerName: string;
  displayName?: string;
  linkedUsername?: string;
  social: boolean;
  guiOrder?: string;
};

/** One scope the user granted a client on Keycloak's consent screen. */
/** Before 26.4: `name` is the consent screen text and `displayTest` (sic) the server's translation of it. */
export type ConsentScopeRepresentation = { id?: string; name: string; displayText?: string; displayTest?: string };

/** Dates are epoch milliseconds. */
export type ConsentRepresentation = {
  grantedScopes: ConsentScopeRepresentation[];
  createdDate?: number;
  lastUpdatedDate?: number;
};

/** One application of `GET /account/applications`; `logoUri`, `policyUri` and `tosUri` come only with a consent. */
export type ClientRepresentation = {
  clientId: string;
  clientName?: string;
  description?: string;
  userConsentRequired?: boolean;
  inUse?: boolean;
  offlineAccess?: boolean;
  rootUrl?: string;
  baseUrl?: string;
  effectiveUrl?: string;
  consent?: ConsentRepresentation;
  logoUri?: string;
  policyUri?: string;
  tosUri?: string;
};

/** A direct group membership of `GET /account/groups` (the path names every ancestor). */
export type GroupRepresentation = { id?: string; name: string; path: string; description?: string };

/** Keycloak has sent domains both as plain names and as `{ name, verified }`. */
export type OrganizationDomain = string | { name: string; verified?: boolean };

export type OrganizationRepresentation = {
  id?: string;
  name: string;
  alias?: string;
  description?: string;
  enabled?: boolean;
  domains?: OrganizationDomain[];
  /**
   * How the user belongs to it: `MANAGED` (the organization's identity provider created the account) or `UNMANAGED`.
   * Keycloak's Admin API sends it for members; its Account API (26.0 to 26.7) does not.
   */
  membershipType?: string;
};

/** A scope of a UMA resource (`view`, `album:edit`, ...). */
export type ResourceScope = { name: string; displayName?: string; iconUri?: string };

/** The client (resource server) a UMA resource belongs to. */
export type ResourceClient = { clientId: string; name?: string; baseUrl?: string };

/** One UMA resource of `GET /account/resources` (owned) or `/resources/shared-with-me` (scopes = granted ones). */
export type ResourceRepresentation = {
  _id: string;
  name: string;
  displayName?: string;
  uris?: string[];
  icon_uri?: string;
  scopes: ResourceScope[];
  client: ResourceClient;
};

/** A user and scopes on a resource: who it is shared with, who asks for it, or what to grant (`PUT .../permissions`). */
export type ResourcePermission = {
  username: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  scopes: string[];
};

/** One credential type the user holds (`GET /account/verifiable-credentials`); dates are epoch milliseconds. */
export type UserVerifiableCredentialRepresentation = {
  credentialScopeName: string;
  credentialConfigurationId?: string;
  revision?: string;
  createdDate?: number;
  updatedDate?: number;
  userAttributes?: Record<string, string[]>;
};

/** One credential a wallet received (`GET /account/issued-verifiable-credentials`); dates are epoch milliseconds. */
export type IssuedVerifiableCredentialRepresentation = {
  id: string;
  userId?: string;
  /** The credential scope name it was issued for. */
  credentialType?: string;
  issuedAt?: number;
  expiresAt?: number;
  clientId?: string;
  clientName?: string;
  clientBaseUrl?: string;
  revision?: string;
};

/** How an issuer or a credential configuration is shown, per locale (OID4VCI metadata). */
export type CredentialDisplay = { name?: string; locale?: string };

/** One entry of `credential_configurations_supported`; newer servers put `display` under `credential_metadata`. */
export type CredentialConfiguration = {
  format?: string;
  scope?: string;
  display?: CredentialDisplay[];
  credential_metadata?: { display?: CredentialDisplay[] };
};

/** `GET /realms/{realm}/.well-known/openid-credential-issuer`, as far as the console reads it. */
export type CredentialIssuerMetadata = {
  credential_issuer: string;
  credential_configurations_supported: Record<string, CredentialConfiguration>;
  display?: CredentialDisplay[];
};

/** `create-credential-offer` (26.7): the offer lives at `issuer + "/" + nonce`. */
export type CredentialOfferReference = { issuer: string; nonce: string };
