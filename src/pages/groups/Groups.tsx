import { Checkbox } from "@patternfly/react-core";
import { CheckIcon } from "@patternfly/react-icons";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GroupRepresentation } from "../../api/representations";
import { useListPaging } from "../../ui/ListPaging";
import { PageLayout } from "../../ui/PageLayout";
import { EmptyList, TitledList } from "../../ui/TitledList";
import { translateMarked } from "../../i18n/translateLabel";
import type { PageProps } from "../page";
import { groupRows } from "./groups";
import "./groups.css";
import { StaticLabel } from "../../ui/StaticLabel";

export default function Groups({ data: groups }: PageProps<GroupRepresentation[]>) {
  const { t } = useTranslation();
  const [directOnly, setDirectOnly] = useState(false);
  const rows = useMemo(() => groupRows(groups, directOnly), [groups, directOnly]);
  const { shown, offset, pager } = useListPaging(rows, {
    id: "groups",
    perPage: 50,
    resetKey: directOnly,
    firstDraw: 20,
  });

  return (
    <PageLayout title={t("groups")} description={t("groupDescriptionLabel")}>
      {groups.length === 0 ? (
        <EmptyList title={t("noGroups")} body={t("noGroupsText")} />
      ) : (
        <>
          <Checkbox
            id="directMembership-checkbox"
            data-testid="directMembership-checkbox"
            label={t("directMembership")}
            isChecked={directOnly}
            onChange={(_event, checked) => setDirectOnly(checked)}
            className="groups-filter"
          />
          <TitledList
            id="groups-list"
            label={t("groups")}
            titles={[t("name"), t("path"), t("directMembership")]}
            className="groups"
            rowClass="group"
            isCompact
            rows={shown.map((row, shownIndex) => {
              const index = offset + shownIndex;
              return {
                key: row.path,
                nameId: `group-${index}-name`,
                nameTestId: `group[${index}].name`,
                name: translateMarked(t, row.name),
                badge: (
                  <>
                    {!row.direct && (
                      <StaticLabel isCompact color="grey" className="group-inherited">
                        {t("inheritedMembership")}
                      </StaticLabel>
                    )}
                    {row.description && (
                      <span className="group-description" data-testid={`group[${index}].description`}>
                        {translateMarked(t, row.description)}
                      </span>
                    )}
                  </>
                ),
                cells: [
                  { key: "path", className: "group-path", testId: `group[${index}].path`, content: row.path },
                  // An icon without text: a row's text ends with its path, which suites for the stock console rely on.
                  {
                    key: "membership",
                    className: "group-membership",
                    content: row.direct && <CheckIcon aria-label={t("directMembership")} aria-hidden={false} />,
                  },
                ],
              };
            })}
          />
          {pager}
        </>
      )}
    </PageLayout>
  );
}
