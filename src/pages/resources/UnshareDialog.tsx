import { Spinner } from "@patternfly/react-core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../api/ApiContext";
import { fetchResourcePermissions, updateResourcePermissions } from "../../api/methods";
import type { ResourceRepresentation } from "../../api/representations";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useAlerts } from "../../ui/alerts/AlertContext";
import { LoadError } from "../../ui/LoadError";
import { useFetch } from "../../ui/hooks/useFetch";
import { SharedWith } from "./SharedWith";

/** "Unshare all", confirmed: one PUT that leaves every user it is shared with no scope. */
export function UnshareDialog({
  resource,
  onClose,
}: {
  resource: ResourceRepresentation;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const { addAlert, addError } = useAlerts();
  const { state, reload } = useFetch((signal) => fetchResourcePermissions(api, resource._id, signal), resource._id);
  const [busy, setBusy] = useState(false);
  const permissions = state.status === "ready" ? state.data : [];

  const unshare = async () => {
    setBusy(true);
    try {
      await updateResourcePermissions(
        api,
        resource._id,
        permissions.map((p) => ({ username: p.username, scopes: [] })),
      );
      addAlert(t("unShareSuccess"));
      onClose(true);
    } catch (error) {
      addError("unShareError", error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      id="unshare-dialog"
      isOpen
      title={t("unShare")}
      confirmVariant="danger"
      busy={busy}
      isConfirmDisabled={permissions.length === 0}
      onConfirm={() => void unshare()}
      onCancel={() => onClose(false)}
    >
      {state.status === "loading" && <Spinner size="md" aria-label={t("spinnerLoading")} />}
      {state.status === "error" && <LoadError error={state.error} onRetry={reload} />}
      {state.status === "ready" &&
        (permissions.length === 0 ? (
          <SharedWith permissions={permissions} />
        ) : (
          <>
            <p>{t("unShareAllConfirm")}</p>
            <SharedWith permissions={permissions} />
          </>
        ))}
    </ConfirmDialog>
  );
}
