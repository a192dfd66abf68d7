import { fetchPersonalInfo, fetchSupportedLocales } from "../../api/methods";
import type { UserRepresentation } from "../../api/representations";
import type { PageLoader } from "../page";
import { loadTypeaheadSelect } from "../../ui/select/typeaheadCode";
import { needsTypeahead } from "../../user-profile/inputTypes";

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
  // A form with a multiselect or a long list of options renders with its typeahead, not a busy toggle first.
  if (needsTypeahead(user.userProfileMetadata?.attributes ?? [], supportedLocales)) await loadTypeaheadSelect();
  return { user, supportedLocales };
};
