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
import { useApi } from "../../api/ApiContext";
import { lockDown, type LockDownOutcome } from "../../api/extension";
import { useExtensionFeatures } from "../../api/useExtensionFeatures";
import { useAuth } from "../../auth/AuthContext";
import { isSessionEnded } from "../../auth/sessionEnded";
import { useFormat } from "../../i18n/format";
import { Link } from "../../lib/routing";
import { useAlerts } from "../../ui/alerts/AlertContext";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { PageLayout } from "../../ui/PageLayout";
import type { PageProps } from "../page";
import { keepLockDown } from "./lockDownRecord";
import type { SecureAccountData } from "./secureAccount";
import "./secure-account.css";

const CHECKUP = "/account-security/security-checkup";

/**
 * "Secure your account": where the sign-in alert's "This wasn't me" link leads. It says what the link says about the
 * sign-in (only what parses) and lists what to do, in order: a new password through Keycloak's own UPDATE_PASSWORD
 * action (its form signs the other devices out), then Device activity, then Signing in. Where the server extension
 * offers it, "Lock it down" does the first two at once: it ends every other session, online and offline, and Keycloak
 * asks for a new password right away.
 */
export default function SecureAccount({ data: { facts, lockedDown } }: PageProps<SecureAccountData>) {
  const { t } = useTranslation();
  const auth = useAuth();
  const format = useFormat();
  const known = facts.time !== undefined || facts.browser !== undefined;

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
      </PageSection>
      {lockedDown ? <LockedDown outcome={lockedDown} /> : <LockItDown />}
      <PageSection padding={{ default: "noPadding" }} aria-labelledby="secure-account-steps">
        <Title headingLevel="h2" size="xl" id="secure-account-steps">
          {t("secureAccountSteps")}
        </Title>
        <Content component="ol" className="secure-account-steps">
          <Step
            title={t("secureAccountPasswordTitle")}
            text={t("secureAccountPasswordText")}
            id="secure-account-password"
          >
            <Button
              variant="primary"
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
      </PageSection>
    </PageLayout>
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
function LockItDown() {
  const { t } = useTranslation();
  const api = useApi();
  const auth = useAuth();
  const { addError } = useAlerts();
  const offered = useExtensionFeatures({ probe: true })?.lockDown === true;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<LockDownOutcome>();

  if (!offered) return null;
  if (done) return <LockedDown outcome={done} />;

  const confirm = async () => {
    setBusy(true);
    let outcome: LockDownOutcome;
    try {
      outcome = await lockDown(api);
    } catch (error) {
      setBusy(false);
      setAsking(false);
      if (!isSessionEnded(error)) addError("lockDownFailed", error);
      return;
    }
    if (outcome.updatePasswordRequired) {
      keepLockDown(api.url("/"), outcome);
      // Keycloak's password page, and back here: the dialog stays busy until the browser leaves.
      await auth.startAction("UPDATE_PASSWORD");
      return;
    }
    setBusy(false);
    setAsking(false);
    setDone(outcome);
  };

  return (
    <PageSection padding={{ default: "noPadding" }} aria-labelledby="lock-down-title" className="lock-down">
      <Title headingLevel="h2" size="xl" id="lock-down-title">
        {t("lockDownTitle")}
      </Title>
      <Content component="p" id="lock-down-text">
        {t("lockDownText")}
      </Content>
      <Button
        variant="danger"
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
    </PageSection>
  );
}

/** What the lock-down did, and what is left to check, with the way into the checkup. */
function LockedDown({ outcome }: { outcome: LockDownOutcome }) {
  const { t } = useTranslation();
  return (
    <PageSection padding={{ default: "noPadding" }} className="lock-down">
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
          <Content component="li">
            {t(outcome.updatePasswordRequired ? "lockDownDonePassword" : "lockDownDoneNoPassword")}
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
    </PageSection>
  );
}
