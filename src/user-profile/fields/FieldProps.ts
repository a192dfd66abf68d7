import type { TFunction } from "i18next";
import type { ControllerRenderProps } from "react-hook-form";
import type { UserProfileAttributeMetadata } from "../../api/representations";
import type { ProfileFieldName, ProfileFormValues } from "../fieldNames";
import { placeholderOf } from "../inputTypes";
import { isRequired } from "../rules";

/** What every field component gets: the attribute, its form binding, and how to describe it. */
export type FieldProps = {
  attribute: UserProfileAttributeMetadata;
  /** The input's id: the attribute name (compat contract). */
  id: string;
  label: string;
  field: ControllerRenderProps<ProfileFormValues, ProfileFieldName>;
  hasError: boolean;
  /** Ids of the helper and error texts, for aria-describedby. */
  describedBy?: string;
  t: TFunction;
};

/** A field's value as one string (the first of a list). */
export function asText(value: unknown): string {
  if (Array.isArray(value)) return typeof value[0] === "string" ? value[0] : "";
  return typeof value === "string" ? value : "";
}

/** A field's value as a list; a single "" is no value, a list keeps its empty rows. */
export function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? v : ""));
  return typeof value === "string" && value !== "" ? [value] : [];
}

/** What a field's one text control (TextInput, TextArea) is given: its form binding, its state and its labels. */
export function textControlProps({ attribute, id, label, field, hasError, describedBy, t }: FieldProps) {
  return {
    id,
    "data-testid": attribute.name,
    name: field.name,
    ref: field.ref,
    value: asText(field.value),
    onChange: (_event: unknown, text: string) => field.onChange(text),
    onBlur: field.onBlur,
    isDisabled: attribute.readOnly,
    isRequired: isRequired(attribute),
    placeholder: placeholderOf(attribute, t),
    validated: hasError ? ("error" as const) : ("default" as const),
    "aria-label": label,
    "aria-describedby": describedBy,
  };
}
