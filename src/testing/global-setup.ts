import type { TestProject } from "vitest/node";
import { DEFAULT_KEYCLOAK_VERSION, OLDEST_SUPPORTED_VERSION } from "../../scripts/lib/keycloak-config.mjs";
import { ensureStockMessages } from "../../scripts/lib/message-bundles.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    stockMessages: string;
    /** The stock bundles of the oldest supported Keycloak: what our bundles must complete (docs/versions.md). */
    oldestStockMessages: string;
  }
}

// Component tests show the texts the server would: Keycloak's stock bundles under ours. Those come from the
// distribution (downloaded once into the cache), so they are ready before any test file loads.
export function setup(project: TestProject) {
  project.provide("stockMessages", ensureStockMessages(process.env.KC_VERSION || DEFAULT_KEYCLOAK_VERSION));
  project.provide("oldestStockMessages", ensureStockMessages(OLDEST_SUPPORTED_VERSION));
}
