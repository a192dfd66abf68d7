import { Alert, Button, Content, Label, PageSection, Title } from "@patternfly/react-core";
import {
  CheckCircleIcon,
  ExclamationCircleIcon,
  ExclamationTriangleIcon,
  InfoCircleIcon,
} from "@patternfly/react-icons";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../api/ApiContext";
import { saveSignInAlerts } from "../../api/signInAlerts";
import { useAuth } from "../../auth/AuthContext";
import { formatPlace } from "../../i18n/format";
import { Link } from "../../lib/routing";
import { useAlerts } from "../../ui/alerts/AlertContext";
import { PageLayout } from "../../ui/PageLayout";
import type { PageProps } from "../page";
import {
  NEW_COUNTRY_DAYS,
  NEW_DEVICE_DAYS,
  UNUSED_APP_PASSWORD_DAYS,
  UNUSED_METHOD_DAYS,
  type CheckupResult,
  type Finding,
  type Passed,
  type Severity,
} from "./checkup";
import "./security-checkup.css";

const SIGNING_IN = "/account-security/signing-in";
const DEVICE_ACTIVITY = "/account-security/device-activity";
/** Device activity's section on applications with lasting access (offline sessions). */
const LASTING_ACCESS = `${DEVICE_ACTIVITY}#lasting-access`;
const APP_PASSWORDS = `${SIGNING_IN}#app-passwords`;

/**
 * "Security checkup": is my account safe? Findings first, most serious first, each with its one action; then what was
 * checked and is fine. Checks of the extension's features appear only where the server offers them.
 */
export default function SecurityCheckup({ data, reload, reloading }: PageProps<CheckupResult>) {
  const { t } = useTranslation();
  const { findings, passed, failed } = data;

  return (
    <PageLayout title={t("checkupTitle")} description={t("checkupIntro")}>
      {failed.length > 0 && (
        <Alert
          isInline
          variant="warning"
          title={t("checkupSomeFailed")}
          className="checkup-failed"
          data-testid="checkup-failed"
        >
          {t("checkupSomeFailedText")}
        </Alert>
      )}
      <PageSection padding={{ default: "noPadding" }} aria-labelledby="checkup-findings">
        <Title headingLevel="h2" size="xl" id="checkup-findings">
          {findings.length > 0
            ? t("checkupFindings", { count: findings.length, total: findings.length + passed.length })
            : t("checkupNothingTitle")}
        </Title>
        {findings.length === 0 ? (
          <Content component="p" className="checkup-all-clear" data-testid="checkup-all-clear">
            <CheckCircleIcon className="checkup-icon-ok" aria-hidden /> {t("checkupNothing")}
          </Content>
        ) : (
          <ol className="checkup-list" data-testid="checkup-findings">
            {findings.map((finding) => (
              <FindingItem key={finding.id} finding={finding} reload={reload} reloading={reloading} />
            ))}
          </ol>
        )}
      </PageSection>
      {passed.length > 0 && (
        <PageSection padding={{ default: "noPadding" }} aria-labelledby="checkup-passed" className="checkup-passed">
          <Title headingLevel="h2" size="xl" id="checkup-passed">
            {t("checkupPassedTitle", { count: passed.length })}
          </Title>
          <ul className="checkup-list" data-testid="checkup-passed">
            {passed.map((check) => (
              <PassedItem key={check.id} check={check} />
            ))}
          </ul>
        </PageSection>
      )}
    </PageLayout>
  );
}

const ICONS: Record<Severity, ReactNode> = {
  danger: <ExclamationCircleIcon />,
  warning: <ExclamationTriangleIcon />,
  info: <InfoCircleIcon />,
};

