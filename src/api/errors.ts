import { ApiError } from "./client";

/**
 * The error as an alert should describe it: the server's `error_description`, else its message. For alerts whose
 * message key has no `{{error}}` (Keycloak's own keys such as `credentialDeleteError`), this keeps the server's
 * reason on screen as the alert's description.
 */
export function withServerReason(error: unknown): unknown {
  if (!(error instanceof Error) || (error instanceof ApiError && error.description)) return error;
  if ("description" in error && error.description) return error;
  return Object.assign(new Error(error.message), { description: error.message });
}
