import {
  Button,
  DataList,
  DataListCell,
  DataListContent,
  DataListItem,
  DataListItemCells,
  DataListItemRow,
  DataListToggle,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  Divider,
  EmptyState,
  EmptyStateBody,
  List,
  ListItem,
} from "@patternfly/react-core";
import { CheckIcon, ExternalLinkAltIcon, InfoCircleIcon } from "@patternfly/react-icons";
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../api/ApiContext";
import { endApplicationSessions } from "../../api/extension";
import { deleteConsent } from "../../api/methods";
import { useExtensionFeatures } from "../../api/useExtensionFeatures";
import type { ClientRepresentation } from "../../api/representations";
import { ConfirmDialog, DangerConfirmDialog } from "../../ui/ConfirmDialog";
import { useConfirmedChange } from "../../ui/hooks/useChange";
import { useFormat } from "../../i18n/format";
import { PageLayout } from "../../ui/PageLayout";
import type { PageProps } from "../page";
import { webUrl } from "../../lib/safeUrl";
import { translateMarked } from "../../i18n/translateLabel";
import {
  applicationName,
  applicationType,
  canEndSession,
  canRemoveAccess,
  scopeLabel,
  sortApplications,
} from "./applications";
import "./applications.css";
import { ColumnTitles } from "../../ui/ColumnTitles";

export default function Applications({ data: loaded, reload }: PageProps<ClientRepresentation[]>) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const applications = useMemo(() => sortApplications(loaded, t, i18n.language), [loaded, t, i18n.language]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // Ending one application's session is the server extension's: offered only where it says it can.
  const sessionsEndable = useExtensionFeatures({ probe: true })?.applicationSessions === true;

  const toggle = (clientId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(clientId)) next.add(clientId);
      return next;
    });

  const removal = useConfirmedChange({
    change: (application: ClientRepresentation) => deleteConsent(api, application.clientId),
    success: () => t("removeConsentSuccess"),
    errorKey: "removeConsentError",
    then: reload,
  });
  const sessionEnd = useConfirmedChange({
    change: (application: ClientRepresentation) => endApplicationSessions(api, application.clientId),
    success: (application) => t("endApplicationSessionSuccess", { name: applicationName(t, application) }),
    errorKey: "endApplicationSessionError",
    then: reload,
  });
  const removing = removal.item;
  const ending = sessionEnd.item;

  return (
    <PageLayout title={t("applications")} description={t("applicationsIntroMessage")}>
      {applications.length === 0 ? (
        <EmptyState headingLevel="h2" titleText={t("noApplications")} variant="sm">
          <EmptyStateBody>{t("noApplicationsInstructions")}</EmptyStateBody>
        </EmptyState>
      ) : (
        <>
          <ColumnTitles className="applications-header" titles={[t("name"), t("applicationType"), t("status")]} />
          <DataList id="applications-list" aria-label={t("applications")}>
            {applications.map((application) => (
              <ApplicationItem
                key={application.clientId}
                application={application}
                isExpanded={expanded.has(application.clientId)}
                onToggle={() => toggle(application.clientId)}
                onRemoveAccess={() => removal.ask(application)}
                onEndSession={
                  sessionsEndable && canEndSession(application) ? () => sessionEnd.ask(application) : undefined
                }
              />
            ))}
          </DataList>
        </>
      )}
      <ConfirmDialog id="remove-access" title={t("removeAccess")} {...removal.dialog}>
        {removing && t("removeModalMessage", { name: applicationName(t, removing) })}
      </ConfirmDialog>
      <DangerConfirmDialog
        id="end-application-session"
        title={ending ? t("endApplicationSessionTitle", { name: applicationName(t, ending) }) : ""}
        confirmLabel={t("endApplicationSession")}
        {...sessionEnd.dialog}
      >
        {ending && t("lastingAccessApplicationSessionMessage", { name: applicationName(t, ending) })}
      </DangerConfirmDialog>
    </PageLayout>
  );
}

