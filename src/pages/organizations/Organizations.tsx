import {
  DataList,
  DataListCell,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
  EmptyState,
  EmptyStateBody,
  Label,
  LabelGroup,
} from "@patternfly/react-core";
import { useTranslation } from "react-i18next";
import type { OrganizationRepresentation } from "../../api/representations";
import { PageLayout } from "../../ui/PageLayout";
import type { PageProps } from "../page";
import { domainName } from "./loader";
import "./organizations.css";
import { ColumnTitles } from "../../ui/ColumnTitles";

export default function Organizations({ data: organizations }: PageProps<OrganizationRepresentation[]>) {
  const { t } = useTranslation();

  return (
    <PageLayout title={t("organizations")} description={t("organizationDescription")}>
      {organizations.length === 0 ? (
        <EmptyState
          headingLevel="h2"
          titleText={t("emptyUserOrganizations")}
          variant="sm"
          data-testid="organizations-empty"
        >
          <EmptyStateBody>{t("emptyUserOrganizationsInstructions")}</EmptyStateBody>
        </EmptyState>
      ) : (
        <>
          <ColumnTitles className="organizations-header" titles={[t("name"), t("domains"), t("description")]} />
          <DataList id="organizations-list" aria-label={t("organizationList")}>
            {organizations.map((organization, index) => {
              const nameId = `organization-${index}-name`;
              const domains = (organization.domains ?? []).map(domainName);
              return (
                <DataListItem
                  key={organization.id ?? organization.alias ?? organization.name}
                  aria-labelledby={nameId}
                  data-testid="organizations-list-item"
                >
                  <DataListItemRow>
                    <DataListItemCells
                      dataListCells={[
                        <DataListCell key="name" className="organization-name">
                          <span id={nameId}>{organization.name}</span>
                          {organization.enabled === false && (
                            <Label isCompact color="orange">
                              {t("organizationDisabled")}
                            </Label>
                          )}
                        </DataListCell>,
                        <DataListCell key="domains">
                          {domains.length > 0 && (
                            <LabelGroup aria-label={`${t("domains")}: ${organization.name}`} numLabels={domains.length}>
                              {domains.map((domain) => (
                                <Label key={domain} isCompact variant="outline">
                                  {domain}
                                </Label>
                              ))}
                            </LabelGroup>
                          )}
                        </DataListCell>,
                        <DataListCell key="description" className="organization-description">
                          {organization.description}
                        </DataListCell>,
                      ]}
                    />
                  </DataListItemRow>
                </DataListItem>
              );
            })}
          </DataList>
        </>
      )}
    </PageLayout>
  );
}
