import { Button, DataList, DataListCell, EmptyState, Title } from "@patternfly/react-core";
import { QrcodeIcon } from "@patternfly/react-icons";
import { Fragment, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "../../lib/routing";
import { useApi } from "../../api/ApiContext";
import { withServerReason } from "../../api/errors";
import { revokeVerifiableCredential } from "../../api/methods";
import type { UserVerifiableCredentialRepresentation } from "../../api/representations";
import { useAuth } from "../../auth/AuthContext";
import { useFormat } from "../../i18n/format";
import { DangerConfirmDialog } from "../../ui/ConfirmDialog";
import { useAlerts } from "../../ui/alerts/AlertContext";
import { useConfirmedChange } from "../../ui/hooks/useChange";
import { ListRow } from "../../ui/ListRow";
import { PageLayout } from "../../ui/PageLayout";
import type { PageProps } from "../page";
import { accountRoles, canRevokeCredentials, credentialOfferAction, serverDate } from "./credentials";
import { IssuedCredentialsDialog } from "./IssuedCredentialsDialog";
import "./verifiable-credentials.css";

export default function VerifiableCredentials({
  data: credentials,
  reload,
}: PageProps<UserVerifiableCredentialRepresentation[]>) {
  const { t } = useTranslation();
  const api = useApi();
  const auth = useAuth();
  const { addError } = useAlerts();
  const canRevoke = useCanRevoke();
  const [viewing, setViewing] = useState<UserVerifiableCredentialRepresentation>();
  const location = useLocation();

  const revocation = useConfirmedChange({
    change: (credential: UserVerifiableCredentialRepresentation) =>
      revokeVerifiableCredential(api, credential.credentialScopeName),
    success: () => t("credentialDeletedSuccess"),
    errorKey: "credentialDeleteError",
    describe: withServerReason,
    then: reload,
  });
  const revoking = revocation.item;

  const issueToWallet = async (credential: UserVerifiableCredentialRepresentation) => {
    try {
      await auth.startAction(
        credentialOfferAction(credential.credentialConfigurationId ?? credential.credentialScopeName),
      );
    } catch (error) {
      addError("credentialIssuanceError", withServerReason(error));
    }
  };

  return (
    <PageLayout title={t("verifiableCredentials")} description={t("verifiableCredentialsIntro")}>
      <div className="vc-heading">
        <Title headingLevel="h2" size="xl" id="my-credentials-title">
          {t("myVerifiableCredentials")}
        </Title>
        <Link to={{ pathname: "/oid4vci", search: location.search }} className="vc-offer-link">
          <QrcodeIcon aria-hidden /> {t("credentialOfferPageLink")}
        </Link>
      </div>
      {credentials.length === 0 ? (
        <EmptyState headingLevel="h3" titleText={t("noVerifiableCredentials")} variant="sm" id="credentials-empty" />
      ) : (
        <>
          <DataList aria-label={t("myVerifiableCredentials")} id="credentials-list">
            {credentials.map((credential) => (
              <CredentialRow
                key={credential.credentialScopeName}
                credential={credential}
                canRevoke={canRevoke}
                onView={() => setViewing(credential)}
                onIssue={() => void issueToWallet(credential)}
                onRevoke={() => revocation.ask(credential)}
              />
            ))}
          </DataList>
        </>
      )}
      {viewing && (
        <IssuedCredentialsDialog
          credentialType={viewing.credentialScopeName}
          canRevoke={canRevoke}
          onClose={() => setViewing(undefined)}
        />
      )}
      <DangerConfirmDialog
        id="revoke-credential"
        title={t("revokeVerifiableCredentialTitle")}
        confirmLabel={t("revoke")}
        {...revocation.dialog}
      >
        {revoking && t("deleteCredentialConfirm", { credentialName: revoking.credentialScopeName })}
      </DangerConfirmDialog>
    </PageLayout>
  );
}

/** Scope names are long snake_case words: allow line breaks after the underscores rather than inside words. */
function breakableName(name: string) {
  const parts = name.split("_");
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <>
          _<wbr />
        </>
      )}
    </Fragment>
  ));
}

/** Whether the access token allows revoking (read from the token itself: the ID token has no client roles). */
function useCanRevoke(): boolean {
  const auth = useAuth();
  const [canRevoke, setCanRevoke] = useState(false);
  useEffect(() => {
    let current = true;
    auth.token().then(
      (token) => current && setCanRevoke(canRevokeCredentials(accountRoles(token))),
      () => current && setCanRevoke(false),
    );
    return () => {
      current = false;
    };
  }, [auth]);
  return canRevoke;
}

function CredentialRow({
  credential,
  canRevoke,
  onView,
  onIssue,
  onRevoke,
}: {
  credential: UserVerifiableCredentialRepresentation;
  canRevoke: boolean;
  onView: () => void;
  onIssue: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const scope = credential.credentialScopeName;
  const id = `credential-${scope}`;
  const date = (value: number | undefined) => {
    const parsed = serverDate(value);
    return parsed ? format.dateTime(parsed, { dateStyle: "long" }) : "—";
  };

  return (
    <ListRow
      id={id}
      aria-labelledby={`${id}-name`}
      data-testid="credentials-list-item"
      rowClassName="vc-row"
      cells={[
        <DataListCell key="name" width={3} className="vc-name">
          <span id={`${id}-name`}>{breakableName(scope)}</span>
        </DataListCell>,
        <DataListCell key="created" width={2}>
          <span className="vc-cell-label">{t("credentialCreatedDate")}</span>
          <span data-testid={`${id}-created`}>{date(credential.createdDate)}</span>
        </DataListCell>,
        <DataListCell key="updated" width={2}>
          <span className="vc-cell-label">{t("credentialUpdatedDate")}</span>
          <span data-testid={`${id}-updated`}>{date(credential.updatedDate)}</span>
        </DataListCell>,
      ]}
      actions={{
        id: `${id}-actions`,
        label: t("actions"),
        labelledBy: `${id}-name ${id}-actions`,
        className: "vc-actions",
        children: (
          <>
            <Button variant="secondary" size="sm" id={`${id}-view-issued`} onClick={onView}>
              {t("viewIssuedCredentials")}
            </Button>
            <Button variant="primary" size="sm" id={`${id}-issue`} onClick={onIssue}>
              {t("issueToWallet")}
            </Button>
            {canRevoke && (
              <Button variant="danger" size="sm" id={`${id}-revoke`} onClick={onRevoke}>
                {t("revoke")}
              </Button>
            )}
          </>
        ),
      }}
    />
  );
}
