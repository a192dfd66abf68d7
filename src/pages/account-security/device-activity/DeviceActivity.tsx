import { Button, DataList, DataListCell, Split, SplitItem, Title } from "@patternfly/react-core";
import { DesktopIcon, MobileAltIcon, SyncAltIcon } from "@patternfly/react-icons";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../../api/ApiContext";
import { deleteSession } from "../../../api/methods";
import type { Place } from "../../../api/extension";
import type { DeviceRepresentation, SessionRepresentation } from "../../../api/representations";
import { useAuth } from "../../../auth/AuthContext";
import { fromEpochSeconds, useFormat } from "../../../i18n/format";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { useAlerts } from "../../../ui/alerts/AlertContext";
import { useChange } from "../../../ui/hooks/useChange";
import { useListPaging } from "../../../ui/ListPaging";
import { ListRow } from "../../../ui/ListRow";
import { PageLayout } from "../../../ui/PageLayout";
import type { PageProps } from "../../page";
import { translateLabel } from "../../../i18n/translateLabel";
import { deviceTitle, sessionCount } from "./devices";
import type { DeviceActivityData } from "./loader";
import { Detail, SessionDetails } from "../shared/Detail";
import { PlacesAttribution } from "../shared/PlacesAttribution";
import { SignInAlertsSwitch } from "./SignInAlertsSwitch";
import { LastingAccess } from "./LastingAccess";
import { StaticLabel } from "../../../ui/StaticLabel";

type PendingSignOut = { kind: "one"; device: DeviceRepresentation; session: SessionRepresentation } | { kind: "all" };

export default function DeviceActivity({ data, reload, reloading }: PageProps<DeviceActivityData>) {
  const { devices, lastingAccess, places } = data;
  const { t } = useTranslation();
  const api = useApi();
  const auth = useAuth();
  const { addAlert } = useAlerts();
  const { busy, run } = useChange();
  const [pending, setPending] = useState<PendingSignOut>();
  // Keycloak ends the offline session of the same id with a signed-out session: Lasting access reads its list again.
  const [signOuts, setSignOuts] = useState(0);
  // Sessions in the server's order (the current device first), a page at a time.
  const sessions = useMemo(
    () =>
      devices.flatMap((device, deviceIndex) =>
        device.sessions.map((session, index) => ({ device, session, index, deviceIndex })),
      ),
    [devices],
  );
  const { shown, pager } = useListPaging(sessions, { id: "sessions", perPage: 20, firstDraw: 5 });

  const confirm = async () => {
    if (!pending) return;
    const signedOut = await run("errorSignOutMessage", async () => {
      if (pending.kind === "one") {
        await deleteSession(api, pending.session.id);
        setSignOuts((count) => count + 1);
        addAlert(t("signedOutSession", { browser: pending.session.browser ?? "", os: pending.device.os ?? "" }));
        setPending(undefined);
        await reload();
      } else {
        // The server ends every other session; the current one ends through the normal sign-out.
        await deleteSession(api);
        await auth.logout();
      }
    });
    if (!signedOut) setPending(undefined);
  };

  return (
    <PageLayout title={t("deviceActivity")} description={t("signedInDevicesExplanation")}>
      <SignInAlertsSwitch choice={data.signInAlerts} />
      <Split hasGutter isWrappable className="device-toolbar">
        <SplitItem isFilled>
          <Title headingLevel="h2" size="xl">
            {t("signedInDevices")}
          </Title>
        </SplitItem>
        <SplitItem>
          <Button
            id="refresh-page"
            variant="link"
            icon={<SyncAltIcon />}
            onClick={() => void reload()}
            isLoading={reloading}
            spinnerAriaValueText={t("spinnerLoading")}
            aria-label={t("refreshPage")}
          >
            {t("refresh")}
          </Button>
        </SplitItem>
        {sessionCount(devices) > 1 && (
          <SplitItem>
            <Button id="sign-out-all" variant="secondary" onClick={() => setPending({ kind: "all" })}>
              {t("signOutAllDevices")}
            </Button>
          </SplitItem>
        )}
      </Split>
      <DataList aria-label={t("signedInDevices")} className="device-list">
        {shown.map(({ device, session, index, deviceIndex }) => (
          <SessionItem
            key={session.id}
            device={device}
            session={session}
            index={index}
            headingId={`session-${deviceIndex}-${index}`}
            place={places.bySession[session.id]}
            onSignOut={() => setPending({ kind: "one", device, session })}
          />
        ))}
      </DataList>
      {pager}
      <PlacesAttribution attribution={places.attribution} shown={Object.keys(places.bySession).length > 0} />
      {lastingAccess && <LastingAccess signOuts={signOuts} onEnded={() => void reload()} />}
      <ConfirmDialog
        id="sign-out"
        isOpen={pending !== undefined}
        title={pending?.kind === "all" ? t("signOutAllDevices") : t("signOut")}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(undefined)}
      >
        {pending?.kind === "all" ? t("signOutAllDevicesWarning") : t("signOutWarning")}
      </ConfirmDialog>
    </PageLayout>
  );
}

function SessionItem({
  device,
  session,
  index,
  headingId,
  place,
  onSignOut,
}: {
  device: DeviceRepresentation;
  session: SessionRepresentation;
  index: number;
  headingId: string;
  place: Place | undefined;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const date = (seconds?: number) => (seconds === undefined ? "" : format.dateTime(fromEpochSeconds(seconds)));
  const clients = (session.clients ?? [])
    .map((client) => translateLabel(t, client.clientName, client.clientId))
    .join(", ");
  const Icon = device.mobile ? MobileAltIcon : DesktopIcon;

  return (
    <ListRow
      aria-labelledby={headingId}
      data-testid={`row-${index}`}
      cells={[
        <DataListCell key="icon" isIcon>
          <Icon aria-label={device.mobile ? "mobile" : "desktop"} className="device-icon" />
        </DataListCell>,
        <DataListCell key="details">
          <Split hasGutter isWrappable>
            <SplitItem>
              <span id={headingId} className="device-title">
                {deviceTitle({ ...device, browser: session.browser ?? device.browser }, t)}
              </span>
            </SplitItem>
            {session.current && (
              <SplitItem>
                <StaticLabel color="green">{t("currentSession")}</StaticLabel>
              </SplitItem>
            )}
          </Split>
          <SessionDetails columns={3} className="session-details">
            <Detail term={t("ipAddress")} value={session.ipAddress ?? device.ipAddress ?? ""} />
            {place && <Detail term={t("placeApproximate")} value={format.place(place)} testId="session-place" />}
            <Detail term={t("lastAccessedOn")} value={date(session.lastAccess)} />
            <Detail term={t("clients")} value={clients} />
            <Detail term={t("started")} value={date(session.started)} />
            <Detail term={t("expires")} value={date(session.expires)} />
          </SessionDetails>
        </DataListCell>,
      ]}
      actions={
        !session.current && {
          id: `actions-${session.id}`,
          label: t("signOut"),
          children: (
            <Button variant="secondary" onClick={onSignOut}>
              {t("signOut")}
            </Button>
          ),
        }
      }
    />
  );
}
