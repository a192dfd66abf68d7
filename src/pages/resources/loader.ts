import { fetchResources, type Page } from "../../api/methods";
import type { ResourceRepresentation } from "../../api/representations";
import type { PageLoader } from "../page";
import { loadTypeaheadSelect } from "../../ui/select/typeaheadCode";
import { FIRST_QUERY } from "./resources";

/** The first page of the user's own resources: one request (the pending requests of its rows load afterwards). */
export const loadResources: PageLoader<Page<ResourceRepresentation>> = ({ api, request }) => {
  // The share and edit dialogs pick scopes in a typeahead; its code comes beside the data, not on the first click.
  loadTypeaheadSelect().catch(() => {}); // a dialog opened later loads it again
  return fetchResources(api, FIRST_QUERY, request.signal);
};
