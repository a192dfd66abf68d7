import { Label, LabelGroup } from "@patternfly/react-core";
import { useTranslation } from "react-i18next";
import type { OrganizationRepresentation } from "../../api/representations";
import { PageLayout } from "../../ui/PageLayout";
import { EmptyList, TitledList } from "../../ui/TitledList";
import type { PageProps } from "../page";
import { domainName } from "./loader";
import "./organizations.css";

export default function Organizations({ data: organizations }: PageProps<OrganizationRepresentation[]>) {
  const { t } = useTranslation();

  return (
    <PageLayout title={t("organizations")} description={t("organizationDescription")}>
      {organizations.length === 0 ? (
        <EmptyList
          title={t("emptyUserOrganizations")}
          body={t("emptyUserOrganizationsInstructions")}
          testId="organizations-empty"
        />
      ) : (
        <TitledList
          id="organizations-list"
          label={t("organizationList")}
          titles={[t("name"), t("domains"), t("description")]}
          className="organizations"
          rowClass="organization"
          rows={organizations.map((organization, index) => {
            const domains = (organization.domains ?? []).map(domainName);
            return {
              key: organization.id ?? organization.alias ?? organization.name,
              nameId: `organization-${index}-name`,
              testId: "organizations-list-item",
              name: organization.name,
              badge: organization.enabled === false && (
                <Label isCompact color="orange">
                  {t("organizationDisabled")}
                </Label>
              ),
              cells: [
                {
                  key: "domains",
                  content: domains.length > 0 && (
                    <LabelGroup aria-label={`${t("domains")}: ${organization.name}`} numLabels={domains.length}>
                      {domains.map((domain) => (
                        <Label key={domain} isCompact variant="outline">
                          {domain}
                        </Label>
                      ))}
                    </LabelGroup>
                  ),
                },
                { key: "description", className: "organization-description", content: organization.description },
              ],
            };
          })}
        />
      )}
    </PageLayout>
  );
}
