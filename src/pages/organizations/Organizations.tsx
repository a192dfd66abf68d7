import { Label, LabelGroup } from "@patternfly/react-core";
import { useTranslation } from "react-i18next";
import type { OrganizationRepresentation } from "../../api/representations";
import { PageLayout } from "../../ui/PageLayout";
import { EmptyList, TitledList } from "../../ui/TitledList";
import { translateMarked } from "../../i18n/translateLabel";
import type { PageProps } from "../page";
import { domainName } from "./loader";
import { hasMembershipTypes, membershipTypeLabel } from "./membershipType";
import "./organizations.css";
import { StaticLabel } from "../../ui/StaticLabel";

export default function Organizations({ data: organizations }: PageProps<OrganizationRepresentation[]>) {
  const { t } = useTranslation();
  const typed = hasMembershipTypes(organizations);

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
          titles={[t("name"), t("domains"), t("description"), ...(typed ? [t("membershipType")] : [])]}
          className={typed ? "organizations organizations-typed" : "organizations"}
          rowClass="organization"
          rows={organizations.map((organization, index) => {
            const domains = (organization.domains ?? []).map(domainName);
            const name = translateMarked(t, organization.name, organization.alias);
            return {
              key: organization.id ?? organization.alias ?? organization.name,
              nameId: `organization-${index}-name`,
              testId: "organizations-list-item",
              name,
              badge: organization.enabled === false && (
                <StaticLabel isCompact color="orange">
                  {t("organizationDisabled")}
                </StaticLabel>
              ),
              cells: [
                {
                  key: "domains",
                  content: domains.length > 0 && (
                    <LabelGroup aria-label={`${t("domains")}: ${name}`} numLabels={domains.length}>
                      {domains.map((domain) => (
                        <Label key={domain} isCompact variant="outline">
                          {domain}
                        </Label>
                      ))}
                    </LabelGroup>
                  ),
                },
                {
                  key: "description",
                  className: "organization-description",
                  content: translateMarked(t, organization.description),
                },
                ...(typed
                  ? [
                      {
                        key: "membership-type",
                        className: "organization-membership-type",
                        testId: "organization-membership-type",
                        content: membershipTypeLabel(t, organization.membershipType),
                      },
                    ]
                  : []),
              ],
            };
          })}
        />
      )}
    </PageLayout>
  );
}
