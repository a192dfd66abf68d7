import { fetchCredentials } from "../../../api/methods";
import type { CredentialContainer } from "../../../api/representations";
import type { PageLoader } from "../../page";

export const loadCredentials: PageLoader<CredentialContainer[]> = ({ api, request }) =>
  fetchCredentials(api, request.signal);
