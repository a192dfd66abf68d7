import {
  Button,
  Content,
  DescriptionList,
  DescriptionListDescription,
  DescriptionListGroup,
  DescriptionListTerm,
  PageSection,
  Title,
} from "@patternfly/react-core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../auth/AuthContext";
import { useFormat } from "../../i18n/format";
import { Link } from "../../lib/routing";
import { PageLayout } from "../../ui/PageLayout";
import type { PageProps } from "../page";
import type { AlertFacts } from "./secureAccount";
import "./secure-account.css";

/**
 * "Secure your account": where the sign-in alert's "This wasn't me" link leads. It says what the link says about the
 * sign-in (only what parses) and lists what to do, in order: a new password through Keycloak's own UPDATE_PASSWORD
 * action (its form signs the other devices out), then Device activity, then Signing in.
 */
export default function SecureAccount({ data: facts }: PageProps<AlertFacts>) {
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
          <Content component="p" data-testid="secure-account-no-facts">
            {t("secureAccountNoFacts")}
          </Content>
        )}
      </PageSection>
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
