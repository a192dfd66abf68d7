import { Button, Content, Modal, ModalBody, ModalFooter, ModalHeader } from "@patternfly/react-core";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useApi } from "../../../api/ApiContext";
import {
  appPasswordNameProblem,
  createAppPassword,
  MAX_APP_PASSWORD_NAME,
  nameRefusalKey,
  needsReauthentication,
  type CreatedAppPassword,
} from "../../../api/appPasswords";
import { useAuth, useClaims } from "../../../auth/AuthContext";
import { useEnvironment } from "../../../environment/EnvironmentContext";
import { errorMessage } from "../../../ui/alerts/AlertContext";
import { FormTextField } from "../../../ui/FormTextField";
import { FormDialog } from "../../../ui/FormDialog";
import { CopyButton } from "./CopyButton";
import { savePendingAppPassword, type PendingAppPassword } from "./pendingAppPassword";

type FormValues = { name: string; expiry: string };

/** `YYYY-MM-DD` of a local day, as a date field takes it. */
const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/** The start of a day of the date field (local time), or undefined when the text is no such day. */
export function startOfDay(day: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(year, month - 1, date);
  return start.getFullYear() === year && start.getMonth() === month - 1 && start.getDate() === date
    ? start.getTime()
    : undefined;
}

/** Whether a day of the date field starts after now: the server refuses an expiry that is not in the future. */
const isLaterDay = (day: string) => (startOfDay(day) ?? 0) > Date.now();

/**
 * "Create app password": a name and an optional expiry day; then the password, once, with a copy button. Closing
 * forgets it: the secret lives only in this dialog's state, which goes when the dialog does. When the server asks for
 * a fresh sign-in first, the dialog keeps what was typed (`pendingAppPassword`) and sends the user through Keycloak's
 * login page; back here, the page opens it again with `resume`, and it finishes the create at once.
 */
export function CreateAppPasswordDialog({
  names,
  resume,
  onCreated,
  onClose,
}: {
  /** The user's app passwords' names, to refuse a second of the same name before asking. */
  names: string[];
  /** What the user typed before the login page: the dialog submits it once, as it opens. */
  resume?: PendingAppPassword;
  onCreated: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const auth = useAuth();
  const { realm } = useEnvironment();
  // The name the program signs in with: the token's, as the header's user menu reads it.
  const username = useClaims().preferred_username;
  const id = useId();
  const [failure, setFailure] = useState<string>();
  const [created, setCreated] = useState<CreatedAppPassword>();
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  // Busy from the moment the login page is asked for until the browser leaves.
  const [leaving, setLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ defaultValues: resume ?? { name: "", expiry: "" } });

  const submit = handleSubmit(async ({ name, expiry }) => {
    setFailure(undefined);
    let answer: CreatedAppPassword;
    try {
      answer = await createAppPassword(api, { name: name.trim(), expires: expiry ? startOfDay(expiry)! : null });
    } catch (problem) {
      // Once only: a create that comes back from the login page and is still refused says so instead of looping.
      if (needsReauthentication(problem) && !resume) {
        const user = auth.claims().sub;
        if (user) savePendingAppPassword(realm, user, { name, expiry });
        setLeaving(true);
        try {
          await auth.reauthenticate();
        } catch (redirect) {
          setLeaving(false);
          setFailure(t("appPasswordsCreateFailed", { error: t(errorMessage(redirect)) }));
        }
        return;
      }
      const nameKey = nameRefusalKey(problem);
      if (nameKey) {
        setError("name", { message: t(nameKey) }, { shouldFocus: true });
        return;
      }
      // The dialog keeps what the user typed and says why; nothing says it worked.
      setFailure(
        needsReauthentication(problem)
          ? t("appPasswordsReauthenticationFailed")
          : t("appPasswordsCreateFailed", { error: t(errorMessage(problem)) }),
      );
      return;
    }
    setCreated(answer);
    onCreated();
  });

  // Back from the login page: the create the user asked for goes on without a second click.
  const resumed = useRef(false);
  useEffect(() => {
    if (!resume || resumed.current) return;
    resumed.current = true;
    void submit();
  }, [resume, submit]);
  const busy = isSubmitting || leaving;

  const close = () => {
    // The secret is dropped with the user's decision to close, not at some later unmount.
    setCreated(undefined);
    onClose();
  };

  if (created) {
    return (
      <Modal
        variant="small"
        isOpen
        onClose={close}
        aria-labelledby={`${id}-shown-title`}
        aria-describedby={`${id}-shown-body`}
        data-testid="app-password-created"
      >
        <ModalHeader
          title={t("appPasswordsShowTitle")}
          labelId={`${id}-shown-title`}
          className="app-password-dialog-header"
        />
        <ModalBody>
          <Content component="p" id={`${id}-shown-body`}>
            {t("appPasswordsShowOnce", { name: t("quotedName", { name: created.name }) })}
          </Content>
          <div className="app-password-fields">
            {username && (
              <div role="group" aria-labelledby={`${id}-username-label`} className="app-password-field">
                <div id={`${id}-username-label`} className="app-password-field-label">
                  {t("username")}
                </div>
                <div className="app-password-field-value">
                  <code data-testid="app-password-username">{username}</code>
                  <CopyButton
                    text={username}
                    describedBy={`${id}-username-label`}
                    testId="app-password-copy-username"
                  />
                </div>
              </div>
            )}
            <div role="group" aria-labelledby={`${id}-secret-label`} className="app-password-field">
              <div id={`${id}-secret-label`} className="app-password-field-label">
                {t("appPasswordsPasswordLabel", { name: t("quotedName", { name: created.name }) })}
              </div>
              <div className="app-password-field-value">
                {/* Plain text, so that it wraps at the hyphens on a narrow screen instead of scrolling in a field. */}
                <code className="app-password-secret" data-testid="app-password-secret">
                  {created.password}
                </code>
                <CopyButton text={created.password} describedBy={`${id}-secret-label`} testId="app-password-copy" />
              </div>
            </div>
          </div>
        </ModalBody>
        <ModalFooter>
          <Button variant="primary" data-testid="app-password-done" onClick={close}>
            {t("appPasswordsDone")}
          </Button>
        </ModalFooter>
      </Modal>
    );
  }

  const nameError = errors.name?.message;
  const expiryError = errors.expiry?.message;
  return (
    <FormDialog
      title={t("appPasswordsCreateTitle")}
      testId="create-app-password"
      failure={failure}
      onSubmit={(event) => void submit(event)}
      submitLabel={t("appPasswordsCreateButton")}
      submitTestId="app-password-create"
      busy={busy}
      onClose={close}
    >
      <FormTextField
        id={`${id}-name`}
        label={t("appPasswordsName")}
        isRequired
        error={nameError}
        hint={t("appPasswordsNameHelp")}
        data-testid="app-password-name"
        autoFocus
        {...register("name", {
          validate: (value) => {
            const problem = appPasswordNameProblem(value, names);
            return problem ? t(problem, { max: MAX_APP_PASSWORD_NAME }) : true;
          },
        })}
      />
      <FormTextField
        id={`${id}-expiry`}
        label={t("appPasswordsExpiry")}
        error={expiryError}
        hint={t("appPasswordsExpiryHelp")}
        type="date"
        data-testid="app-password-expiry"
        min={isoDay(tomorrow)}
        {...register("expiry", {
          validate: (value) => {
            if (value === "") return true;
            return isLaterDay(value) ? true : t("appPasswordsExpiryInvalid");
          },
        })}
      />
    </FormDialog>
  );
}
