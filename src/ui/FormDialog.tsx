import { Alert, Form, Modal, ModalBody, ModalHeader } from "@patternfly/react-core";
import { useId, type FormEvent, type ReactNode } from "react";
import { DialogFooter } from "./DialogFooter";

/**
 * A small dialog around one form: its title, the reason the last try failed (the form keeps what was typed), the
 * fields, and a footer whose first button sends the form. Closing is refused while `busy`.
 */
export function FormDialog({
  title,
  testId,
  failure,
  onSubmit,
  submitLabel,
  submitTestId,
  busy,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  failure?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  submitTestId: string;
  busy: boolean;
  onClose: () => void;
  /** The form's fields. */
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Modal
      variant="small"
      isOpen
      onClose={() => !busy && onClose()}
      aria-labelledby={`${id}-title`}
      data-testid={testId}
    >
      <ModalHeader title={title} labelId={`${id}-title`} />
      <ModalBody>
        {failure && <Alert variant="danger" isInline isPlain title={failure} />}
        <Form id={`${id}-form`} onSubmit={onSubmit} noValidate>
          {children}
        </Form>
      </ModalBody>
      <DialogFooter form={`${id}-form`} testId={submitTestId} busy={busy} onCancel={onClose}>
        {submitLabel}
      </DialogFooter>
    </Modal>
  );
}
