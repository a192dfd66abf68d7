import { createContext } from "react";
import type { ApiClient } from "./client";
import { useRequiredContext } from "../lib/useRequiredContext";

export const ApiContext = createContext<ApiClient | undefined>(undefined);

export function useApi(): ApiClient {
  return useRequiredContext(ApiContext, "useApi", "ApiContext.Provider");
}
