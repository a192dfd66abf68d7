import { Alert, Button, ExpandableSection, PageSection } from "@patternfly/react-core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../auth/AuthContext";

/** "Delete account", folded away under the form: the button starts Keycloak's delete-account action. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <PageSection padding={{ default: "noPadding" }} className="delete-account-section">
      <ExpandableSection
        data-testid="delete-account"
        toggleText={t("deleteAccount")}
        isExpanded={open}
        onToggle={(_event, isOpen) => setOpen(isOpen)}
      >
        <Alert variant="danger" isInline isPlain title={t("deleteAccountWarning")} />
        <Button
          id="delete-account-btn"
          variant="danger"
          className="delete-account-button"
          onClick={() => void auth.startAction("delete_account")}
        >
          {t("delete")}
        </Button>
      </ExpandableSection>
    </PageSection>
  );
}
