import { Switch } from "@patternfly/react-core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../../api/ApiContext";
import { fetchSignInAlerts, saveSignInAlerts } from "../../../api/signInAlerts";
import { useExtensionFeatures } from "../../../api/useExtensionFeatures";
import { isSessionEnded } from "../../../auth/sessionEnded";
import { useAlerts } from "../../../ui/alerts/AlertContext";

/**
 * "Email me when my account is used on a new device": shown only when the realm sends sign-in alerts (the listener is
 * on and there is a mail server) and the user's choice has been read; otherwise nothing at all.
 */
export function SignInAlertsSwitch() {
  const { t } = useTranslation();
  const api = useApi();
  const { addAlert, addError } = useAlerts();
  const features = useExtensionFeatures({ probe: true });
  const offered = features?.signInAlerts === true;
  const [enabled, setEnabled] = useState<boolean>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!offered) return;
    const controller = new AbortController();
    fetchSignInAlerts(api, controller.signal).then(
      (choice) => setEnabled(choice.offered ? choice.enabled : undefined),
      (error: unknown) => {
        // Without the user's choice the switch stays hidden: a switch that shows a guess would mislead.
        if (!controller.signal.aborted && !isSessionEnded(error))
          console.warn("Sign-in alerts could not be read.", error);
      },
    );
    return () => controller.abort();
  }, [api, offered]);

  if (!offered || enabled === undefined) return null;

  const change = async (next: boolean) => {
    setSaving(true);
    try {
      const saved = await saveSignInAlerts(api, next);
      setEnabled(saved.enabled);
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
