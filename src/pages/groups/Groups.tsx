import {
  Checkbox,
  DataList,
  DataListCell,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
  EmptyState,
  EmptyStateBody,
  Label,
} from "@patternfly/react-core";
import { CheckIcon } from "@patternfly/react-icons";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GroupRepresentation } from "../../api/representations";
import { PageLayout } from "../../ui/PageLayout";
import type { PageProps } from "../page";
import { groupRows } from "./groups";
import "./groups.css";
import { ColumnTitles } from "../../ui/ColumnTitles";
import { useListPaging } from "../../ui/ListPaging";

export default function Groups({ data: groups }: PageProps<GroupRepresentation[]>) {
  const { t } = useTranslation();
  const [directOnly, setDirectOnly] = useState(false);
  const rows = useMemo(() => groupRows(groups, directOnly), [groups, directOnly]);
  const { shown, offset, pager } = useListPaging(rows, { id: "groups", perPage: 50, resetKey: directOnly });

  if (groups.length === 0) {
    return (
      <PageLayout title={t("groups")} description={t("groupDescriptionLabel")}>
        <EmptyState headingLevel="h2" titleText={t("noGroups")} variant="sm">
          <EmptyStateBody>{t("noGroupsText")}</EmptyStateBody>
        </EmptyState>
      </PageLayout>
    );
  }

  return (
    <PageLayout title={t("groups")} description={t("groupDescriptionLabel")}>
      <Checkbox
        id="directMembership-checkbox"
        data-testid="directMembership-checkbox"
        label={t("directMembership")}
        isChecked={directOnly}
        onChange={(_event, checked) => setDirectOnly(checked)}
        className="groups-filter"
      />
      <ColumnTitles className="groups-header" titles={[t("name"), t("path"), t("directMembership")]} />
      <DataList id="groups-list" aria-label={t("groups")} isCompact>
        {shown.map((row, shownIndex) => {
          const index = offset + shownIndex;
          return (
            <DataListItem key={row.path} aria-labelledby={`group-${index}-name`}>
              <DataListItemRow>
                <DataListItemCells
                  dataListCells={[
                    <DataListCell key="name" className="group-name">
                      <span id={`group-${index}-name`} data-testid={`group[${index}].name`}>
                        {row.name}
                      </span>
                      {!row.direct && (
                        <Label isCompact color="grey" className="group-inherited">
                          {t("inheritedMembership")}
                        </Label>
                      )}
                    </DataListCell>,
                    <DataListCell key="path" className="group-path" data-testid={`group[${index}].path`}>
                      {row.path}
                    </DataListCell>,
                    // An icon without text: a row's text ends with its path, which suites for the stock console rely on.
                    <DataListCell key="membership" className="group-membership">
                      {row.direct && <CheckIcon aria-label={t("directMembership")} aria-hidden={false} />}
                    </DataListCell>,
                  ]}
                />
              </DataListItemRow>
            </DataListItem>
          );
        })}
      </DataList>
      {pager}
    </PageLayout>
  );
}
