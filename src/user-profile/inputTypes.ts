import type { TFunction } from "i18next";
import type { UserProfileAttributeMetadata } from "../api/representations";
import { translateLabel } from "../i18n/translateLabel";
import { isRootAttribute } from "./rootAttributes";

/** The `inputType` annotations Keycloak's user-profile editor offers. Anything else is shown as text. */
export const INPUT_TYPES = [
  "text",
  "textarea",
  "select",
  "select-radiobuttons",
  "multiselect",
  "multiselect-checkboxes",
  "multi-input",
  "html5-email",
  "html5-tel",
  "html5-url",
  "html5-number",
  "html5-range",
  "html5-datetime-local",
  "html5-date",
  "html5-month",
  "html5-time",
] as const;
export type InputType = (typeof INPUT_TYPES)[number];

/** Single selects with this many options or more filter as you type. */
export const TYPEAHEAD_THRESHOLD = 10;

const OPTION_TYPES: InputType[] = ["select", "select-radiobuttons", "multiselect", "multiselect-checkboxes"];
const MULTI_TYPES: InputType[] = ["multiselect", "multiselect-checkboxes", "multi-input"];

function isInputType(value: unknown): value is InputType {
  return (INPUT_TYPES as readonly unknown[]).includes(value);
}

export function inputType(attribute: UserProfileAttributeMetadata): InputType {
  if (isRootAttribute(attribute.name)) return "text";
  const annotated = attribute.annotations?.inputType;
  return isInputType(annotated) ? annotated : "text";
}

export function isOptionType(type: InputType): boolean {
  return OPTION_TYPES.includes(type);
}

/**
 * Whether the form holds a list for this attribute: multivalued attributes, the multi-value input types, and
 * (like the stock console) an attribute without an input type that already holds several values.
 */
export function isMultiValue(attribute: UserProfileAttributeMetadata, current: string[] = []): boolean {
  const type = inputType(attribute);
  if (MULTI_TYPES.includes(type)) return true;
  if (type === "select" || type === "select-radiobuttons") return false;
  return attribute.multivalued === true || (current.length > 1 && attribute.annotations?.inputType === undefined);
}

/** How the attribute is drawn. Multi-valued free text becomes a list of rows of its input type. */
export type FieldKind = "text" | "textarea" | "select" | "radio" | "checkbox" | "multi-input";

export function fieldKind(attribute: UserProfileAttributeMetadata, current: string[] = []): FieldKind {
  const type = inputType(attribute);
  switch (type) {
    case "textarea":
      return isMultiValue(attribute, current) ? "multi-input" : "textarea";
    case "select":
    case "multiselect":
      return "select";
    case "select-radiobuttons":
      return "radio";
    case "multiselect-checkboxes":
      return "checkbox";
    case "multi-input":
      return "multi-input";
    default:
      return isMultiValue(attribute, current) ? "multi-input" : "text";
  }
}

/** The HTML input type of a text field: the suffix of `html5-*`, else text. */
export function htmlInputType(attribute: UserProfileAttributeMetadata): string {
  const type = inputType(attribute);
  return type.startsWith("html5-") ? type.slice("html5-".length) : "text";
}

export type Option = { value: string; label: string };

/** Options from the options validator, labelled by `inputOptionLabels` (or an i18n prefix), translated. */
export function attributeOptions(attribute: UserProfileAttributeMetadata, t: TFunction): Option[] {
  const raw = attribute.validators?.options?.options;
  const values = Array.isArray(raw) ? raw.filter((v): v is string => typeof v === "string") : [];
  const labels = attribute.annotations?.inputOptionLabels;
  const prefix = attribute.annotations?.inputOptionLabelsI18nPrefix;
  return values.map((value) => {
    const configured =
      typeof labels === "object" && labels !== null ? (labels as Record<string, unknown>)[value] : undefined;
    if (typeof configured === "string" && configured !== "")
      return { value, label: translateLabel(t, configured, value) };
    if (typeof prefix === "string" && prefix !== "")
      return { value, label: t(`${prefix}.${value}`, { defaultValue: value }) };
    return { value, label: translateLabel(t, value, value) };
  });
}

/**
 * Whether the form will draw a typeahead (SelectControl): a multiselect, a select of TYPEAHEAD_THRESHOLD options or
 * more, or that many locales to choose from.
 */
export function needsTypeahead(attributes: UserProfileAttributeMetadata[], supportedLocales: string[]): boolean {
  return attributes.some((attribute) => {
    if (attribute.name === "locale") return supportedLocales.length >= TYPEAHEAD_THRESHOLD;
    const type = inputType(attribute);
    const options = attribute.validators?.options?.options;
    return (
      type === "multiselect" || (type === "select" && Array.isArray(options) && options.length >= TYPEAHEAD_THRESHOLD)
    );
  });
}

/** A string annotation, or undefined. */
export function annotation(attribute: UserProfileAttributeMetadata, name: string): string | undefined {
  const value = attribute.annotations?.[name];
  return typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : undefined;
}

/** What the built-in attributes hold, as HTML's autocomplete tokens name it (WCAG 1.3.5, Identify Input Purpose). */
const AUTOCOMPLETE: Record<string, string> = {
  username: "username",
  email: "email",
  firstName: "given-name",
  lastName: "family-name",
};

/**
 * The autocomplete token of a field about the user: the built-in attributes by name, a phone input by its type;
 * undefined for anything else (a custom attribute's purpose is not known: a second email field may be a recovery
 * address, which the browser must not fill with the user's own).
 */
export function autocompleteOf(attribute: UserProfileAttributeMetadata): string | undefined {
  return AUTOCOMPLETE[attribute.name] ?? (htmlInputType(attribute) === "tel" ? "tel" : undefined);
}

/** The placeholder annotation, translated when written as `${key}`. */
export function placeholderOf(attribute: UserProfileAttributeMetadata, t: TFunction): string | undefined {
  if (attribute.readOnly) return undefined;
  return translateLabel(t, annotation(attribute, "inputTypePlaceholder")) || undefined;
}

export function attributeLabel(attribute: UserProfileAttributeMetadata, t: TFunction): string {
  return attribute.displayName
    ? translateLabel(t, attribute.displayName)
    : t(attribute.name, { defaultValue: attribute.name });
}
