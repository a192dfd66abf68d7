import { Button } from "@patternfly/react-core";
import { CheckCircleIcon, ExclamationTriangleIcon, ExternalLinkSquareAltIcon } from "@patternfly/react-icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useExtensionFeatures } from "../../api/useExtensionFeatures";
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
 * required action as an application-initiated action (`kc_action=VERIFY_EMAIL`): Keycloak sends the message and shows
 * its own page, and the console never claims anything was sent. Offered only where the server extension says the realm
 * starts that action (`verifyEmailAction`): Keycloak 26.0 does not start VERIFY_EMAIL from a kc_action, nor does any
 * realm that disabled it, and the link would come back to this page with nothing done.
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
      <VerifyEmailLink />
    </>
  );
}

/** "Verify email", once the probe has said the realm starts the action (asked only for an unverified address). */
function VerifyEmailLink() {
  const { t } = useTranslation();
  const startable = useExtensionFeatures({ probe: true })?.verifyEmailAction === true;
  if (!startable) return null;
  return (
    <ActionLink id="verify-email-btn" testId="verify-email" action="VERIFY_EMAIL">
      {t("emailVerifyStart")}
    </ActionLink>
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
