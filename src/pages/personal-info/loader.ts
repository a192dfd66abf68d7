import { fetchPersonalInfo, fetchSupportedLocales } from "../../api/methods";
import type { UserRepresentation } from "../../api/representations";
import type { PageLoader } from "../../ui/pageData";

export type PersonalInfoData = { user: UserRepresentation; supportedLocales: string[] };

/**
 * The profile with its metadata, and the realm's locales. Keycloak offers the `locale` attribute only when the realm
 * has internationalization on; otherwise there is nothing to choose from and the second request is not sent.
 */
export const loadPersonalInfo: PageLoader<PersonalInfoData> = async ({ api, features, request }) => {
  const [user, supportedLocales] = await Promise.all([
    fetchPersonalInfo(api, request.signal),
    features.isInternationalizationEnabled ? fetchSupportedLocales(api, request.signal) : [],
  ]);
  return { user, supportedLocales };
};
