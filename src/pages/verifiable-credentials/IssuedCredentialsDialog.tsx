import {
  Button,
  DataList,
  DataListCell,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  EmptyState,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
} from "@patternfly/react-core";
import { ExclamationTriangleIcon, ExternalLinkAltIcon } from "@patternfly/react-icons";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../api/ApiContext";
import { withServerReason } from "../../api/errors";
import { fetchIssuedVerifiableCredentials, revokeIssuedVerifiableCredential } from "../../api/methods";
import type { IssuedVerifiableCredentialRepresentation } from "../../api/representations";
import { useFormat } from "../../i18n/format";
import { DangerConfirmDialog } from "../../ui/ConfirmDialog";
import { useConfirmedChange } from "../../ui/hooks/useChange";
import { LoadError } from "../../ui/LoadError";
import { LoadingState } from "../../ui/LoadingState";
import { ListRow } from "../../ui/ListRow";
import { webUrl } from "../../lib/safeUrl";
import { useFetch } from "../../ui/hooks/useFetch";
import { isExpired, issuedOfType, serverDate, walletName } from "./credentials";
import { SearchToolbar } from "../../ui/SearchToolbar";
import { StaticLabel } from "../../ui/StaticLabel";

const PER_PAGE_OPTIONS = [5, 10, 20, 50];

/** The credentials wallets received of one credential type: search, pages, and revoking one after a confirmation. */
export function IssuedCredentialsDialog({
  credentialType,
  canRevoke,
  onClose,
}: {
  credentialType: string;
  canRevoke: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const { state, reload } = useFetch((signal) => fetchIssuedVerifiableCredentials(api, signal), credentialType);
  const [search, setSearch] = useState("");
  const [paging, setPaging] = useState({ page: 1, perPage: 10 });
  const now = useMemo(() => new Date(), [state]); // eslint-disable-line react-hooks/exhaustive-deps -- "now" per load

  const matching = useMemo(
    () => (state.status === "ready" ? issuedOfType(state.data, credentialType, search, t) : []),
    [state, credentialType, search, t],
  );
  const lastPage = Math.max(1, Math.ceil(matching.length / paging.perPage));
  const page = Math.min(paging.page, lastPage);
  const rows = matching.slice((page - 1) * paging.perPage, page * paging.perPage);
  const title = `${t("issuedCredentials")}: ${credentialType}`;

  const revocation = useConfirmedChange({
    change: (credential: IssuedVerifiableCredentialRepresentation) =>
      revokeIssuedVerifiableCredential(api, credential.id),
    success: () => t("issuedCredentialRevokeSuccess"),
    errorKey: "issuedCredentialRevokeError",
    describe: withServerReason,
    then: reload,
  });
  const revoking = revocation.item;

  return (
    <>
      <Modal
        variant="large"
        isOpen={revoking === undefined}
        onClose={onClose}
        aria-labelledby="issued-credentials-title"
        data-testid="issued-credentials-dialog"
      >
        <ModalHeader title={title} labelId="issued-credentials-title" />
        <ModalBody>
          <SearchToolbar
            label={t("issuedCredentials")}
            placeholder={t("search")}
            onSearch={(text) => {
              setSearch(text);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            perPageOptions={PER_PAGE_OPTIONS}
            pagination={{
              widgetId: "issued-credentials-pagination",
              itemCount: matching.length,
              perPage: paging.perPage,
              page,
              onSetPage: (_event, next) => setPaging((p) => ({ ...p, page: next })),
              onPerPageSelect: (_event, perPage) => setPaging({ page: 1, perPage }),
            }}
          />
          {state.status === "loading" && <LoadingState />}
          {state.status === "error" && <LoadError error={state.error} onRetry={reload} />}
          {state.status === "ready" &&
            (rows.length === 0 ? (
              <EmptyState
                headingLevel="h3"
                titleText={search ? t("noSearchResults") : t("noIssuedCredentials")}
                variant="xs"
                data-testid="issued-credentials-empty"
              />
            ) : (
              <DataList aria-label={title} isCompact>
                {rows.map((credential) => (
                  <IssuedRow
                    key={credential.id}
                    credential={credential}
                    expired={isExpired(credential, now)}
                    canRevoke={canRevoke}
                    onRevoke={() => revocation.ask(credential)}
                  />
                ))}
              </DataList>
            ))}
        </ModalBody>
        <ModalFooter>
          <Button variant="link" onClick={onClose}>
            {t("close")}
          </Button>
        </ModalFooter>
      </Modal>
      <DangerConfirmDialog
        id="revoke-issued"
        title={t("revokeIssuedCredentialTitle")}
        confirmLabel={t("revoke")}
        {...revocation.dialog}
      >
        {t("deleteIssuedCredentialConfirm")}
      </DangerConfirmDialog>
    </>
  );
}

function IssuedRow({
  credential,
  expired,
  canRevoke,
  onRevoke,
}: {
  credential: IssuedVerifiableCredentialRepresentation;
  expired: boolean;
  canRevoke: boolean;
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const rowId = `issued-${credential.id}`;
  const date = (value: number | undefined) => {
    const parsed = serverDate(value);
    return parsed ? format.dateTime(parsed) : "—";
  };
  const wallet = walletName(t, credential);
  const walletUrl = webUrl(credential.clientBaseUrl);

  return (
    <ListRow
      aria-labelledby={`${rowId}-issued`}
      data-testid="issued-credential"
      cells={[
        <DataListCell key="details">
          <DescriptionList isHorizontal isCompact horizontalTermWidthModifier={{ default: "12ch" }}>
            <DescriptionListGroup>
              <DescriptionListTerm>{t("issuedCredentialsIssuedAt")}</DescriptionListTerm>
              <DescriptionListDescription id={`${rowId}-issued`}>
                {date(credential.issuedAt)}
              </DescriptionListDescription>
            </DescriptionListGroup>
            <DescriptionListGroup>
              <DescriptionListTerm>{t("issuedCredentialsExpiresAt")}</DescriptionListTerm>
              <DescriptionListDescription>
                <span className="vc-expires">
                  {date(credential.expiresAt)}
                  {expired && (
                    <StaticLabel
                      color="red"
                      isCompact
                      icon={<ExclamationTriangleIcon />}
                      data-testid="credential-expired"
                    >
                      {t("credentialExpired")}
                    </StaticLabel>
                  )}
                </span>
              </DescriptionListDescription>
            </DescriptionListGroup>
            <DescriptionListGroup>
              <DescriptionListTerm>{t("issuedCredentialsWalletClient")}</DescriptionListTerm>
              <DescriptionListDescription>
                {walletUrl ? (
                  <a href={walletUrl} target="_blank" rel="noopener noreferrer">
                    {wallet} <ExternalLinkAltIcon aria-hidden className="vc-link-icon" />
                  </a>
                ) : (
                  wallet || "—"
                )}
              </DescriptionListDescription>
            </DescriptionListGroup>
          </DescriptionList>
        </DataListCell>,
      ]}
      actions={
        canRevoke && {
          id: `${rowId}-actions`,
          label: t("actions"),
          labelledBy: `${rowId}-issued ${rowId}-actions`,
          children: (
            <Button variant="secondary" isDanger size="sm" id={`${rowId}-revoke`} onClick={onRevoke}>
              {t("revoke")}
            </Button>
          ),
        }
      }
    />
  );
}
