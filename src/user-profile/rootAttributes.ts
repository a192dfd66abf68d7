/** The attributes Keycloak keeps at the top level of a user; all others live under `attributes`. */
export const ROOT_ATTRIBUTES = ["username", "firstName", "lastName", "email"] as const;
export type RootAttribute = (typeof ROOT_ATTRIBUTES)[number];

export function isRootAttribute(name: string): name is RootAttribute {
  return (ROOT_ATTRIBUTES as readonly string[]).includes(name);
}
