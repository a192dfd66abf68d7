import { Modal, ModalBody, ModalHeader, type ButtonProps } from "@patternfly/react-core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DialogFooter } from "./DialogFooter";

type ConfirmDialogProps = {
  id: string;
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  confirmVariant?: ButtonProps["variant"];
  confirmId?: string;
  cancelId?: string;
  busy: boolean;
  isConfirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A small dialog that asks before a change: title, text, a confirm button that shows progress while `busy` and a
 * cancel link. Closing is refused while busy, so a request in flight is never left without its dialog.
 * `id` names the title and body (`<id>-title`, `<id>-body`) for assistive technology. The buttons' ids default to
 * the stock console's (`modal-confirm`, `modal-cancel`).
 */
export function ConfirmDialog({
  id,
  isOpen,
  title,
  children,
  confirmLabel,
  confirmVariant = "primary",
  confirmId = "modal-confirm",
  cancelId = "modal-cancel",
  busy,
  isConfirmDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      variant="small"
      isOpen={isOpen}
      onClose={() => !busy && onCancel()}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
    >
      <ModalHeader title={title} labelId={`${id}-title`} />
      <ModalBody id={`${id}-body`}>{children}</ModalBody>
      <DialogFooter
        variant={confirmVariant}
        id={confirmId}
        onConfirm={onConfirm}
        isDisabled={isConfirmDisabled}
        busy={busy}
        cancelId={cancelId}
        onCancel={onCancel}
      >
        {confirmLabel ?? t("confirm")}
      </DialogFooter>
    </Modal>
  );
}

/**
 * A ConfirmDialog of this console's own (the stock console has none like it) for a change that cannot be taken back,
 * such as ending or revoking: a danger button, and both buttons named after the dialog (`<id>-confirm`, `<id>-cancel`).
 */
export function DangerConfirmDialog(props: Omit<ConfirmDialogProps, "confirmVariant" | "confirmId" | "cancelId">) {
  return (
    <ConfirmDialog
      {...props}
      confirmVariant="danger"
      confirmId={`${props.id}-confirm`}
      cancelId={`${props.id}-cancel`}
    />
  );
}
