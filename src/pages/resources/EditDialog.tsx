import { Form, FormGroup, Modal, ModalBody, ModalHeader } from "@patternfly/react-core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../api/ApiContext";
import { fetchResourcePermissions, updateResourcePermissions } from "../../api/methods";
import type { ResourcePermission, ResourceRepresentation } from "../../api/representations";
import { useAlerts } from "../../ui/alerts/AlertContext";
import { LoadError } from "../../ui/LoadError";
import { LoadingState } from "../../ui/LoadingState";
import { SelectControl } from "../../ui/select/SelectControl";
import { useChange } from "../../ui/hooks/useChange";
import { useFetch } from "../../ui/hooks/useFetch";
import { DialogFooter } from "../../ui/DialogFooter";
import { SharedWith } from "./SharedWith";
import { resourceLabel, sameScopes, scopeLabel, type ResourceDialogProps } from "./resources";

/** "Edit the resource": the scopes of each user it is shared with; one PUT per changed user. */
export function EditDialog({ resource, onClose }: ResourceDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const { state, reload } = useFetch((signal) => fetchResourcePermissions(api, resource._id, signal), resource._id);
  const name = resourceLabel(t, resource);

  return (
    <Modal variant="small" isOpen onClose={() => onClose(false)} aria-labelledby="edit-dialog-title">
      <ModalHeader title={t("editTheResource", { name })} labelId="edit-dialog-title" />
      {state.status === "loading" && (
        <ModalBody>
          <LoadingState />
        </ModalBody>
      )}
      {state.status === "error" && (
        <ModalBody>
          <LoadError error={state.error} onRetry={reload} />
        </ModalBody>
      )}
      {state.status === "ready" && <EditForm resource={resource} permissions={state.data} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({
  resource,
  permissions,
  onClose,
}: {
  resource: ResourceRepresentation;
  permissions: ResourcePermission[];
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const { addAlert } = useAlerts();
  const { busy, run } = useChange();
  const [scopes, setScopes] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(permissions.map((p) => [p.username, p.scopes])),
  );
  // Users whose new scopes the server already took: a retry after a failure sends only the others.
  const [saved, setSaved] = useState<Record<string, string[]>>({});
  const options = resource.scopes.map((scope) => ({ value: scope.name, label: scopeLabel(t, scope) }));
  const current = (p: ResourcePermission) => saved[p.username] ?? p.scopes;
  const changes = permissions.filter((p) => !sameScopes(current(p), scopes[p.username] ?? []));
  const anySaved = Object.keys(saved).length > 0;

  const save = () =>
    run("updateError", async () => {
      for (const permission of changes) {
        const next = scopes[permission.username] ?? [];
        await updateResourcePermissions(api, resource._id, [{ username: permission.username, scopes: next }]);
        setSaved((done) => ({ ...done, [permission.username]: next }));
      }
      addAlert(t("updateSuccess"));
      onClose(true);
    });

  return (
    <>
      <ModalBody>
        {permissions.length === 0 ? (
          <SharedWith permissions={permissions} />
        ) : (
          <Form id="edit-form" onSubmit={(event) => event.preventDefault()}>
            {permissions.map((permission, index) => (
              <FormGroup
                key={permission.username}
                label={
                  permission.email && permission.email !== permission.username
                    ? `${permission.username} (${permission.email})`
                    : permission.username
                }
                fieldId={`edit-scopes-${index}`}
              >
                <SelectControl
                  id={`edit-scopes-${index}`}
                  data-testid={`edit-permissions-${permission.username}`}
                  multi
                  options={options}
                  value={scopes[permission.username] ?? []}
                  onChange={(value) =>
                    setScopes((all) => ({
                      ...all,
                      [permission.username]: Array.isArray(value) ? value : value ? [value] : [],
                    }))
                  }
                  isDisabled={busy}
                  placeholder={t("selectOne")}
                />
              </FormGroup>
            ))}
          </Form>
        )}
      </ModalBody>
      <DialogFooter
        testId="done"
        onConfirm={() => void save()}
        isDisabled={changes.length === 0}
        busy={busy}
        onCancel={() => onClose(anySaved)}
      >
        {t("done")}
      </DialogFooter>
    </>
  );
}
