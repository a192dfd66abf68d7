import type { TFunction } from "i18next";
import { ApiError } from "../api/client";
import type { FieldError } from "../api/representations";
import { fieldName, type ProfileFieldName } from "./fieldNames";
import { bundleKey } from "../i18n/translateLabel";

function isFieldError(value: unknown): value is FieldError {
  return typeof value === "object" && value !== null && typeof (value as FieldError).field === "string";
}

/** The field errors of a failed save: `{ errors: [...] }`, or one error on its own. Empty when there are none. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  const body = error instanceof ApiError ? error.body : error;
  if (isFieldError(body)) return [body];
  const errors = typeof body === "object" && body !== null ? (body as { errors?: unknown }).errors : undefined;
  return Array.isArray(errors) ? errors.filter(isFieldError) : [];
}

/**
 * Keycloak's message for a field error: `errorMessage` as a bundle key (or `${key}`), filled with `params`
 * as {{0}}, {{1}}, ... where a `${key}` param is itself translated; the raw message when no translation exists.
 */
export function fieldErrorMessage(error: FieldError, t: TFunction): string {
  const params = Object.fromEntries(
    (error.params ?? []).map((param, index) => {
      const text = String(param);
      const key = bundleKey(text);
      return [index, key ? t(key) : text];
    }),
  );
  const key = bundleKey(error.errorMessage) ?? error.errorMessage;
  return t(key, { ...params, defaultValue: error.errorMessage || error.field });
}

export type SetFieldError = (
  name: ProfileFieldName,
  error: { type: string; message: string },
  options: { shouldFocus: boolean },
) => void;

/** Puts each server error on its field; returns the messages of errors whose field the form does not show. */
export function applyServerErrors(
  errors: FieldError[],
  setError: SetFieldError,
  t: TFunction,
  shown: string[],
): string[] {
  const unplaced: string[] = [];
  errors.forEach((error, index) => {
    const message = fieldErrorMessage(error, t);
    if (shown.includes(error.field))
      setError(fieldName(error.field), { type: "server", message }, { shouldFocus: index === 0 });
    else unplaced.push(message);
  });
  return unplaced;
}
