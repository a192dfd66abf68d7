import { fetchApplications } from "../../api/methods";
import type { ClientRepresentation } from "../../api/representations";
import type { PageLoader } from "../page";

export const loadApplications: PageLoader<ClientRepresentation[]> = ({ api, request }) =>
  fetchApplications(api, request.signal);
