import { Button, Label, LabelGroup, Modal, ModalBody, ModalHeader, Spinner } from "@patternfly/react-core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../api/ApiContext";
import { fetchResourcePermissions, updateResourcePermissions } from "../../api/methods";
import type { ResourcePermission, ResourceRepresentation } from "../../api/representations";
import { useAlerts } from "../../ui/alerts/AlertContext";
import { ResourceTable } from "./ResourceTable";
import { acceptedScopes, resourceLabel } from "./resources";

/**
 * "Permission requests - name": each requester with the scopes asked for, Accept or Deny. Both read what the user
 * has now and PUT it back: with the requested scopes (accept) or without them (deny; the server drops the request).
 */
export function RequestsDialog({
  resource,
  requests,
  onChanged,
  onClose,
}: {
  resource: ResourceRepresentation;
  /** The pending requests; undefined while they reload. */
  requests: ResourcePermission[] | undefined;
  onChanged: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const { addAlert, addError } = useAlerts();
  const [busy, setBusy] = useState<string>();
  const name = resourceLabel(t, resource);

  // Nothing left to decide: the dialog has done its job.
  useEffect(() => {
    if (requests?.length === 0) onClose();
  }, [requests, onClose]);

  const decide = async (request: ResourcePermission, accept: boolean) => {
    setBusy(request.username);
    try {
      const granted = (await fetchResourcePermissions(api, resource._id)).find((p) => p.username === request.username);
      const has = granted?.scopes ?? [];
      await updateResourcePermissions(api, resource._id, [
        { username: request.username, scopes: accept ? acceptedScopes(has, request.scopes) : has },
      ]);
      addAlert(t(accept ? "shareSuccess" : "updateSuccess"));
      onChanged();
    } catch (error) {
      addError(accept ? "shareError" : "updateError", error);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Modal variant="medium" isOpen onClose={onClose} aria-labelledby="requests-dialog-title">
      <ModalHeader title={t("permissionRequest", { name })} labelId="requests-dialog-title" />
      <ModalBody>
        {requests === undefined ? (
          <Spinner size="md" aria-label={t("spinnerLoading")} />
        ) : (
          <ResourceTable
            label={t("permissionRequests")}
            columns={[t("requestor"), t("permissionRequests"), { hidden: t("actions") }]}
          >
            <tbody className="pf-v6-c-table__tbody">
              {requests.map((request) => (
                <tr key={request.username} className="pf-v6-c-table__tr">
                  <td className="pf-v6-c-table__td" data-label={t("requestor")}>
                    <strong>
                      {[request.firstName, request.lastName].filter(Boolean).join(" ") || request.username}
                    </strong>
                    <br />
                    {request.email ?? request.username}
                  </td>
                  <td className="pf-v6-c-table__td" data-label={t("permissionRequests")}>
                    <LabelGroup numLabels={10} aria-label={t("permissionRequests")}>
                      {request.scopes.map((scope) => (
                        <Label key={scope} variant="outline">
                          {scope}
                        </Label>
                      ))}
                    </LabelGroup>
                  </td>
                  <td className="pf-v6-c-table__td resource-actions" data-label={t("actions")}>
                    <div className="resource-actions-content">
                      <Button
                        variant="primary"
                        onClick={() => void decide(request, true)}
                        isDisabled={busy !== undefined}
                        isLoading={busy === request.username}
                        spinnerAriaValueText={t("spinnerLoading")}
                        data-testid={`accept-${request.username}`}
                        aria-label={`${t("accept")}: ${request.username}`}
                      >
                        {t("accept")}
                      </Button>
                      <Button
                        variant="danger"
                        onClick={() => void decide(request, false)}
                        isDisabled={busy !== undefined}
                        data-testid={`deny-${request.username}`}
                        aria-label={`${t("deny")}: ${request.username}`}
                      >
                        {t("deny")}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </ResourceTable>
        )}
      </ModalBody>
    </Modal>
  );
}
