import { fetchPersonalInfo, fetchSupportedLocales } from "../../api/methods";
import type { UserRepresentation } from "../../api/representations";
import type { PageLoader } from "../../ui/pageData";

export type PersonalInfoData = { user: UserRepresentation; supportedLocales: string[] };

export const loadPersonalInfo: PageLoader<PersonalInfoData> = async ({ api, request }) => {
  const [user, supportedLocales] = await Promise.all([
    fetchPersonalInfo(api, request.signal),
    fetchSupportedLocales(api, request.signal),
  ]);
  return { user, supportedLocales };
};
