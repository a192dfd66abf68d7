import { createContext, useSyncExternalStore } from "react";
import type { Auth, TokenClaims } from "./auth";
import { useRequiredContext } from "../lib/useRequiredContext";

export const AuthContext = createContext<Auth | undefined>(undefined);

export function useAuth(): Auth {
  return useRequiredContext(AuthContext, "useAuth", "AuthContext.Provider");
}

/** The signed-in user's claims, re-read when the token changes. */
export function useClaims(): TokenClaims {
  const auth = useAuth();
  return useSyncExternalStore(auth.subscribe, auth.claims);
}
