import type { TFunction } from "i18next";

/** Keycloak writes translatable texts as `${key}`; anything else is shown as written (or the fallback when empty). */
export function translateLabel(t: TFunction, text: string | undefined, fallback = ""): string {
  if (!text) return fallback;
  const match = /^\$\{(.+)\}$/.exec(text.trim());
  return match ? t(match[1]!) : t(text, { defaultValue: text });
}
