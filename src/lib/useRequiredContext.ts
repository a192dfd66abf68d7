import { useContext, type Context } from "react";

/** useContext that fails loudly, naming the provider, instead of handing out undefined. */
export function useRequiredContext<T>(context: Context<T | undefined>, hook: string, provider: string): T {
  const value = useContext(context);
  if (value === undefined) {
    throw new Error(`${hook} must be used inside <${provider}>.`);
  }
  return value;
}
