import { createContext } from "react";
import type { ApiClient } from "./client";
import { useRequiredContext } from "../ui/useRequiredContext";

export const ApiContext = createContext<ApiClient | undefined>(undefined);

export function useApi(): ApiClient {
  return useRequiredContext(ApiContext, "useApi", "ApiContext.Provider");
}
