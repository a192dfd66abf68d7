import { Button, Modal, ModalBody, ModalFooter, ModalHeader } from "@patternfly/react-core";
import { useEffect, type ReactNode } from "react";
import { useFormState } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../auth/AuthContext";
import { isSamePage, useBlocker, useLeavingPage } from "../../lib/routing";
import type { ProfileFormValues } from "../../user-profile/fieldNames";

/**
 * Asks before the user leaves the form with unsaved changes: for another page of the console (a dialog), and for the
 * browser's own ways out (its beforeunload prompt). A component of its own inside the form's provider: what reads the
 * router's state draws again on every change of it, and that should not be the whole form.
 *
 * "Discard changes" calls `onDiscard` before the switch goes on: the page stays up while the next one loads, and a
 * back meanwhile cancels the switch, so the form must already hold the saved values then.
 */
export function LeaveGuard({ onDiscard }: { onDiscard: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const { isDirty, isSubmitting } = useFormState<ProfileFormValues>();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isSubmitting && !isSamePage(currentLocation.pathname, nextLocation.pathname),
  );

  useEffect(() => {
    if (!isDirty) return;
    // Once the session has ended the values are kept as a draft: the way to the login page needs no warning.
    const warn = (event: BeforeUnloadEvent) => {
      if (!auth.sessionEnded()) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty, auth]);

  return (
    <Modal
      variant="small"
      isOpen={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      aria-labelledby="unsaved-title"
    >
      <ModalHeader title={t("unsavedChanges")} labelId="unsaved-title" />
      <ModalBody>{t("unsavedChangesDescription")}</ModalBody>
      <ModalFooter>
        <Button variant="primary" onClick={() => blocker.reset?.()}>
          {t("keepEditing")}
        </Button>
        <Button
          variant="link"
          isDanger
          onClick={() => {
            onDiscard();
            blocker.proceed?.();
          }}
        >
          {t("discardChanges")}
        </Button>
      </ModalFooter>
    </Modal>
  );
}

/**
 * The form's part of the page, inert while a switch to another page is under way: the page stays up until the next
 * one has its data, and what was typed meanwhile would go without a question. Reads the router's state itself, so that
 * only this element draws again at each step of a switch.
 */
export function InertWhileLeaving({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={className} inert={useLeavingPage()}>
      {children}
    </div>
  );
}
