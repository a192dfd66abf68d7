import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "@patternfly/react-core";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../auth/AuthContext";

/**
 * Says that the sign-in session has ended (a refresh failed, or the server refused the token) and leads to the login
 * page. Forms have kept what was typed by then (src/ui/drafts.ts); after signing in again as the same user, they show
 * it, unsaved. No close button: every call would fail until the user signs in again.
 */
export function SessionEndedDialog() {
  const { t } = useTranslation();
  const auth = useAuth();
  const ended = useSyncExternalStore(auth.onSessionEnd, auth.sessionEnded);

  return (
    <Modal
      variant="small"
      isOpen={ended}
      aria-labelledby="session-ended-title"
      aria-describedby="session-ended-body"
      data-testid="session-ended"
    >
      <ModalHeader title={t("sessionEndedTitle")} labelId="session-ended-title" titleIconVariant="warning" />
      <ModalBody id="session-ended-body">{t("sessionEndedMessage")}</ModalBody>
      <ModalFooter>
        <Button variant="primary" data-testid="session-ended-login" onClick={() => void auth.login()}>
          {t("doLogIn")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
