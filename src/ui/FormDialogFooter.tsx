import { Button, ModalFooter } from "@patternfly/react-core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A form dialog's footer: the button that sends the form (busy while it is sent), and Cancel. */
export function FormDialogFooter({
  form,
  testId,
  busy,
  onCancel,
  children,
}: {
  /** The id of the form the first button sends. */
  form: string;
  testId: string;
  busy: boolean;
  onCancel: () => void;
  /** The first button's words. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ModalFooter>
      <Button
        type="submit"
        form={form}
        variant="primary"
        data-testid={testId}
        isLoading={busy}
        isDisabled={busy}
        spinnerAriaValueText={t("spinnerLoading")}
      >
        {children}
      </Button>
      <Button variant="link" onClick={onCancel} isDisabled={busy}>
        {t("cancel")}
      </Button>
    </ModalFooter>
  );
}
