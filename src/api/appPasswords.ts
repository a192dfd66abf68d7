// The user's own app passwords, kept by the server extension (`…/account-console-extension/app-passwords`,
// docs/extension.md, "App passwords"): always the token's user's. Times are epoch milliseconds.
import { ApiError, isRecord, type ApiClient } from "./client";
import { extensionUrl, readable } from "./extension";

export type AppPassword = {
  id: string;
  name: string;
  created: number;
  /** Null: it never expires. */
  expires: number | null;
  /** Null: never used (the server writes it at most once a day). */
  lastUsed: number | null;
};

export type AppPasswordList = { limit: number; appPasswords: AppPassword[] };

/** The answer to a create: the only time the server sends the password itself. */
export type CreatedAppPassword = AppPassword & { password: string };

/** The server's longest name (characters). */
export const MAX_APP_PASSWORD_NAME = 64;

/** Controls that reorder the text after them (`mail\u202Etxt.exe` shows as `mailexe.txt`); the server refuses them. */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
const SPACE_OR_FORMAT = /^[\s\p{Zs}\p{Cf}\p{Cc}]$/u;
/** Letters and marks that show as nothing: Hangul fillers, blank Braille, Khmer and Mongolian fillers, selectors. */
const EMPTY_DRAWN = [
  [0x034f, 0x034f],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x2800, 0x2800],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xffa0, 0xffa0],
  [0xe0100, 0xe01ef],
] as const;

/** Whether a character shows as nothing, as the server counts it: spaces, format characters (zero-width space, BOM,
 * joiners, tags), controls, and the default-ignorable or empty-drawn letters. */
function isInvisible(character: string): boolean {
  if (SPACE_OR_FORMAT.test(character)) return true;
  const code = character.codePointAt(0) ?? 0;
  return EMPTY_DRAWN.some(([first, last]) => code >= first && code <= last);
}

/** A name as two names are compared, by the server too: as it shows, whatever its case and invisible characters. */
export function appPasswordNameKey(name: string): string {
  return [...name.normalize("NFKC")]
    .filter((character) => character === " " || !isInvisible(character))
    .join("")
    .trim()
    .toLowerCase();
}

/**
 * The message key of what is wrong with a new app password's name (the server's rules), or undefined: required, at
 * most MAX_APP_PASSWORD_NAME characters, no direction controls, something visible, not one of `names`.
 */
export function appPasswordNameProblem(name: string, names: readonly string[]): string | undefined {
  const trimmed = name.trim();
  if (trimmed === "") return "appPasswordsNameRequired";
  if ([...trimmed].length > MAX_APP_PASSWORD_NAME) return "appPasswordsNameTooLong";
  if (DIRECTION_CONTROL.test(trimmed)) return "appPasswordsNameDirection";
  if ([...trimmed].every((character) => isInvisible(character))) return "appPasswordsNameRequired";
  const key = appPasswordNameKey(trimmed);
  if (names.some((other) => appPasswordNameKey(other) === key)) return "appPasswordsNameTaken";
  return undefined;
}

/** The server's error code of a failed call, when it sent one. */
export function appPasswordErrorCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return undefined;
  return typeof error.body.error === "string" ? error.body.error : undefined;
}

/** Whether a create was refused because the sign-in is older than the realm allows for it (Keycloak's max age). */
export const needsReauthentication = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && appPasswordErrorCode(error) === "reauthentication_required";

/** The message key for a refusal of the name that the server made (a simultaneous create took it, say). */
export function nameRefusalKey(error: unknown): string | undefined {
  switch (appPasswordErrorCode(error)) {
    case "name_taken":
      return "appPasswordsNameTaken";
    case "name_direction_controls":
      return "appPasswordsNameDirection";
    default:
      return undefined;
  }
}

// Our own extension's answers, as its records type them (every field written, null where there is none).
export async function fetchAppPasswords(api: ApiClient, signal?: AbortSignal): Promise<AppPasswordList> {
  return readable(api.requestUrl<AppPasswordList>(extensionUrl(api, "app-passwords"), { signal }));
}

export async function createAppPassword(
  api: ApiClient,
  request: { name: string; expires: number | null },
): Promise<CreatedAppPassword> {
  return readable(
    api.requestUrl<CreatedAppPassword>(extensionUrl(api, "app-passwords"), { method: "POST", body: request }),
  );
}

export async function revokeAppPassword(api: ApiClient, id: string): Promise<void> {
  await readable(
    api.requestUrl<void>(extensionUrl(api, `app-passwords/${encodeURIComponent(id)}`), { method: "DELETE" }),
  );
}
