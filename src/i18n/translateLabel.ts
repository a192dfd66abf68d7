import type { TFunction } from "i18next";

/** The key of a text Keycloak wrote as `${key}`, or undefined for a plain text. */
export function bundleKey(text: string): string | undefined {
  return /^\$\{(.+)\}$/.exec(text.trim())?.[1];
}

/**
 * A text of Keycloak's configuration (an attribute's display name, a group header): `${key}` is translated, and a
 * plain text is looked up as a key too, as the stock console does, and shown as written when no bundle has it
 * (or the fallback when empty).
 */
export function translateLabel(t: TFunction, text: string | undefined, fallback = ""): string {
  if (!text) return fallback;
  const key = bundleKey(text);
  return key ? t(key) : t(text, { defaultValue: text });
}

/**
 * A name or description a realm admin gave to data (an organization, a group, a client, a scope): translated only
 * when written as `${key}`. A plain name is the name, even when a bundle happens to have a key of that spelling
 * (a group called "email" stays "email").
 */
export function translateMarked(t: TFunction, text: string | undefined, fallback = ""): string {
  if (!text) return fallback;
  const key = bundleKey(text);
  return key ? t(key) : text;
}
