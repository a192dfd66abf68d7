import { Alert } from "@patternfly/react-core";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../../api/ApiContext";
import { fetchLastUsed, type LastUse } from "../../../api/extension";
import type { CredentialContainer, CredentialRepresentation } from "../../../api/representations";
import { useExtensionFeatures } from "../../../api/useExtensionFeatures";
import { isSessionEnded } from "../../../auth/sessionEnded";
import { useFormat } from "../../../i18n/format";
import "./credentials.css";

/** The one way Signing in writes a day: created, last used, expires. */
export const DAY: Intl.DateTimeFormatOptions = { dateStyle: "long" };

type LastUsedState = { status: "loading" } | { status: "error" } | { status: "ready"; uses: LastUse[] };

const LastUsedContext = createContext<LastUsedState | undefined>(undefined);

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
 * Reads when each sign-in method was last used, when the server extension records it, again whenever the list is
 * loaded again. A failure is said once, above the list; the rows then say nothing about use.
 */
export function LastUsedProvider({ containers, children }: { containers: CredentialContainer[]; children: ReactNode }) {
  const { t } = useTranslation();
  const api = useApi();
  const offered = useExtensionFeatures({ probe: true })?.lastUsed === true;
  const [state, setState] = useState<LastUsedState>({ status: "loading" });

  useEffect(() => {
    if (!offered) return;
    const controller = new AbortController();
    fetchLastUsed(api, controller.signal).then(
      (uses) => {
        if (!controller.signal.aborted) setState({ status: "ready", uses });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A session that ended is the session-ended dialog's to explain.
        if (!isSessionEnded(error)) console.warn("Last use of the sign-in methods could not be read.", error);
        setState({ status: "error" });
      },
    );
    return () => controller.abort();
  }, [api, offered, containers]);

  return (
    <LastUsedContext.Provider value={offered ? state : undefined}>
      {offered && state.status === "error" && (
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
