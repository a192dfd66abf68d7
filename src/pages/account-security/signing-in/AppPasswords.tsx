import {
  Alert,
  Button,
  Content,
  DataList,
  DataListCell,
  PageSection,
  Spinner,
  Split,
  SplitItem,
  Title,
} from "@patternfly/react-core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../../api/ApiContext";
import { revokeAppPassword, type AppPassword } from "../../../api/appPasswords";
import { useAuth } from "../../../auth/AuthContext";
import { useEnvironment } from "../../../environment/EnvironmentContext";
import { useFormat } from "../../../i18n/format";
import { DAY } from "./LastUsed";
import { errorMessage, useAlerts } from "../../../ui/alerts/AlertContext";
import { DangerConfirmDialog } from "../../../ui/ConfirmDialog";
import { ListRow } from "../../../ui/ListRow";
import { useFetch } from "../../../ui/hooks/useFetch";
import { CreateAppPasswordDialog } from "./CreateAppPasswordDialog";
import type { AppPasswordsRead, SigningInData } from "./loader";
import { takePendingAppPassword, type PendingAppPassword } from "./pendingAppPassword";
import "./app-passwords.css";

/**
 * Signing in's "App passwords": secrets the server makes for programs that cannot sign in through a browser (a mail
 * client). Shown only where the realm offers them (the probe's `appPasswords`, read by the page's loader); nothing at
 * all otherwise. A create or a revoke loads the page again (`reload`), and with it the list.
 */
export function AppPasswords({ offer, reload }: { offer: SigningInData["appPasswords"]; reload: () => Promise<void> }) {
  // The last answer stands while the page loads again: the section, and the dialog open in it, stay.
  const { state } = useFetch(() => offer, offer, undefined, { keepWhileLoading: true });
  const answer = state.status === "ready" ? state.data : undefined;
  return answer ? <AppPasswordsSection read={answer.read} reload={() => void reload()} /> : null;
}

function AppPasswordsSection({ read, reload }: { read: Promise<AppPasswordsRead>; reload: () => void }) {
  const { t } = useTranslation();
  const { state: readState } = useFetch(() => read, read);
  // The read never rejects: it says in its value what failed.
  const state = readState.status === "ready" ? readState.data : readState;
  // The names the dialog checks against, taken when it opens: the list reloads under an open dialog after a create.
  const [creating, setCreating] = useState<{ names: string[]; resume?: PendingAppPassword }>();
  const [revoking, setRevoking] = useState<AppPassword>();
  const list = state.status === "ready" ? state : undefined;
  const full = list !== undefined && list.appPasswords.length >= list.limit;
  const { realm } = useEnvironment();
  const user = useAuth().claims().sub;
  // A create sent through the login page for a fresh sign-in: taken once (the first of strict mode's two calls is
  // kept), and opened in the dialog as soon as the list is there, during render as React advises for derived state.
  const [resume, setResume] = useState(() => (user ? takePendingAppPassword(realm, user) : undefined));
  if (resume && list) {
    setResume(undefined);
    setCreating({ names: list.appPasswords.map((entry) => entry.name), resume });
  }

  return (
    <PageSection
      id="app-passwords"
      padding={{ default: "noPadding" }}
      className="signing-in-category app-passwords"
      aria-labelledby="app-passwords-title"
      data-testid="app-passwords"
    >
      <Split hasGutter className="signing-in-heading">
        <SplitItem isFilled>
          <Title headingLevel="h2" size="xl" id="app-passwords-title">
            {t("appPasswordsTitle")}
          </Title>
          <Content component="p">{t("appPasswordsDescription")}</Content>
        </SplitItem>
        <SplitItem>
          <Button
            variant="secondary"
            data-testid="app-passwords/create"
            isDisabled={list === undefined || full}
            aria-describedby={full ? "app-passwords-full" : undefined}
            onClick={() => setCreating({ names: list?.appPasswords.map((entry) => entry.name) ?? [] })}
          >
            {t("appPasswordsCreate")}
          </Button>
        </SplitItem>
      </Split>
      {full && (
        <Content component="p" id="app-passwords-full" className="app-passwords-full">
          {t("appPasswordsLimitReached", { limit: list.limit })}
        </Content>
      )}
      {state.status === "loading" && <Spinner size="lg" aria-label={t("spinnerLoading")} />}
      {state.status === "error" && (
        <Alert
          variant="danger"
          isInline
          title={t("appPasswordsLoadFailed", { error: t(errorMessage(state.error)) })}
          actionLinks={
            <Button variant="link" isInline onClick={reload}>
              {t("tryAgain")}
            </Button>
          }
        />
      )}
      {list && (
        <DataList aria-label={t("appPasswordsTitle")} data-testid="app-passwords/list" isCompact>
          {list.appPasswords.length === 0 ? (
            <ListRow
              cells={[
                <DataListCell key="empty" className="credential-empty" data-testid="app-passwords/empty">
                  {t("appPasswordsEmpty")}
                </DataListCell>,
              ]}
            />
          ) : (
            list.appPasswords.map((entry) => (
              <AppPasswordRow key={entry.id} entry={entry} now={list.readAt} onRevoke={() => setRevoking(entry)} />
            ))
          )}
        </DataList>
      )}
      {creating && (
        <CreateAppPasswordDialog
          names={creating.names}
          resume={creating.resume}
          onCreated={reload}
          onClose={() => setCreating(undefined)}
        />
      )}
      {revoking && (
        <RevokeDialog
          entry={revoking}
          onDone={() => {
            setRevoking(undefined);
            reload();
          }}
          onCancel={() => setRevoking(undefined)}
        />
      )}
    </PageSection>
  );
}

