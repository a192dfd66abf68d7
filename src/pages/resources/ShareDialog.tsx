import { Form, FormGroup, Modal, ModalBody, ModalHeader, Spinner } from "@patternfly/react-core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../api/ApiContext";
import { fetchResourcePermissions } from "../../api/methods";
import { useAlerts } from "../../ui/alerts/AlertContext";
import { LoadError } from "../../ui/LoadError";
import { SelectControl } from "../../ui/select/SelectControl";
import { useFetch } from "../../ui/hooks/useFetch";
import { DialogFooter } from "../../ui/DialogFooter";
import { SharedWith } from "./SharedWith";
import { findUser, resourceLabel, scopeLabel, type ResourceDialogProps } from "./resources";
import { isNotFound, shareFailureText, shareWithEach } from "./share";
import { ShareUsersField } from "./ShareUsersField";

/**
 * "Share the resource": users by username or email, as chips, and the scopes to grant them. One PUT per user, so an
 * unknown user fails alone: the others are shared, the unknown one stays in the dialog with the server's answer.
 */
export function ShareDialog({ resource, onClose }: ResourceDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const { addAlert, addError } = useAlerts();
  const [permissionsVersion, setPermissionsVersion] = useState(0);
  const permissions = useFetch(
    (signal) => fetchResourcePermissions(api, resource._id, signal),
    `${resource._id}|${permissionsVersion}`,
  );
  const [users, setUsers] = useState<string[]>([]);
  // Users the server answered 404 for (no such username or email): marked, and Done waits until they are removed.
  const [unknown, setUnknown] = useState<ReadonlySet<string>>(new Set());
  const [text, setText] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [scopes, setScopes] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);
  const name = resourceLabel(t, resource);
  const shared = permissions.state.status === "ready" ? permissions.state.data : undefined;

  /** Why `value` cannot be added, or undefined when it can. */
  const problem = (value: string): string | undefined => {
    if (shared && findUser(shared, value)) return t("resourceAlreadyShared");
    return undefined;
  };
  const typed = text.trim();
  const typedProblem = typed ? problem(typed) : undefined;
  const pendingUsers = typed && !typedProblem && !users.includes(typed) ? [...users, typed] : users;
  // Done needs someone to share with, a scope, and nobody the server already said it does not know.
  const canSubmit =
    shared !== undefined &&
    !busy &&
    pendingUsers.length > 0 &&
    scopes.length > 0 &&
    !typedProblem &&
    !pendingUsers.some((user) => unknown.has(user));

  const add = () => {
    if (!typed) return;
    const why = problem(typed);
    if (why) {
      setFieldError(why);
      return;
    }
    if (!users.includes(typed)) setUsers([...users, typed]);
    setText("");
    setFieldError(undefined);
  };

  const removeUser = (user: string) => {
    setUsers(users.filter((u) => u !== user));
    setUnknown((current) => new Set([...current].filter((u) => u !== user)));
    setFieldError(undefined);
  };

  const share = async () => {
    if (!canSubmit) return;
    const targets = pendingUsers;
    setUsers(targets);
    setText("");
    setBusy(true);
    const failures = await shareWithEach(api, resource._id, targets, scopes);
    setBusy(false);
    const sharedNow = targets.length > failures.length;
    if (failures.length === 0) {
      addAlert(t("shareSuccess"));
      onClose(true);
      return;
    }
    // Some (or all) users were not shared with: keep them, say why on the field, and never claim success.
    const [firstFailure] = failures;
    setUsers(failures.map((f) => f.user));
    setUnknown(new Set(failures.filter((f) => isNotFound(f.error)).map((f) => f.user)));
    setFieldError(shareFailureText(t, failures));
    if (firstFailure) addError("shareError", firstFailure.error);
    if (sharedNow) {
      setChanged(true);
      setPermissionsVersion((v) => v + 1);
    }
  };

  const close = () => !busy && onClose(changed);
  const scopeOptions = resource.scopes.map((scope) => ({ value: scope.name, label: scopeLabel(t, scope) }));

  return (
    <Modal variant="small" isOpen onClose={close} aria-labelledby="share-dialog-title">
      <ModalHeader title={t("shareTheResource", { name })} labelId="share-dialog-title" />
      <ModalBody>
        {permissions.state.status === "error" ? (
          <LoadError error={permissions.state.error} onRetry={permissions.reload} />
        ) : (
          <Form id="share-form" onSubmit={(event) => event.preventDefault()}>
            <ShareUsersField
              text={text}
              error={fieldError ?? typedProblem}
              canAdd={Boolean(typed) && !busy && !typedProblem}
              users={users}
              unknown={unknown}
              busy={busy}
              onTextChange={(value) => {
                setText(value);
                setFieldError(undefined);
              }}
              onAdd={add}
              onRemove={removeUser}
            />
            <FormGroup label={t("permissions")} fieldId="permissions-input" isRequired>
              <SelectControl
                id="permissions-input"
                data-testid="permissions"
                multi
                options={scopeOptions}
                value={scopes}
                onChange={(value) => setScopes(Array.isArray(value) ? value : value ? [value] : [])}
                isDisabled={busy}
                placeholder={t("selectOne")}
              />
            </FormGroup>
            {shared ? <SharedWith permissions={shared} /> : <Spinner size="md" aria-label={t("spinnerLoading")} />}
          </Form>
        )}
      </ModalBody>
      <DialogFooter testId="done" onConfirm={() => void share()} isDisabled={!canSubmit} busy={busy} onCancel={close}>
        {t("done")}
      </DialogFooter>
    </Modal>
  );
}
