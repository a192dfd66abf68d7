import { Button, EmptyState, EmptyStateActions, EmptyStateBody, EmptyStateFooter } from "@patternfly/react-core";
import { ExclamationCircleIcon } from "@patternfly/react-icons";
import { useTranslation } from "react-i18next";
import { errorMessage } from "./alerts/AlertContext";

/** Data a page needs could not be read: say what the server said, offer to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      titleText={t("somethingWentWrong")}
      headingLevel="h2"
      icon={ExclamationCircleIcon}
      status="danger"
      data-testid="load-error"
    >
      <EmptyStateBody>{t("pageLoadError", { error: t(errorMessage(error)) })}</EmptyStateBody>
      <EmptyStateFooter>
        <EmptyStateActions>
          <Button variant="primary" onClick={onRetry}>
            {t("tryAgain")}
          </Button>
        </EmptyStateActions>
      </EmptyStateFooter>
    </EmptyState>
  );
}
