import type { TFunction } from "i18next";
import type { TokenClaims } from "../../auth/auth";

/** Given + family name, else the username, else the translated 'unknownUser'. */
export function displayName(claims: TokenClaims, t: TFunction): string {
  const givenName = claims.given_name?.trim() ?? "";
  const familyName = claims.family_name?.trim() ?? "";
  if (givenName || familyName) {
    return t("fullName", { givenName, familyName }).trim();
  }
  return claims.preferred_username || t("unknownUser");
}
