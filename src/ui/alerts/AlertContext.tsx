import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isSessionEnded } from "../../auth/sessionEnded";
import { useRequiredContext } from "../../lib/useRequiredContext";
import { AlertList } from "./AlertList";
import type { AlertEntry, AlertVariant } from "./types";

/** How long a success or an info alert stays. */
export const ALERT_TIMEOUT = 8000;

/**
 * Errors and warnings stay until the user closes them: often the alert is the only report of a failed request, and a
 * timer would take it away before a slow reader (or a screen-reader user busy elsewhere) has it.
 */
const closesOnItsOwn = (variant: AlertVariant) => variant === "success" || variant === "info";

export type { AlertEntry, AlertVariant } from "./types";

export type Alerts = {
  addAlert(message: string, variant?: AlertVariant, description?: string): void;
  /**
   * The one way a page reports a failed call: a danger alert `t(messageKey, { error })`, the error's message
   * translated when it is a key, described by the server's error_description.
   */
  addError(messageKey: string, error: unknown): void;
};

const AlertContext = createContext<Alerts | undefined>(undefined);

export function useAlerts(): Alerts {
  return useRequiredContext(AlertContext, "useAlerts", "AlertProvider");
}

export function errorMessage(error: unknown): string {
  if (typeof error === "string") return error;
  if (error instanceof Error) return error.message;
  return String(error);
}

export function AlertProvider({ children, timeout = ALERT_TIMEOUT }: { children: ReactNode; timeout?: number }) {
  const { t } = useTranslation();
  const [alerts, setAlerts] = useState<AlertEntry[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const removeAlert = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setAlerts((current) => current.filter((alert) => alert.id !== id));
  }, []);

  const addAlert = useCallback<Alerts["addAlert"]>(
    (message, variant = "success", description) => {
      const id = nextId.current++;
      setAlerts((current) => [{ id, message, variant, description }, ...current]);
      if (closesOnItsOwn(variant))
        timers.current.set(
          id,
          setTimeout(() => removeAlert(id), timeout),
        );
    },
    [removeAlert, timeout],
  );

  const addError = useCallback<Alerts["addError"]>(
    (messageKey, error) => {
      // Not this page's failure: the session-ended dialog explains it, and nothing was saved or changed.
      if (isSessionEnded(error)) return;
      const description =
        typeof error === "object" && error !== null && "description" in error
          ? (error as { description?: string }).description
          : undefined;
      const message = errorMessage(error);
      addAlert(t(messageKey, { error: t(message, { defaultValue: message }) }), "danger", description);
    },
    [addAlert, t],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const value = useMemo(() => ({ addAlert, addError }), [addAlert, addError]);

  return (
    <AlertContext.Provider value={value}>
      <AlertList alerts={alerts} onClose={removeAlert} />
      {children}
    </AlertContext.Provider>
  );
}
