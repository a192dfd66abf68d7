import { createContext } from "react";
import type { Environment } from "./environment";
import { useRequiredContext } from "../lib/useRequiredContext";

export const EnvironmentContext = createContext<Environment | undefined>(undefined);

export function useEnvironment(): Environment {
  return useRequiredContext(EnvironmentContext, "useEnvironment", "EnvironmentContext.Provider");
}
