import { Button, DataList, DataListCell } from "@patternfly/react-core";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../../api/ApiContext";
import { endOfflineSession, fetchOfflineSessions, type OfflineSession } from "../../../api/offlineSessions";
import { useFormat } from "../../../i18n/format";
import { translateLabel } from "../../../i18n/translateLabel";
import { DangerConfirmDialog } from "../../../ui/ConfirmDialog";
import { useConfirmedChange } from "../../../ui/hooks/useChange";
import { useFetch } from "../../../ui/hooks/useFetch";
import { LoadError } from "../../../ui/LoadError";
import { NewerOlderPager } from "../../../ui/NewerOlderPager";
import { LoadingState } from "../../../ui/LoadingState";
import { ListRow } from "../../../ui/ListRow";
import { Detail, SessionDetails } from "../shared/Detail";
import { deviceTitle } from "./devices";
import "./lasting-access.css";
import { RefreshHeading } from "../../../ui/RefreshHeading";

/** Sessions per page: the extension answers up to 50; ten keep the section short beside the devices. */
export const LASTING_ACCESS_PAGE_SIZE = 10;

/** The applications of a session by name ("Garden Planner, CLI"), as the Applications page names them. */
export const applicationsOf = (t: TFunction, session: OfflineSession) =>
  session.clients.map((client) => translateLabel(t, client.clientName ?? undefined, client.clientId)).join(", ");

/**
 * The session's device in the words Device activity uses for the same device (`deviceTitle`): one device, one
 * description. Null when Keycloak noted neither its system nor its browser.
 */
export function deviceOf(session: OfflineSession, t: TFunction): string | null {
  if (!session.os && !session.browser) return null;
  return deviceTitle(
    { os: session.os ?? undefined, osVersion: session.osVersion ?? undefined, browser: session.browser ?? undefined },
    t,
  );
}

type LastingAccessProps = {
  /** Sessions signed out on the page so far: each may have ended an offline session of the same id. */
  signOuts: number;
  /** An offline session ended here: the page's other lists read theirs again. */
  onEnded: () => void;
};

/**
 * "Lasting access" on Device activity: the user's offline sessions (an application kept a token that outlives
 * sign-out), a page at a time, each ended on its own after a confirmation. Device activity shows it where the
 * extension offers it, and then lists only online sessions itself: each offline session is listed here, once.
 */
export function LastingAccess({ signOuts, onEnded }: LastingAccessProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [first, setFirst] = useState(0);
  const { state, reload } = useFetch(
    (signal) => fetchOfflineSessions(api, { first, max: LASTING_ACCESS_PAGE_SIZE }, signal),
    `${first}/${signOuts}`,
  );
  const page = state.status === "ready" ? state.data : undefined;
  const ending = useConfirmedChange({
    change: (session: OfflineSession) => endOfflineSession(api, session.id),
    success: (session) => t("lastingAccessEnded", { name: applicationsOf(t, session) }),
    errorKey: "lastingAccessEndError",
    then: () => {
      onEnded();
      // The last session of a later page gone: show the page before it.
      if (first > 0 && page?.sessions.length === 1) setFirst(first - LASTING_ACCESS_PAGE_SIZE);
      else reload();
    },
  });
  const asked = ending.item;

  return (
    <section
      id="lasting-access"
      aria-labelledby="lasting-access-title"
      className="lasting-access"
      data-testid="lasting-access"
    >
      <RefreshHeading
        className="lasting-access-toolbar"
        titleId="lasting-access-title"
        title={t("lastingAccessTitle")}
        loading={state.status === "loading"}
        onRefresh={reload}
        refreshLabel={t("lastingAccessRefresh")}
        testId="lasting-access-refresh"
      />
      <p className="lasting-access-intro">{t("lastingAccessIntro")}</p>
      {state.status === "loading" && <LoadingState />}
      {state.status === "error" && <LoadError error={state.error} onRetry={reload} />}
      {page &&
        (page.sessions.length === 0 ? (
          <p className="lasting-access-empty" data-testid="lasting-access-empty">
            {t("lastingAccessEmpty")}
          </p>
        ) : (
          <DataList aria-label={t("lastingAccessTitle")} className="lasting-access-list">
            {page.sessions.map((session) => (
              <SessionRow key={session.id} session={session} onEnd={() => ending.ask(session)} />
            ))}
          </DataList>
        ))}
      <NewerOlderPager
        first={first}
        pageSize={LASTING_ACCESS_PAGE_SIZE}
        hasMore={page?.hasMore === true}
        loading={state.status === "loading"}
        onFirst={setFirst}
        messagePrefix="lastingAccess"
        testIdPrefix="lasting-access"
      />
      <DangerConfirmDialog
        id="end-lasting-access"
        title={asked ? t("lastingAccessEndTitle", { name: applicationsOf(t, asked) }) : ""}
        confirmLabel={t("lastingAccessEnd")}
        {...ending.dialog}
      >
        {asked && t("lastingAccessEndMessage", { name: applicationsOf(t, asked) })}
      </DangerConfirmDialog>
    </section>
  );
}

function SessionRow({ session, onEnd }: { session: OfflineSession; onEnd: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = `lasting-access-${session.id}`;
  return (
    <ListRow
      aria-labelledby={headingId}
      data-testid="lasting-access-row"
      cells={[
        <DataListCell key="details">
          <span id={headingId} className="lasting-access-name">
            {applicationsOf(t, session)}
          </span>
          <SessionDetails columns={2} className="lasting-access-details">
            <Detail term={t("lastingAccessDevice")} value={deviceOf(session, t) ?? t("lastingAccessUnknownDevice")} />
            <Detail term={t("ipAddress")} value={session.ipAddress ?? ""} />
            <Detail term={t("started")} value={format.dateTime(new Date(session.started))} />
            <Detail term={t("lastingAccessLastRefresh")} value={format.dateTime(new Date(session.lastRefresh))} />
          </SessionDetails>
        </DataListCell>,
      ]}
      actions={{
        id: `actions-${headingId}`,
        label: t("lastingAccessEnd"),
        children: (
          <Button variant="secondary" onClick={onEnd} data-testid="lasting-access-end">
            {t("lastingAccessEnd")}
          </Button>
        ),
      }}
    />
  );
}
