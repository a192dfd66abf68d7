import { Alert } from "@patternfly/react-core";
import { createContext, useContext, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { LastUse } from "../../../api/extension";
import type { CredentialContainer, CredentialRepresentation } from "../../../api/representations";
import { useFormat } from "../../../i18n/format";
import { useFetch } from "../../../ui/hooks/useFetch";
import "./credentials.css";
import type { LastUsedRead, SigningInData } from "./loader";

/** The one way Signing in writes a day: created, last used, expires. */
export const DAY: Intl.DateTimeFormatOptions = { dateStyle: "long" };

const LastUsedContext = createContext<LastUsedRead | undefined>(undefined);

/**
 * When one credential was last used: its own row, or its type's row when it is the user's only credential of that
 * type (then the type names it). Undefined when nothing is recorded.
 */
export function lastUseOf(
  uses: LastUse[],
  credential: CredentialRepresentation,
  credentialsOfType: number,
): number | undefined {
  const times = uses
    .filter(
      (use) =>
        use.credentialId === credential.id ||
        (use.credentialId === null && use.type === credential.type && credentialsOfType === 1),
    )
    .map((use) => use.time);
  return times.length > 0 ? Math.max(...times) : undefined;
}

/**
 * When one of a type's credentials was last used where Keycloak did not say which (a type with two or more
 * credentials, used through a type row only): shown once for the type. Undefined otherwise.
 */
export function typeOnlyUseOf(uses: LastUse[], container: CredentialContainer): number | undefined {
  const credentials = container.userCredentialMetadatas.map((metadata) => metadata.credential);
  if (credentials.length < 2) return undefined;
  const times = uses.filter((use) => use.credentialId === null && use.type === container.type).map((use) => use.time);
  return times.length > 0 ? Math.max(...times) : undefined;
}

/**
 * When each sign-in method was last used, as the page's loader reads it after the first screen, when the server
 * extension records it (again whenever the list is loaded again, the last answer standing meanwhile). A failure is said once, above the list; the rows then
 * say nothing about use.
 */
export function LastUsedProvider({ lastUsed, children }: { lastUsed: SigningInData["lastUsed"]; children: ReactNode }) {
  const { t } = useTranslation();
  // The last answer stands while the page loads again: the lines do not blink away.
  const { state } = useFetch(() => lastUsed, lastUsed, undefined, { keepWhileLoading: true });
  const read = state.status === "ready" ? state.data : undefined;

  return (
    <LastUsedContext.Provider value={read}>
      {read?.status === "error" && (
        <Alert variant="warning" isInline isPlain title={t("lastUsedFailed")} data-testid="last-used-failed" />
      )}
      {children}
    </LastUsedContext.Provider>
  );
}

/** "Last used: <day>" as a line of a row's dates, or that no use is recorded yet; nothing while loading, after a failure, or without the feature. */
export function CredentialLastUsed({
  credential,
  credentialsOfType,
}: {
  credential: CredentialRepresentation;
  credentialsOfType: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const state = useContext(LastUsedContext);
  if (state?.status !== "ready") return null;
  const time = lastUseOf(state.uses, credential, credentialsOfType);
  const typeOnly =
    credentialsOfType > 1 && state.uses.some((use) => use.credentialId === null && use.type === credential.type);
  return (
    <div data-testrole="last-used">
      {time !== undefined
        ? t("lastUsedOn", { date: format.dateTime(new Date(time), DAY) })
        : typeOnly
          ? null
          : t("lastUsedNotYet")}
    </div>
  );
}

/** For a type with several credentials that Keycloak did not tell apart: when one of them was last used. */
export function TypeLastUsed({ container }: { container: CredentialContainer }) {
  const { t } = useTranslation();
  const format = useFormat();
  const state = useContext(LastUsedContext);
  if (state?.status !== "ready") return null;
  const time = typeOnlyUseOf(state.uses, container);
  if (time === undefined) return null;
  return (
    <p className="credential-type-last-used" data-testid={`${container.type}/last-used`}>
      {t("lastUsedOneOf", { date: format.dateTime(new Date(time), DAY) })}
    </p>
  );
}
