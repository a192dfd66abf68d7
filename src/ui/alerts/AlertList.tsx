import { Alert, AlertActionCloseButton, AlertGroup } from "@patternfly/react-core";
import { useTranslation } from "react-i18next";
import type { AlertEntry } from "./types";

export function AlertList({ alerts, onClose }: { alerts: AlertEntry[]; onClose: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <AlertGroup isToast isLiveRegion data-testid="global-alerts" style={{ whiteSpace: "pre-wrap" }}>
      {alerts.map(({ id, message, variant, description }, index) => (
        <Alert
          key={id}
          data-testid={index === 0 ? "last-alert" : undefined}
          variant={variant}
          variantLabel=""
          component="p"
          title={message}
          actionClose={
            <AlertActionCloseButton title={t("closeAlert")} aria-label={t("closeAlert")} onClose={() => onClose(id)} />
          }
        >
          {description && <p>{description}</p>}
        </Alert>
      ))}
    </AlertGroup>
  );
}
