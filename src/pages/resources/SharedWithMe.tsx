import { Label, LabelGroup } from "@patternfly/react-core";
import { useTranslation } from "react-i18next";
import { useApi } from "../../api/ApiContext";
import { fetchSharedWithMe } from "../../api/methods";
import { ResourceList } from "./ResourceList";
import { ApplicationLink } from "./ResourceTable";
import { resourceLabel, scopeLabel } from "./resources";

/** The "Shared with Me" tab: what others shared with the user, with the scopes granted, a page at a time. */
export function SharedWithMe() {
  const { t } = useTranslation();
  const api = useApi();
  return (
    <ResourceList
      id="shared-with-me"
      label={t("sharedWithMe")}
      load={(query, signal) => fetchSharedWithMe(api, query, signal)}
      emptyTitle={t("noResourcesSharedWithYou")}
      columns={[t("resourceName"), t("application"), t("permissions")]}
    >
      {(rows) => (
        <tbody className="pf-v6-c-table__tbody">
          {rows.map((resource, index) => (
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
      )}
    </ResourceList>
  );
}
