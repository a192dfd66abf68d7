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
