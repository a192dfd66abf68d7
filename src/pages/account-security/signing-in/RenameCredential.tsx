import { Button } from "@patternfly/react-core";
import { createContext, useContext, useId, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useApi } from "../../../api/ApiContext";
import { setCredentialLabel } from "../../../api/methods";
import type { CredentialRepresentation } from "../../../api/representations";
import { errorMessage, useAlerts } from "../../../ui/alerts/AlertContext";
import type { CredentialActionProps } from "./credentialAction";
import { FormTextField } from "../../../ui/FormTextField";
import { FormDialog } from "../../../ui/FormDialog";

/** The credential types a user names: authenticator apps and security keys (passkeys included). */
export const NAMED_TYPES = ["otp", "webauthn", "webauthn-passwordless"];

/** Keycloak keeps a credential's label in a column of 255 characters. */
export const MAX_LABEL_LENGTH = 255;

const ReloadContext = createContext<(() => Promise<void>) | undefined>(undefined);

/** Lets the rows of Signing in load the list again after a rename, so the new name shows everywhere. */
export function RenameCredentialProvider({ reload, children }: { reload: () => Promise<void>; children: ReactNode }) {
  return <ReloadContext.Provider value={reload}>{children}</ReloadContext.Provider>;
}

/** "Rename" in a credential's row, and its dialog. */
export function RenameCredentialAction({ credential, name, labelId }: CredentialActionProps) {
  const { t } = useTranslation();
  const reload = useContext(ReloadContext);
  const [open, setOpen] = useState(false);
  if (!reload || !NAMED_TYPES.includes(credential.type)) return null;
  return (
    <>
      <Button variant="link" data-testrole="rename" aria-describedby={labelId} onClick={() => setOpen(true)}>
        {t("renameCredential")}
      </Button>
      {open && <RenameDialog credential={credential} name={name} reload={reload} onClose={() => setOpen(false)} />}
    </>
  );
}

type FormValues = { label: string };

function RenameDialog({
  credential,
  name,
  reload,
  onClose,
}: {
  credential: CredentialRepresentation;
  name: string;
  reload: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const { addAlert } = useAlerts();
  const id = useId();
  const [failure, setFailure] = useState<string>();
  const fieldName = t("credentialName");
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ defaultValues: { label: credential.userLabel ?? "" } });
  const error = errors.label?.message;

  const submit = handleSubmit(async ({ label }) => {
    const trimmed = label.trim();
    setFailure(undefined);
    try {
      await setCredentialLabel(api, credential.id, trimmed);
    } catch (problem) {
      // The dialog stays open with what the user typed: nothing is lost, and nothing says it worked.
      setFailure(t("credentialRenameFailed", { error: errorMessage(problem) }));
      return;
    }
    addAlert(t("credentialRenamed", { name: t("quotedName", { name: trimmed }) }));
    onClose();
    await reload();
  });

  return (
    <FormDialog
      title={t("renameCredentialTitle", { name: t("quotedName", { name }) })}
      testId="rename-credential"
      failure={failure}
      onSubmit={(event) => void submit(event)}
      submitLabel={t("save")}
      submitTestId="rename-save"
      busy={isSubmitting}
      onClose={onClose}
    >
      <FormTextField
        id={`${id}-label`}
        label={fieldName}
        isRequired
        error={error}
        data-testid="credential-label"
        autoFocus
        {...register("label", {
          validate: (value) =>
            value.trim() === ""
              ? t("error-user-attribute-required", { 0: fieldName })
              : value.trim().length > MAX_LABEL_LENGTH
                ? t("error-invalid-length-too-long", { 0: fieldName, 2: MAX_LABEL_LENGTH })
                : true,
        })}
      />
    </FormDialog>
  );
}
