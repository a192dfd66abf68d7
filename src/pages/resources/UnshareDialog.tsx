import { Spinner } from "@patternfly/react-core";
import { useTranslation } from "react-i18next";
import { useApi } from "../../api/ApiContext";
import { fetchResourcePermissions, updateResourcePermissions } from "../../api/methods";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useAlerts } from "../../ui/alerts/AlertContext";
import { LoadError } from "../../ui/LoadError";
import { useChange } from "../../ui/hooks/useChange";
import { useFetch } from "../../ui/hooks/useFetch";
import type { ResourceDialogProps } from "./resources";
import { SharedWith } from "./SharedWith";

/** "Unshare all", confirmed: one PUT that leaves every user it is shared with no scope. */
export function UnshareDialog({ resource, onClose }: ResourceDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const { addAlert } = useAlerts();
  const { busy, run } = useChange();
  const { state, reload } = useFetch((signal) => fetchResourcePermissions(api, resource._id, signal), resource._id);
  const permissions = state.status === "ready" ? state.data : [];

  const unshare = () =>
    run("unShareError", async () => {
      await updateResourcePermissions(
        api,
        resource._id,
        permissions.map((p) => ({ username: p.username, scopes: [] })),
      );
      addAlert(t("unShareSuccess"));
      onClose(true);
    });

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
