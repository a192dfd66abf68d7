import { Button, ModalFooter } from "@patternfly/react-core";
import { useTranslation } from "react-i18next";

/** The footer of the share and edit dialogs: Done (progress while `busy`) and Cancel, both refused while busy. */
export function DoneFooter({
  busy,
  canSubmit,
  onDone,
  onCancel,
}: {
  busy: boolean;
  canSubmit: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ModalFooter>
      <Button
        variant="primary"
        data-testid="done"
        isDisabled={busy || !canSubmit}
        isLoading={busy}
        spinnerAriaValueText={t("spinnerLoading")}
        onClick={onDone}
      >
        {t("done")}
      </Button>
      <Button variant="link" onClick={onCancel} isDisabled={busy}>
        {t("cancel")}
      </Button>
    </ModalFooter>
  );
}
