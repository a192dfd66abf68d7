import { Switch } from "@patternfly/react-core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../../api/ApiContext";
import { saveSignInAlerts } from "../../../api/signInAlerts";
import { useAlerts } from "../../../ui/alerts/AlertContext";
import { useFetch } from "../../../ui/hooks/useFetch";
import type { DeviceActivityData } from "./loader";

/**
 * "Email me when my account is used on a new device": shown only when the realm sends sign-in alerts (the listener is
 * on and there is a mail server) and the user's choice has been read; otherwise nothing at all.
 */
export function SignInAlertsSwitch({ choice }: { choice: DeviceActivityData["signInAlerts"] }) {
  const { t } = useTranslation();
  const api = useApi();
  const { addAlert, addError } = useAlerts();
  const { state } = useFetch(() => choice, choice);
  const [saved, setSaved] = useState<boolean>();
  const enabled = saved ?? (state.status === "ready" ? state.data : undefined);
  const [saving, setSaving] = useState(false);

  if (enabled === undefined) return null;

  const change = async (next: boolean) => {
    setSaving(true);
    try {
      const saved = await saveSignInAlerts(api, next);
      setSaved(saved.enabled);
      addAlert(t(saved.enabled ? "signInAlertsOn" : "signInAlertsOff"));
    } catch (error) {
      addError("signInAlertsFailed", error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="sign-in-alerts">
      <Switch
        id="sign-in-alerts"
        label={t("signInAlertsSwitch")}
        isChecked={enabled}
        isDisabled={saving}
        aria-busy={saving}
        onChange={(_event, next) => void change(next)}
      />
    </div>
  );
}
