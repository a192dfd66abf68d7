import { fetchGroups } from "../../api/methods";
import type { GroupRepresentation } from "../../api/representations";
import type { PageLoader } from "../page";

export const loadGroups: PageLoader<GroupRepresentation[]> = ({ api, request }) => fetchGroups(api, request.signal);
