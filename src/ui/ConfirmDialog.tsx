import { Button, Modal, ModalBody, ModalFooter, ModalHeader, type ButtonProps } from "@patternfly/react-core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A small dialog that asks before a change: title, text, a confirm button that shows progress while `busy` and a
 * cancel link. Closing is refused while busy, so a request in flight is never left without its dialog.
 * `id` names the title and body (`<id>-title`, `<id>-body`) for assistive technology.
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
}: {
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
}) {
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
      <ModalFooter>
        <Button
          variant={confirmVariant}
          id={confirmId}
          onClick={onConfirm}
          isLoading={busy}
          spinnerAriaValueText={t("spinnerLoading")}
          isDisabled={busy || isConfirmDisabled}
        >
          {confirmLabel ?? t("confirm")}
        </Button>
        <Button variant="link" id={cancelId} onClick={onCancel} isDisabled={busy}>
          {t("cancel")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