function ApplicationItem({
  application,
  isExpanded,
  onToggle,
  onRemoveAccess,
  onEndSession,
}: {
  application: ClientRepresentation;
  isExpanded: boolean;
  onToggle: () => void;
  onRemoveAccess: () => void;
  /** Absent where the session cannot be ended here (no session, the console itself, a server without it). */
  onEndSession?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const { clientId, consent } = application;
  // Client ids may hold any character; element ids made from them only need to be unique on the page.
  const key = encodeURIComponent(clientId);
  const nameId = `application-name-${key}`;
  const contentId = `application-details-${key}`;
  const name = applicationName(t, application);
  const url = webUrl(application.effectiveUrl);

  return (
    <DataListItem isExpanded={isExpanded} data-testid="applications-list-item" aria-labelledby={nameId}>
      <DataListItemRow>
        <DataListToggle
          id={`toggle-${clientId}`}
          isExpanded={isExpanded}
          aria-controls={contentId}
          aria-label={t("applicationDetails", { clientId: name })}
          // The test id rides along in a spread: ButtonProps does not declare data attributes.
          buttonProps={{ onClick: onToggle, ...{ "data-testid": `toggle-${clientId}` } }}
        />
        <DataListItemCells
          dataListCells={[
            <DataListCell key="name" width={2} className="application-name">
              <span id={nameId}>{url ? <ExternalLink href={url}>{name}</ExternalLink> : name}</span>
            </DataListCell>,
            <DataListCell key="type" width={2}>
              {applicationType(t, application)}
            </DataListCell>,
            <DataListCell key="status" width={1}>
              {application.inUse ? t("inUse") : t("notInUse")}
            </DataListCell>,
          ]}
        />
      </DataListItemRow>
      <DataListContent id={contentId} aria-label={t("applicationDetails", { clientId: name })} isHidden={!isExpanded}>
        <DescriptionList
          isHorizontal
          isCompact
          horizontalTermWidthModifier={{ default: "14ch" }}
          className="application-details"
        >
          <Detail term={t("client")}>{clientId}</Detail>
          {application.description && (
            <Detail term={t("description")}>{translateMarked(t, application.description)}</Detail>
          )}
          {application.effectiveUrl && (
            <Detail term={t("applicationUrl")}>{linkOrText(application.effectiveUrl)}</Detail>
          )}
          {consent && (
            <>
              <Detail term={t("hasAccessTo")}>
                <List isPlain className="application-scopes">
                  {consent.grantedScopes.map((scope) => (
                    <ListItem key={scope.id ?? scope.name} icon={<CheckIcon aria-hidden />}>
                      {scopeLabel(t, i18n, scope)}
                    </ListItem>
                  ))}
                </List>
              </Detail>
              {application.tosUri && <Detail term={t("termsOfService")}>{linkOrText(application.tosUri)}</Detail>}
              {application.policyUri && <Detail term={t("privacyPolicy")}>{linkOrText(application.policyUri)}</Detail>}
              {webUrl(application.logoUri) && (
                <Detail term={t("logo")}>
                  <img src={webUrl(application.logoUri)} alt={name} className="application-logo" />
                </Detail>
              )}
              {consent.createdDate !== undefined && (
                <Detail term={t("accessGrantedOn")}>{format.dateTime(new Date(consent.createdDate))}</Detail>
              )}
            </>
          )}
        </DescriptionList>
        {onEndSession && (
          <ApplicationAction id={`end-session-${key}`} info={t("endApplicationSessionInfo")} onClick={onEndSession}>
            {t("endApplicationSession")}
          </ApplicationAction>
        )}
        {canRemoveAccess(application) && (
          <ApplicationAction id={`remove-access-${key}`} info={t("infoMessage")} onClick={onRemoveAccess}>
            {t("removeAccess")}
          </ApplicationAction>
        )}
      </DataListContent>
    </DataListItem>
  );
}

/** A link that opens in a new tab, without handing the other site this page (`noopener`) or its URL. */
function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="application-link">
      {children} <ExternalLinkAltIcon aria-hidden className="application-link-icon" />
    </a>
  );
}

/** Only http(s) URLs become links; anything else a client admin typed is shown as text. */
function linkOrText(url: string): ReactNode {
  const safe = webUrl(url);
  return safe ? <ExternalLink href={safe}>{url}</ExternalLink> : <span className="application-unsafe-url">{url}</span>;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <DescriptionListGroup>
      <DescriptionListTerm>{term}</DescriptionListTerm>
      <DescriptionListDescription>{children}</DescriptionListDescription>
    </DescriptionListGroup>
  );
}

/** An action under an application's details: below a divider, its button and a line on what it does. */
function ApplicationAction({
  id,
  info,
  onClick,
  children,
}: {
  id: string;
  info: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <Divider className="application-divider" />
      <div className="application-actions">
        <Button variant="secondary" onClick={onClick} id={id}>
          {children}
        </Button>
        <p className="application-info">
          <InfoCircleIcon aria-hidden /> {info}
        </p>
      </div>
    </>
  );
}
