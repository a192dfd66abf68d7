import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { safeLocalStorage } from "../../lib/storage/safeLocalStorage";
import { useRequiredContext } from "../../lib/useRequiredContext";

export const HELP_STORAGE_KEY = "helpEnabled";

export type Help = { enabled: boolean; setEnabled(enabled: boolean): void; toggle(): void };

const HelpContext = createContext<Help | undefined>(undefined);

export function useHelp(): Help {
  return useRequiredContext(HelpContext, "useHelp", "HelpProvider");
}

/** Reads the stored preference: JSON boolean, default on (shared with Keycloak's admin console on this origin). */
export function readHelpEnabled(storage: Storage | undefined): boolean {
  try {
    const stored = storage?.getItem(HELP_STORAGE_KEY);
    return stored === null || stored === undefined ? true : JSON.parse(stored) !== false;
  } catch {
    return true;
  }
}

export function HelpProvider({ children }: { children: ReactNode }) {
  const [enabled, setEnabledState] = useState(() => readHelpEnabled(safeLocalStorage()));

  const setEnabled = useCallback((value: boolean) => {
    setEnabledState(value);
    try {
      safeLocalStorage()?.setItem(HELP_STORAGE_KEY, JSON.stringify(value));
    } catch {
      // Storage full or disabled: the choice still holds for this tab.
    }
  }, []);

  // Other tabs write the same key; the storage event tells us.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === HELP_STORAGE_KEY || event.key === null) {
        setEnabledState(readHelpEnabled(safeLocalStorage()));
      }
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const value = useMemo(() => ({ enabled, setEnabled, toggle: () => setEnabled(!enabled) }), [enabled, setEnabled]);
  return <HelpContext.Provider value={value}>{children}</HelpContext.Provider>;
}
