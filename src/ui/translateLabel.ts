import type { TFunction } from "i18next";

/** The key of a text Keycloak wrote as `${key}`, or undefined for a plain text. */
export function bundleKey(text: string): string | undefined {
  return /^\$\{(.+)\}$/.exec(text.trim())?.[1];
}

/** Keycloak writes translatable texts as `${key}`; anything else is shown as written (or the fallback when empty). */
export function translateLabel(t: TFunction, text: string | undefined, fallback = ""): string {
  if (!text) return fallback;
  const key = bundleKey(text);
  return key ? t(key) : t(text, { defaultValue: text });
}