function AppPasswordRow({ entry, now, onRevoke }: { entry: AppPassword; now: number; onRevoke: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const labelId = `app-password-${entry.id}`;
  const expired = entry.expires !== null && entry.expires <= now;
  const day = (time: number) => format.dateTime(new Date(time), DAY);

  return (
    <ListRow
      aria-labelledby={labelId}
      data-testrole="app-password"
      cells={[
        <DataListCell key="name" className="signing-in-name">
          <div id={labelId} className="credential-label">
            {entry.name}
          </div>
        </DataListCell>,
        <DataListCell key="dates">
          <div className="signing-in-dates" data-testrole="dates">
            <div>{t("createdOn", { date: day(entry.created) })}</div>
            <div>
              {entry.lastUsed === null ? t("appPasswordsNeverUsed") : t("lastUsedOn", { date: day(entry.lastUsed) })}
            </div>
            <div className={expired ? "app-password-expired" : undefined}>
              {entry.expires === null
                ? t("appPasswordsNoExpiry")
                : t(expired ? "appPasswordsExpiredAt" : "appPasswordsExpiresAt", { date: day(entry.expires) })}
            </div>
          </div>
        </DataListCell>,
      ]}
      actions={{
        id: `actions-${labelId}`,
        label: t("actions"),
        children: (
          <Button variant="secondary" isDanger data-testrole="revoke" aria-describedby={labelId} onClick={onRevoke}>
            {t("appPasswordsRevoke")}
          </Button>
        ),
      }}
    />
  );
}

function RevokeDialog({ entry, onDone, onCancel }: { entry: AppPassword; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const { addAlert, addError } = useAlerts();
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    setBusy(true);
    try {
      await revokeAppPassword(api, entry.id);
    } catch (error) {
      setBusy(false);
      addError("appPasswordsRevokeFailed", error);
      onCancel();
      return;
    }
    addAlert(t("appPasswordsRevoked", { name: t("quotedName", { name: entry.name }) }));
    onDone();
  };

  return (
    <DangerConfirmDialog
      id="revoke-app-password"
      isOpen
      title={t("appPasswordsRevokeTitle", { name: t("quotedName", { name: entry.name }) })}
      confirmLabel={t("appPasswordsRevoke")}
      busy={busy}
      onConfirm={() => void revoke()}
      onCancel={onCancel}
    >
      {t("appPasswordsRevokeMessage")}
    </DangerConfirmDialog>
  );
}
