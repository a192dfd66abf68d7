import type { UserProfileAttributeMetadata, UserRepresentation } from "../api/representations";
import { isMultiValue } from "./inputTypes";
import { ROOT_ATTRIBUTES, isRootAttribute, type RootAttribute } from "./rootAttributes";

export { ROOT_ATTRIBUTES, isRootAttribute } from "./rootAttributes";

/**
 * Stands in for "." in attribute names inside form keys: react-hook-form reads dots as nesting.
 * The stock console uses the same character, so the form keys match.
 */
export const DOT_PLACEHOLDER = "🍺";

export type FieldValue = string | string[];
export type ProfileFormValues = Partial<Record<RootAttribute, string>> & { attributes: Record<string, FieldValue> };

/** The form key of an attribute: `email`, or `attributes.<name with dots swapped>`. */
export type ProfileFieldName = RootAttribute | `attributes.${string}`;

export function fieldName(name: string): ProfileFieldName {
  return isRootAttribute(name) ? name : `attributes.${toFormKey(name)}`;
}

export const toFormKey = (name: string) => name.replaceAll(".", DOT_PLACEHOLDER);
export const fromFormKey = (key: string) => key.replaceAll(DOT_PLACEHOLDER, ".");

/** The form's starting values: one string per single-valued attribute, a list per multi-valued one. */
export function toFormValues(user: UserRepresentation, attributes: UserProfileAttributeMetadata[]): ProfileFormValues {
  const values: ProfileFormValues = { attributes: {} };
  for (const attribute of attributes) {
    if (isRootAttribute(attribute.name)) {
      values[attribute.name] = user[attribute.name] ?? "";
      continue;
    }
    const stored = user.attributes?.[attribute.name];
    const current = stored ?? (attribute.defaultValue ? [attribute.defaultValue] : []);
    values.attributes[toFormKey(attribute.name)] = isMultiValue(attribute, current) ? [...current] : (current[0] ?? "");
  }
  return values;
}

/**
 * The user to save: what was loaded (so attributes the form does not show survive), overwritten by the form.
 * Empty values are dropped, so a cleared field clears the attribute.
 */
export function toUserRepresentation(values: ProfileFormValues, loaded: UserRepresentation): UserRepresentation {
  const attributes: Record<string, string[]> = { ...loaded.attributes };
  for (const [key, value] of Object.entries(values.attributes ?? {})) {
    attributes[fromFormKey(key)] = (Array.isArray(value) ? value : [value]).filter((v) => v !== "" && v !== undefined);
  }
  const user: UserRepresentation = { ...loaded, attributes };
  delete user.userProfileMetadata;
  for (const name of ROOT_ATTRIBUTES) {
    if (values[name] !== undefined) user[name] = values[name];
  }
  return user;
}
