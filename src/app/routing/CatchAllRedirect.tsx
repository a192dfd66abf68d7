import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "../../lib/routing";
import { useAlerts } from "../../ui/alerts/AlertContext";

/** An unknown or switched-off page: back to personal info, saying why. */
export function CatchAllRedirect() {
  const { t } = useTranslation();
  const { addAlert } = useAlerts();
  const { search } = useLocation();
  const warned = useRef(false);

  useEffect(() => {
    if (warned.current) return;
    warned.current = true;
    addAlert(t("pageNotFound"), "warning");
  }, [addAlert, t]);

  return <Navigate to={{ pathname: "/", search }} replace />;
}
