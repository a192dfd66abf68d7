import { Button, Label, LabelGroup } from "@patternfly/react-core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../api/ApiContext";
import { useAlerts } from "../../ui/alerts/AlertContext";
import { DangerConfirmDialog } from "../../ui/ConfirmDialog";
import { useConfirmedChange } from "../../ui/hooks/useChange";
import { PageLayout } from "../../ui/PageLayout";
import { EmptyList, TitledList } from "../../ui/TitledList";
import { translateMarked } from "../../i18n/translateLabel";
import type { PageProps } from "../page";
import { domainName, type OrganizationsData } from "./loader";
import { isNotAMember, leaveOrganization } from "./memberships";
import { hasMembershipTypes, membershipTypeLabel } from "./membershipType";
import "./organizations.css";
import { StaticLabel } from "../../ui/StaticLabel";

export default function Organizations({ data, reload }: PageProps<OrganizationsData>) {
  const { t } = useTranslation();
  const api = useApi();
  const { memberships } = data;
  // Ids the user left here: gone from the list at once, before the reload's answer.
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const organizations = data.organizations.filter((organization) => !organization.id || !left.has(organization.id));
  const typed = hasMembershipTypes(organizations);
  const { addError } = useAlerts();
  // A reload that fails is a failure to load, never the leave's: the leave before it may well have worked.
  const reloadList = () => reload().catch((error: unknown) => addError("pageLoadError", error));
  const leaving = useConfirmedChange<{ id: string; name: string }>({
    change: async ({ id }) => {
      try {
        await leaveOrganization(api, id);
      } catch (error) {
        // Left already (in another tab): the list is loaded again, so that the stale row goes.
        if (isNotAMember(error)) void reloadList();
        throw error;
      }
      setLeft((current) => new Set(current).add(id));
    },
    success: ({ name }) => t("organizationLeft", { name: t("quotedName", { name }) }),
    errorKey: "organizationLeaveFailed",
    then: reloadList,
  });

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
          titles={[
            t("name"),
            t("domains"),
            t("description"),
            ...(typed ? [t("membershipType")] : []),
            ...(memberships ? [t("organizationYourMembership")] : []),
          ]}
          className={["organizations", typed && "organizations-typed", memberships && "organizations-leavable"]
            .filter(Boolean)
            .join(" ")}
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
                ...(memberships && organization.id
                  ? [
                      {
                        key: "membership",
                        className: "organization-membership",
                        testId: "organization-membership",
                        content: (
                          <MembershipCell
                            name={name}
                            managed={memberships.get(organization.id)}
                            onLeave={() => organization.id && leaving.ask({ id: organization.id, name })}
                          />
                        ),
                      },
                    ]
                  : []),
              ],
            };
          })}
        />
      )}
      <DangerConfirmDialog
        id="leave-organization"
        {...leaving.dialog}
        title={t("organizationLeaveTitle", { name: t("quotedName", { name: leaving.item?.name ?? "" }) })}
        confirmLabel={t("organizationLeave")}
      >
        {t("organizationLeaveMessage")}
      </DangerConfirmDialog>
    </PageLayout>
  );
}

/** How the user belongs: a button to leave, or why only the organization's administrator can end a managed membership. */
function MembershipCell({
  name,
  managed,
  onLeave,
}: {
  name: string;
  managed: boolean | undefined;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  // A membership the extension did not list (it changed since): nothing is offered until the next load.
  if (managed === undefined) return null;
  if (managed) return <span data-testid="organization-managed">{t("organizationManagedCannotLeave")}</span>;
  return (
    <Button
      variant="secondary"
      isDanger
      size="sm"
      aria-label={t("organizationLeaveNamed", { name })}
      data-testid="organization-leave"
      onClick={onLeave}
    >
      {t("organizationLeave")}
    </Button>
  );
}
