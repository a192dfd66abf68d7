import {
  Alert,
  Button,
  Content,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  PageSection,
  Title,
} from "@patternfly/react-core";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../../api/ApiContext";
import { lockDown, type LockDownOutcome } from "../../../api/extension";
import { fetchCredentials } from "../../../api/methods";
import { useExtensionFeatures } from "../../../api/useExtensionFeatures";
import { useAuth } from "../../../auth/AuthContext";
import { isSessionEnded } from "../../../auth/sessionEnded";
import { useFormat } from "../../../i18n/format";
import { Link } from "../../../lib/routing";
import { useAlerts } from "../../../ui/alerts/AlertContext";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { PageLayout } from "../../../ui/PageLayout";
import type { PageProps } from "../../page";
import { keepLockDown } from "./lockDownRecord";
import { passwordCreated, type SecureAccountData } from "./secureAccount";
import "./secure-account.css";

const CHECKUP = "/account-security/security-checkup";

/**
 * "Secure your account": where the sign-in alert's "This wasn't me" link leads. It reads in order: what the link says
 * about the sign-in (only what parses), then, if it was not you, one primary action. Where the server extension offers
 * it that is "Lock it down", which does the first two steps at once (it ends every other session, online and offline,
 * revokes the app passwords, and Keycloak asks for a new password right away); the steps follow for doing it by hand.
 * Without it, the first step (a new password through Keycloak's own UPDATE_PASSWORD action) is the primary action.
 * After a lock-down the page says what was done, and lists only what is still left.
 */
export default function SecureAccount({ data: { facts, lockedDown, passwordChanged } }: PageProps<SecureAccountData>) {
  const { t } = useTranslation();
  const format = useFormat();
  const known = facts.time !== undefined || facts.browser !== undefined;
  const features = useExtensionFeatures({ probe: true });
  const lockDownOffered = features?.lockDown === true;
  // The password step is the primary action once the probe said there is no lock-down: not before, so that it never
  // flips from primary to secondary while the page is read.
  const passwordPrimary = lockedDown !== undefined || (features !== undefined && !lockDownOffered);

  return (
    <PageLayout title={t("secureAccountTitle")} description={t("secureAccountIntro")}>
      <PageSection padding={{ default: "noPadding" }} aria-labelledby="secure-account-sign-in">
        <Title headingLevel="h2" size="xl" id="secure-account-sign-in">
          {t("secureAccountSignIn")}
        </Title>
        {known ? (
          <DescriptionList isHorizontal isCompact className="secure-account-facts" data-testid="secure-account-facts">
            {facts.time && (
              <DescriptionListGroup>
                <DescriptionListTerm>{t("secureAccountWhen")}</DescriptionListTerm>
                <DescriptionListDescription>{format.dateTime(facts.time)}</DescriptionListDescription>
              </DescriptionListGroup>
            )}
            {facts.browser && facts.os && (
              <DescriptionListGroup>
                <DescriptionListTerm>{t("secureAccountDevice")}</DescriptionListTerm>
                <DescriptionListDescription>
                  {t("secureAccountDeviceValue", { browser: facts.browser, os: facts.os })}
                </DescriptionListDescription>
              </DescriptionListGroup>
            )}
          </DescriptionList>
        ) : (
          <Content component="p" className="secure-account-no-facts" data-testid="secure-account-no-facts">
            {t("secureAccountNoFacts")}
          </Content>
        )}
        <Content component="p" className="secure-account-if-yours" data-testid="secure-account-if-yours">
          {t("secureAccountIfYours")}
        </Content>
      </PageSection>
      <PageSection padding={{ default: "noPadding" }} aria-labelledby="secure-account-steps">
        <Title headingLevel="h2" size="xl" id="secure-account-steps">
          {t("secureAccountSteps")}
        </Title>
        {lockedDown ? (
          <LockedDown outcome={lockedDown} passwordChanged={passwordChanged === true} />
        ) : (
          <LockItDown offered={lockDownOffered} />
        )}
        {!(lockedDown && passwordChanged) && (
          <Steps primary={passwordPrimary} byHand={lockDownOffered && !lockedDown} />
        )}
      </PageSection>
    </PageLayout>
  );
}

/**
 * The three steps by hand. `primary`: the password step is the page's one primary action (no lock-down offered, or
 * one done that still needs the password). `byHand`: they follow "Lock it down", as the other way.
 */
function Steps({ primary, byHand }: { primary: boolean; byHand: boolean }) {
  const { t } = useTranslation();
  const auth = useAuth();
  return (
    <>
      {byHand && (
        <Title headingLevel="h3" size="lg" id="secure-account-by-hand">
          {t("secureAccountByHand")}
        </Title>
      )}
      <Content
        component="ol"
        className="secure-account-steps"
        aria-labelledby={byHand ? "secure-account-by-hand" : "secure-account-steps"}
      >
        <Step
          title={t("secureAccountPasswordTitle")}
          text={t("secureAccountPasswordText")}
          id="secure-account-password"
        >
          <Button
            variant={primary ? "primary" : "secondary"}
            aria-describedby="secure-account-password"
            data-testid="secure-account-password"
            onClick={() => void auth.startAction("UPDATE_PASSWORD")}
          >
            {t("secureAccountPasswordAction")}
          </Button>
        </Step>
        <Step title={t("secureAccountDevicesTitle")} text={t("secureAccountDevicesText")}>
          <Link to="/account-security/device-activity" data-testid="secure-account-devices">
            {t("deviceActivity")}
          </Link>
        </Step>
        <Step title={t("secureAccountMethodsTitle")} text={t("secureAccountMethodsText")}>
          <Link to="/account-security/signing-in" data-testid="secure-account-methods">
            {t("signingIn")}
          </Link>
        </Step>
      </Content>
    </>
  );
}

