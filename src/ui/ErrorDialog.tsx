import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "@patternfly/react-core";
import { useTranslation } from "react-i18next";

import { reloadUrl } from "../lib/reloadUrl";

const FALLBACK_TEXTS: Record<string, string> = {
  somethingWentWrong: "Something went wrong",
  somethingWentWrongDescription: "Sorry, an unexpected error has occurred.",
  tryAgain: "Try again",
};

/** The dialog for a start-up or route failure. Works before translations are loaded (English texts then). */
export function ErrorDialog({ error }: { error?: unknown }) {
  const { t, i18n } = useTranslation();
  const text = (key: string) => (i18n?.isInitialized && i18n.exists(key) ? t(key) : (FALLBACK_TEXTS[key] ?? key));
  const detail = errorText(error);

  return (
    <Modal
      isOpen
      variant="small"
      aria-labelledby="error-dialog-title"
      aria-describedby="error-dialog-body"
      data-testid="error-dialog"
    >
      <ModalHeader title={text("somethingWentWrong")} titleIconVariant="danger" labelId="error-dialog-title" />
      <ModalBody id="error-dialog-body">
        <p>{text("somethingWentWrongDescription")}</p>
        {detail && (
          <p data-testid="error-message" style={{ marginTop: "var(--pf-t--global--spacer--md)" }}>
            {detail}
          </p>
        )}
      </ModalBody>
      <ModalFooter>
        <Button variant="primary" id="try-again" onClick={() => window.location.assign(reloadUrl(window.location))}>
          {text("tryAgain")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}

function errorText(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  if (typeof error === "object" && error !== null) {
    const { statusText, data } = error as { statusText?: unknown; data?: unknown };
    if (typeof data === "string" && data) return data;
    if (typeof statusText === "string" && statusText) return statusText;
  }
  return undefined;
}