function FindingItem({
  finding,
  reload,
  reloading,
}: {
  finding: Finding;
  reload: () => Promise<void>;
  reloading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = `checkup-${finding.id}`;
  return (
    <li className="checkup-item" data-testid={id} data-severity={finding.severity}>
      <div className="checkup-item-head">
        <Title headingLevel="h3" size="lg" id={`${id}-title`}>
          {t(`checkup_${finding.id}_title`)}
        </Title>
        <Label status={finding.severity} icon={ICONS[finding.severity]} isCompact>
          {t(`checkupSeverity_${finding.severity}`)}
        </Label>
      </div>
      <Content component="p" id={`${id}-text`}>
        {findingText(t, i18n.language, finding)}
      </Content>
      <FindingAction finding={finding} describedBy={`${id}-title`} reload={reload} reloading={reloading} />
    </li>
  );
}

type T = ReturnType<typeof useTranslation>["t"];

/** Countries by their codes, named in the user's language. */
const countryNames = (codes: string[], language: string) =>
  codes.map((country) => formatPlace({ city: null, region: null, country }, language)).join(", ");

function findingText(t: T, language: string, finding: Finding): string {
  switch (finding.id) {
    case "recoveryCodes":
      return t("checkup_recoveryCodes_text", { count: finding.remaining });
    case "unusedMethods":
      return t("checkup_unusedMethods_text", { days: UNUSED_METHOD_DAYS, methods: finding.methods.join(", ") });
    case "newDevices":
      return t("checkup_newDevices_text", { count: finding.devices, days: NEW_DEVICE_DAYS });
    case "newCountries":
      return t("checkup_newCountries_text", {
        countries: countryNames(finding.countries, language),
        days: NEW_COUNTRY_DAYS,
      });
    case "appPasswords":
      return t("checkup_appPasswords_text", { days: UNUSED_APP_PASSWORD_DAYS, names: finding.names.join(", ") });
    default:
      return t(`checkup_${finding.id}_text`);
  }
}

/** The one action of a finding: a Keycloak action (kc_action), a switch the console turns, or a page to review. */
function FindingAction({
  finding,
  describedBy,
  reload,
  reloading,
}: {
  finding: Finding;
  describedBy: string;
  reload: () => Promise<void>;
  reloading: boolean;
}) {
  const { t } = useTranslation();
  const auth = useAuth();
  const api = useApi();
  const { addAlert, addError } = useAlerts();
  const [busy, setBusy] = useState(false);
  const testId = `checkup-${finding.id}-action`;

  const start = (action: string, label: string) => (
    <Button
      variant="secondary"
      aria-describedby={describedBy}
      data-testid={testId}
      onClick={() => void auth.startAction(action)}
    >
      {label}
    </Button>
  );
  const review = (to: string, label: string) => (
    <Link to={to} aria-describedby={describedBy} data-testid={testId} className="checkup-link">
      {label}
    </Link>
  );

  switch (finding.id) {
    case "secondFactor":
      return finding.action ? start(finding.action, t("checkup_secondFactor_action")) : null;
    case "recoveryCodes":
      return start(finding.action, t("checkup_recoveryCodes_action"));
    case "emailNotVerified":
      return finding.canStartVerify
        ? start("VERIFY_EMAIL", t("checkup_emailNotVerified_action"))
        : review("/", t("personalInfo"));
    case "unusedMethods":
      return review(SIGNING_IN, t("checkup_unusedMethods_action"));
    case "newDevices":
      return review(DEVICE_ACTIVITY, t("checkup_newDevices_action"));
    case "newCountries":
      return review(DEVICE_ACTIVITY, t("checkup_newCountries_action"));
    case "lastingAccess":
      return review(LASTING_ACCESS, t("checkup_lastingAccess_action"));
    case "appPasswords":
      return review(APP_PASSWORDS, t("checkup_appPasswords_action"));
    case "signInAlerts": {
      const turnOn = async () => {
        setBusy(true);
        try {
          const saved = await saveSignInAlerts(api, true);
          if (saved.enabled) addAlert(t("signInAlertsOn"));
          await reload();
        } catch (error) {
          addError("signInAlertsFailed", error);
        } finally {
          setBusy(false);
        }
      };
      return (
        <Button
          variant="secondary"
          aria-describedby={describedBy}
          data-testid={testId}
          isLoading={busy || reloading}
          spinnerAriaValueText={t("spinnerLoading")}
          isDisabled={busy || reloading}
          onClick={() => void turnOn()}
        >
          {t("checkup_signInAlerts_action")}
        </Button>
      );
    }
  }
}

function PassedItem({ check }: { check: Passed }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const id = `checkup-passed-${check.id}`;
  return (
    <li className="checkup-item checkup-item-passed" data-testid={id}>
      <Content component="p" id={`${id}-text`}>
        <CheckCircleIcon className="checkup-icon-ok" aria-hidden /> {passedText(t, check)}
      </Content>
      {check.id === "recoveryCodes" && (
        <Button
          variant="link"
          isInline
          aria-describedby={`${id}-text`}
          data-testid={`${id}-action`}
          onClick={() => void auth.startAction(check.action)}
        >
          {t("checkup_recoveryCodes_action")}
        </Button>
      )}
    </li>
  );
}

function passedText(t: T, check: Passed): string {
  switch (check.id) {
    case "recoveryCodes":
      return t("checkup_recoveryCodes_passed", { count: check.remaining });
    case "unusedMethods":
      return t("checkup_unusedMethods_passed", { days: UNUSED_METHOD_DAYS });
    case "newDevices":
      return t("checkup_newDevices_passed", { days: NEW_DEVICE_DAYS });
    case "newCountries":
      return t("checkup_newCountries_passed", { days: NEW_COUNTRY_DAYS });
    case "appPasswords":
      return t("checkup_appPasswords_passed", { days: UNUSED_APP_PASSWORD_DAYS });
    default:
      return t(`checkup_${check.id}_passed`);
  }
}
