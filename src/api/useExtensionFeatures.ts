import { useCallback, useEffect, useSyncExternalStore } from "react";
import { useApi } from "./ApiContext";
import { extensionFeaturesNow, onExtensionFeatures, startExtensionProbe, type ExtensionFeatures } from "./extension";

/**
 * What the server extension offers, once its probe has answered (undefined before). The shell starts the probe after
 * the first screen; a page that needs the answer passes `probe` to start it itself when it is still missing.
 */
export function useExtensionFeatures({ probe = false }: { probe?: boolean } = {}): ExtensionFeatures | undefined {
  const api = useApi();
  const subscribe = useCallback((listener: () => void) => onExtensionFeatures(api, listener), [api]);
  const features = useSyncExternalStore(subscribe, () => extensionFeaturesNow(api));
  useEffect(() => {
    if (probe && !extensionFeaturesNow(api)) startExtensionProbe(api);
  }, [api, probe]);
  return features;
}
