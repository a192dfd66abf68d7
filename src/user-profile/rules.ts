import type { TFunction } from "i18next";
import type { RegisterOptions } from "react-hook-form";
import type { UserProfileAttributeMetadata } from "../api/representations";
import { attributeLabel } from "./inputTypes";
import type { FieldValue, ProfileFieldName, ProfileFormValues } from "./fieldNames";
import { bundleKey } from "../i18n/translateLabel";

export type Rules = Omit<
  RegisterOptions<ProfileFormValues, ProfileFieldName>,
  "valueAsNumber" | "valueAsDate" | "setValueAs" | "disabled"
>;

/** Keycloak's validator configuration values arrive as numbers or strings. */
function numberOption(config: Record<string, unknown> | undefined, key: string): number | undefined {
  const value = config?.[key];
  if (value === undefined || value === null || value === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** Required when flagged, or when the length validator asks for at least one character. */
export function isRequired(attribute: UserProfileAttributeMetadata): boolean {
  return attribute.required === true || (numberOption(attribute.validators?.length, "min") ?? 0) > 0;
}

/** Whether `n` lies within the bounds that are set. */
const within = (n: number, min: number | undefined, max: number | undefined) =>
  (min === undefined || n >= min) && (max === undefined || n <= max);

/**
 * The message of a broken bound in Keycloak's words: `both` when both bounds are set, else `tooLow` or `tooHigh`
 * (the label is {0}, the minimum {1}, the maximum {2}).
 */
function boundsMessage(
  t: TFunction,
  label: string,
  min: number | undefined,
  max: number | undefined,
  [both, tooLow, tooHigh]: [string, string, string],
): string {
  if (min !== undefined && max !== undefined) return t(both, { 0: label, 1: min, 2: max });
  return min !== undefined ? t(tooLow, { 0: label, 1: min }) : t(tooHigh, { 0: label, 2: max });
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** A Java pattern as Keycloak applies it (the whole value must match); undefined when JavaScript cannot read it. */
function wholeMatch(pattern: unknown): RegExp | undefined {
  if (typeof pattern !== "string" || pattern === "") return undefined;
  try {
    return new RegExp(`^(?:${pattern})$`, "u");
  } catch {
    return undefined;
  }
}

const values = (value: FieldValue | undefined): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v) => v !== "");

/**
 * The form rules of an attribute, mirroring the server's validators so most mistakes show before a round trip.
 * `list`: the form holds a list of values for it (see isMultiValue); `label`: its label, when the caller has it.
 * Single values use react-hook-form's own rules (required, minLength, maxLength, min, max, pattern); lists are
 * checked value by value in `validate`. Empty values pass every rule but `required`, as on the server.
 */
export function buildRules(
  attribute: UserProfileAttributeMetadata,
  list: boolean,
  t: TFunction,
  label = attributeLabel(attribute, t),
): Rules {
  if (attribute.readOnly) return {};
  const validators = attribute.validators ?? {};
  const rules: Rules = {};
  const checks: Record<string, (value: string) => string | true> = {};

  // Only for required attributes: a profile's form makes the rules of every field as it draws, and a translation
  // with its interpolation costs; most attributes are optional.
  const required = isRequired(attribute) ? t("error-user-attribute-required", { 0: label }) : "";
  // A list is required when it holds one non-empty value: checked in `validate` below.
  if (isRequired(attribute) && !list) rules.required = { value: true, message: required };

  const minLength = numberOption(validators.length, "min");
  const maxLength = numberOption(validators.length, "max");
  if (minLength !== undefined || maxLength !== undefined) {
    const message = boundsMessage(t, label, minLength, maxLength, [
      "error-invalid-length",
      "error-invalid-length-too-short",
      "error-invalid-length-too-long",
    ]);
    if (!list && minLength !== undefined) rules.minLength = { value: minLength, message };
    if (!list && maxLength !== undefined) rules.maxLength = { value: maxLength, message };
    if (list) {
      checks.length = (v) => within(v.length, minLength, maxLength) || message;
    }
  }

  const numeric = validators.integer ?? validators.double;
  if (numeric) {
    const integer = validators.integer !== undefined;
    const min = numberOption(numeric, "min");
    const max = numberOption(numeric, "max");
    const range = boundsMessage(t, label, min, max, [
      "error-number-out-of-range",
      "error-number-out-of-range-too-small",
      "error-number-out-of-range-too-big",
    ]);
    checks.number = (v) => {
      const number = Number(v);
      return (
        (v.trim() !== "" && Number.isFinite(number) && (!integer || Number.isInteger(number))) ||
        t("error-invalid-number", { 0: label })
      );
    };
    if (!list && min !== undefined) rules.min = { value: min, message: range };
    if (!list && max !== undefined) rules.max = { value: max, message: range };
    if (list) checks.range = (v) => within(Number(v), min, max) || range;
  }

  const pattern = wholeMatch(validators.pattern?.pattern);
  if (pattern) {
    const custom = validators.pattern?.["error-message"];
    const message =
      typeof custom === "string" && custom !== ""
        ? t(bundleKey(custom) ?? custom, { 0: label, defaultValue: custom })
        : t("error-pattern-no-match", { 0: label });
    if (list) checks.pattern = (v) => pattern.test(v) || message;
    else rules.pattern = { value: pattern, message };
  }

  if (validators.email) checks.email = (v) => EMAIL.test(v) || t("error-invalid-email", { 0: label });
  if (validators.uri) {
    checks.uri = (v) => {
      try {
        new URL(v);
        return true;
      } catch {
        return t("error-invalid-uri", { 0: label });
      }
    };
  }

  const count = validators.multivalued;
  const minCount = numberOption(count, "min");
  const maxCount = numberOption(count, "max");

  const valueChecks = Object.values(checks);
  if (valueChecks.length > 0 || (list && isRequired(attribute)) || minCount !== undefined || maxCount !== undefined) {
    rules.validate = (value: unknown) => {
      const present = values(value as FieldValue | undefined);
      if (list && isRequired(attribute) && present.length === 0) return required;
      for (const v of present) {
        for (const check of valueChecks) {
          const result = check(v);
          if (result !== true) return result;
        }
      }
      if (!within(present.length, minCount, maxCount)) {
        return t("error-invalid-multivalued-size", { 0: label, 1: minCount ?? 0, 2: maxCount ?? "∞" });
      }
      return true;
    };
  }
  return rules;
}
