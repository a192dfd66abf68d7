import type { TFunction } from "i18next";
import { ApiError, type ApiClient } from "../../api/client";
import { updateResourcePermissions } from "../../api/methods";
import { errorMessage } from "../../ui/alerts/AlertContext";

export type ShareFailure = { user: string; error: unknown };

/** The server does not know the user (no such username or email). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * Shares the resource with each user in turn: one PUT per user, so an unknown user fails alone and the others are
 * shared. Returns the users it failed for, with why.
 */
export async function shareWithEach(
  api: ApiClient,
  resourceId: string,
  users: string[],
  scopes: string[],
): Promise<ShareFailure[]> {
  const failures: ShareFailure[] = [];
  for (const user of users) {
    try {
      await updateResourcePermissions(api, resourceId, [{ username: user, scopes }]);
    } catch (error) {
      failures.push({ user, error });
    }
  }
  return failures;
}

/** What the users field says after a share that failed for some: one sentence per user. */
export function shareFailureText(t: TFunction, failures: ShareFailure[]): string {
  return failures
    .map(({ user, error }) =>
      isNotFound(error)
        ? t("shareUserNotFound", { username: user })
        : t("shareError", { error: t(errorMessage(error)) }),
    )
    .join(" ");
}
