import { EmptyState, Label, LabelGroup } from "@patternfly/react-core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../api/ApiContext";
import { fetchSharedWithMe } from "../../api/methods";
import { LoadError } from "../../ui/LoadError";
import { LoadingState } from "../../ui/LoadingState";
import { useFetch } from "../../ui/useFetch";
import { ApplicationLink, ResourceTable } from "./ResourceTable";
import { ResourceToolbar } from "./ResourceToolbar";
import { FIRST_QUERY, resourceLabel, scopeLabel, type ResourceQuery } from "./resources";

/** The "Shared with Me" tab: what others shared with the user, with the scopes granted, a page at a time. */
export function SharedWithMe() {
  const { t } = useTranslation();
  const api = useApi();
  const [query, setQuery] = useState<ResourceQuery>(FIRST_QUERY);
  const key = `${query.first}|${query.max}|${query.name}`;
  const { state, reload } = useFetch((signal) => fetchSharedWithMe(api, query, signal), key);
  const page = state.status === "ready" ? state.data : { rows: [], links: {} };

  return (
    <>
      <ResourceToolbar
        id="shared-with-me"
        label={t("sharedWithMe")}
        query={query}
        rowCount={page.rows.length}
        links={page.links}
        onChange={setQuery}
      />
      {state.status === "loading" && <LoadingState />}
      {state.status === "error" && <LoadError error={state.error} onRetry={reload} />}
      {state.status === "ready" &&
        (page.rows.length === 0 ? (
          <EmptyState
            headingLevel="h2"
            titleText={query.name ? t("noSearchResults") : t("noResourcesSharedWithYou")}
            variant="xs"
          />
        ) : (
          <ResourceTable label={t("sharedWithMe")} columns={[t("resourceName"), t("application"), t("permissions")]}>
            <tbody className="pf-v6-c-table__tbody">
              {page.rows.map((resource, index) => (
                <tr key={resource._id} className="pf-v6-c-table__tr">
                  <td
                    className="pf-v6-c-table__td resource-name"
                    data-label={t("resourceName")}
                    data-testid={`row[${index}].name`}
                  >
                    {resourceLabel(t, resource)}
                  </td>
                  <td className="pf-v6-c-table__td" data-label={t("application")}>
                    <ApplicationLink resource={resource} />
                  </td>
                  <td className="pf-v6-c-table__td" data-label={t("permissions")}>
                    <LabelGroup numLabels={10} aria-label={t("permissions")}>
                      {resource.scopes.map((scope) => (
                        <Label key={scope.name} variant="outline" data-testid={`scope-${scope.name}`}>
                          {scopeLabel(t, scope)}
                        </Label>
                      ))}
                    </LabelGroup>
                  </td>
                </tr>
              ))}
            </tbody>
          </ResourceTable>
        ))}
    </>
  );
}
