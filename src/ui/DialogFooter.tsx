import { Button, ModalFooter, type ButtonProps } from "@patternfly/react-core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A dialog's two buttons: the one that does what the dialog is for, which shows progress while `busy`, and Cancel.
 * Both are refused while busy, so a request in flight is never left without its dialog. The first button sends the
 * form `form` when one is named, else calls `onConfirm`.
 */
export function DialogFooter({
  children,
  variant = "primary",
  id,
  testId,
  form,
  onConfirm,
  isDisabled = false,
  busy,
  cancelId,
  onCancel,
}: {
  /** The first button's words. */
  children: ReactNode;
  variant?: ButtonProps["variant"];
  id?: string;
  testId?: string;
  form?: string;
  onConfirm?: () => void;
  isDisabled?: boolean;
  busy: boolean;
  cancelId?: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ModalFooter>
      <Button
        type={form ? "submit" : "button"}
        form={form}
        variant={variant}
        id={id}
        data-testid={testId}
        onClick={onConfirm}
        isLoading={busy}
        spinnerAriaValueText={t("spinnerLoading")}
        isDisabled={busy || isDisabled}
      >
        {children}
      </Button>
      <Button variant="link" id={cancelId} onClick={onCancel} isDisabled={busy}>
        {t("cancel")}
      </Button>
    </ModalFooter>
  );
}
