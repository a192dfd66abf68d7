import { Content, DataList, DataListCell, DescriptionList, EmptyState, EmptyStateBody } from "@patternfly/react-core";
import { BanIcon, ExclamationCircleIcon } from "@patternfly/react-icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../../api/ApiContext";
import { fetchAccountEvents, type AccountEvent, type AccountEventsPage } from "../../../api/extension";
import { useFormat } from "../../../i18n/format";
import { LoadError } from "../../../ui/LoadError";
import { NewerOlderPager } from "../../../ui/NewerOlderPager";
import { LoadingState } from "../../../ui/LoadingState";
import { ListRow } from "../../../ui/ListRow";
import { PageLayout } from "../../../ui/PageLayout";
import { useFetch } from "../../../ui/hooks/useFetch";
import type { PageProps } from "../../page";
import {
  ACTIVITY_PAGE_SIZE,
  clientName,
  describeError,
  describeEvent,
  type AccountActivityData,
} from "./accountActivity";
import "./account-activity.css";
import { Detail } from "../shared/Detail";
import { PlacesAttribution } from "../shared/PlacesAttribution";
import { RefreshHeading } from "../../../ui/RefreshHeading";

export default function AccountActivity({ data }: PageProps<AccountActivityData>) {
  const { t } = useTranslation();
  return (
    <PageLayout title={t("accountActivity")} description={t("accountActivityDescription")}>
      {!data.available ? (
        <EmptyState
          headingLevel="h2"
          titleText={t("activityUnavailable")}
          icon={BanIcon}
          variant="sm"
          data-testid="activity-unavailable"
        >
          <EmptyStateBody>{t("activityUnavailableDetails")}</EmptyStateBody>
        </EmptyState>
      ) : !data.page.eventsEnabled ? (
        <Content component="p" data-testid="activity-events-off">
          {t("activityEventsOff")}
        </Content>
      ) : (
        <EventList firstPage={data.page} placesAttribution={data.placesAttribution} />
      )}
    </PageLayout>
  );
}

/** The events a page at a time: newer and older pages by the server's `hasMore`, as the extension sends no total. */
function EventList({
  firstPage,
  placesAttribution,
}: {
  firstPage: AccountEventsPage;
  placesAttribution: string | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const api = useApi();
  const [first, setFirst] = useState(0);
  const { state, reload } = useFetch(
    (signal) => fetchAccountEvents(api, { first, max: ACTIVITY_PAGE_SIZE }, signal),
    first,
    firstPage,
  );
  const page = state.status === "ready" ? state.data : undefined;

  return (
    <section aria-labelledby="activity-list-title">
      <RefreshHeading
        className="activity-toolbar"
        titleId="activity-list-title"
        title={t("activityRecent")}
        loading={state.status === "loading"}
        onRefresh={reload}
        testId="activity-refresh"
      />
      {state.status === "loading" && <LoadingState />}
      {state.status === "error" && <LoadError error={state.error} onRetry={reload} />}
      {page &&
        (page.events.length === 0 ? (
          <EmptyState headingLevel="h3" titleText={t("activityEmpty")} variant="xs" data-testid="activity-empty" />
        ) : (
          <DataList aria-label={t("activityRecent")} className="activity-list">
            {page.events.map((event, index) => (
              <EventRow
                key={`${first + index}-${event.time}`}
                event={event}
                headingId={`activity-event-${first + index}`}
                time={format.dateTime(new Date(event.time))}
                place={event.place ? format.place(event.place) : undefined}
              />
            ))}
          </DataList>
        ))}
      <PlacesAttribution attribution={placesAttribution} shown={page?.events.some((event) => event.place) === true} />
      <NewerOlderPager
        first={first}
        pageSize={ACTIVITY_PAGE_SIZE}
        hasMore={page?.hasMore === true}
        loading={state.status === "loading"}
        onFirst={setFirst}
        messagePrefix="activity"
        testIdPrefix="activity"
      />
    </section>
  );
}

function EventRow({
  event,
  headingId,
  time,
  place,
}: {
  event: AccountEvent;
  headingId: string;
  time: string;
  place: string | undefined;
}) {
  const { t } = useTranslation();
  const failed = event.error !== null || event.type.endsWith("_ERROR");
  return (
    <ListRow
      aria-labelledby={headingId}
      data-testid="activity-event"
      data-event-type={event.type}
      cells={[
        <DataListCell key="what" width={2}>
          <div id={headingId} className={failed ? "activity-title activity-failed" : "activity-title"}>
            {failed && <ExclamationCircleIcon className="activity-failed-icon" aria-hidden />}
            {describeEvent(t, event)}
          </div>
          <time dateTime={new Date(event.time).toISOString()} className="activity-time">
            {time}
          </time>
        </DataListCell>,
        <DataListCell key="details" width={3}>
          <DescriptionList isHorizontal isCompact isFluid className="activity-details">
            {event.ipAddress && <Detail term={t("ipAddress")} value={event.ipAddress} />}
            {place && <Detail term={t("placeApproximate")} value={place} testId="event-place" />}
            {event.clientId && <Detail term={t("client")} value={clientName(t, event.clientId)} />}
            {event.error && <Detail term={t("activityFailureReason")} value={describeError(t, event.error)} />}
          </DescriptionList>
        </DataListCell>,
      ]}
    />
  );
}
