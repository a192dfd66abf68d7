import { Button } from "@patternfly/react-core";
import { CheckCircleIcon, ExclamationTriangleIcon, ExternalLinkSquareAltIcon } from "@patternfly/react-icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../auth/AuthContext";

/**
 * Beside the email field: whether the saved address is verified (not shown when that is unknown), and "Update email"
 * when the realm offers it.
 */
export function EmailAddons({ verified, updateEmail }: { verified: boolean | undefined; updateEmail: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="email-addons">
      {verified !== undefined ? <EmailVerification verified={verified} /> : null}
      {updateEmail && (
        <ActionLink id="update-email-btn" action="UPDATE_EMAIL">
          {t("updateEmail")}
        </ActionLink>
      )}
    </div>
  );
}

/**
 * Whether the saved email address is verified. When it is not, "Verify email" starts Keycloak's verify-email
 * required action as an application-initiated action (`kc_action=VERIFY_EMAIL`, which Keycloak 26.7 accepts): Keycloak
 * sends the message and shows its own page, and the console never claims anything was sent.
 */
function EmailVerification({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  if (verified) {
    return (
      <span className="email-state email-state-verified" data-testid="email-verified">
        <CheckCircleIcon aria-hidden />
        {t("emailStateVerified")}
      </span>
    );
  }
  return (
    <>
      <span className="email-state email-state-unverified" data-testid="email-not-verified">
        <ExclamationTriangleIcon aria-hidden />
        {t("emailStateNotVerified")}
      </span>
      <ActionLink id="verify-email-btn" testId="verify-email" action="VERIFY_EMAIL">
        {t("emailVerifyStart")}
      </ActionLink>
    </>
  );
}

/** An inline link that leaves for one of Keycloak's own pages: a required action started by the console (kc_action). */
function ActionLink({
  id,
  testId,
  action,
  children,
}: {
  id: string;
  testId?: string;
  action: string;
  children: ReactNode;
}) {
  const auth = useAuth();
  return (
    <Button
      id={id}
      data-testid={testId}
      variant="link"
      isInline
      icon={<ExternalLinkSquareAltIcon />}
      iconPosition="end"
      onClick={() => void auth.startAction(action)}
    >
      {children}
    </Button>
  );
}
