import type {
  UserProfileAttributeMetadata,
  UserProfileGroupMetadata,
  UserRepresentation,
} from "../api/representations";

/**
 * Alice as `GET /account/?userProfileMetadata=true` returns her under Keycloak's default user profile: the four
 * built-in fields (username read-only; email, first and last name required; email checked as an email address).
 * `emailField` changes the email field's metadata, `extraFields` and `groups` extend the profile, the rest changes the user.
 */
export function aliceWithProfile({
  emailField = {},
  extraFields = [],
  groups,
  ...user
}: Partial<UserRepresentation> & {
  emailField?: Partial<UserProfileAttributeMetadata>;
  extraFields?: UserProfileAttributeMetadata[];
  groups?: UserProfileGroupMetadata[];
} = {}): UserRepresentation {
  return {
    id: "u1",
    username: "alice",
    email: "alice@example.org",
    firstName: "Alice",
    lastName: "Liddell",
    attributes: {},
    userProfileMetadata: {
      attributes: [
        { name: "username", displayName: "${username}", readOnly: true },
        { name: "email", displayName: "${email}", required: true, validators: { email: {} }, ...emailField },
        { name: "firstName", displayName: "${firstName}", required: true },
        { name: "lastName", displayName: "${lastName}", required: true },
        ...extraFields,
      ],
      ...(groups ? { groups } : {}),
    },
    ...user,
  };
}

/** A user-profile attribute named (and displayed as) `name`, with `extra` metadata. */
export const attr = (
  name: string,
  extra: Partial<UserProfileAttributeMetadata> = {},
): UserProfileAttributeMetadata => ({
  name,
  displayName: name,
  ...extra,
});