/** One step of the page: its heading, what it does, and the way to do it. */
function Step({ title, text, id, children }: { title: string; text: string; id?: string; children: ReactNode }) {
  return (
    <Content component="li">
      <Title headingLevel="h3" size="lg" id={id}>
        {title}
      </Title>
      <Content component="p">{text}</Content>
      {children}
    </Content>
  );
}

/**
 * "Lock it down", once the probe says the server does it: a confirmed POST, then Keycloak's UPDATE_PASSWORD
 * (kc_action). What it did is kept in this tab across that trip (`keepLockDown`), for the page to say on the way back.
 */
function LockItDown({ offered }: { offered: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const auth = useAuth();
  const { addError } = useAlerts();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<LockDownOutcome>();

  if (!offered) return null;
  if (done) return <LockedDown outcome={done} passwordChanged={false} />;

  const confirm = async () => {
    setBusy(true);
    let outcome: LockDownOutcome;
    // The password it replaces, to tell on the way back whether a new one was chosen (0: the account had none).
    const passwordBefore = await fetchCredentials(api)
      .then((credentials) => passwordCreated(credentials) ?? 0)
      .catch(() => undefined);
    try {
      outcome = await lockDown(api);
    } catch (error) {
      setBusy(false);
      setAsking(false);
      if (!isSessionEnded(error)) addError("lockDownFailed", error);
      return;
    }
    if (outcome.updatePasswordRequired) {
      keepLockDown(api.url("/"), outcome, passwordBefore);
      // Keycloak's password page, and back here: the dialog stays busy until the browser leaves.
      await auth.startAction("UPDATE_PASSWORD");
      return;
    }
    setBusy(false);
    setAsking(false);
    setDone(outcome);
  };

  return (
    <section aria-labelledby="lock-down-title" className="lock-down">
      <Title headingLevel="h3" size="lg" id="lock-down-title">
        {t("lockDownTitle")}
      </Title>
      <Content component="p" id="lock-down-text">
        {t("lockDownText")}
      </Content>
      <Button
        variant="primary"
        aria-describedby="lock-down-text"
        data-testid="lock-down"
        onClick={() => setAsking(true)}
      >
        {t("lockDownAction")}
      </Button>
      <ConfirmDialog
        id="lock-down-confirm"
        isOpen={asking}
        title={t("lockDownConfirmTitle")}
        confirmLabel={t("lockDownAction")}
        confirmVariant="danger"
        confirmId="lock-down-confirm"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        {t("lockDownConfirmText")}
      </ConfirmDialog>
    </section>
  );
}

/** What the lock-down did, and what is left to check, with the way into the checkup. */
function LockedDown({ outcome, passwordChanged }: { outcome: LockDownOutcome; passwordChanged: boolean }) {
  const { t } = useTranslation();
  const password = !outcome.updatePasswordRequired
    ? "lockDownDoneNoPassword"
    : passwordChanged
      ? "lockDownDonePasswordChanged"
      : "lockDownDonePassword";
  return (
    <section className="lock-down">
      <Alert
        isInline
        variant="success"
        title={t("lockDownDoneTitle")}
        component="h2"
        data-testid="lock-down-done"
        className="lock-down-done"
      >
        <Content component="ul">
          <Content component="li">{t("lockDownDoneSessions", { count: outcome.sessionsEnded })}</Content>
          <Content component="li">{t("lockDownDoneOffline", { count: outcome.offlineSessionsEnded })}</Content>
          {outcome.appPasswordsRevoked > 0 && (
            <Content component="li">{t("lockDownDoneAppPasswords", { count: outcome.appPasswordsRevoked })}</Content>
          )}
          <Content component="li" data-testid="lock-down-done-password">
            {t(password)}
          </Content>
        </Content>
      </Alert>
      <Title headingLevel="h3" size="lg" id="lock-down-left">
        {t("lockDownLeftTitle")}
      </Title>
      <Content component="ul" aria-labelledby="lock-down-left" data-testid="lock-down-left">
        <Content component="li">
          <Link to={`${CHECKUP}#checkup-findings`}>{t("lockDownLeftCheckup")}</Link>
        </Content>
        <Content component="li">
          <Link to="/account-security/signing-in">{t("signingIn")}</Link>
        </Content>
        <Content component="li">
          <Link to="/account-security/device-activity">{t("deviceActivity")}</Link>
        </Content>
      </Content>
    </section>
  );
}
