import { fetchResources, type Page } from "../../api/methods";
import type { ResourceRepresentation } from "../../api/representations";
import type { PageLoader } from "../../ui/pageData";
import { FIRST_QUERY } from "./resources";

/** The first page of the user's own resources: one request (the pending requests of its rows load afterwards). */
export const loadResources: PageLoader<Page<ResourceRepresentation>> = ({ api, request }) =>
  fetchResources(api, FIRST_QUERY, request.signal);
