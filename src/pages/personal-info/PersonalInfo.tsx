import {
  ActionGroup,
  Alert,
  Button,
  ExpandableSection,
  Form,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  PageSection,
} from "@patternfly/react-core";
import { CheckCircleIcon, ExclamationTriangleIcon, ExternalLinkSquareAltIcon } from "@patternfly/react-icons";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { FormProvider, useForm, useFormState } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useBlocker } from "../../lib/routing";
import { useApi } from "../../api/ApiContext";
import { fetchPersonalInfo, savePersonalInfo } from "../../api/methods";
import type { UserProfileAttributeMetadata } from "../../api/representations";
import { useAuth } from "../../auth/AuthContext";
import type { Features } from "../../environment/environment";
import { useEnvironment } from "../../environment/EnvironmentContext";
import { useAlerts } from "../../ui/alerts/AlertContext";
import { PageLayout } from "../../ui/PageLayout";
import { useSessionDraft } from "../../ui/useSessionDraft";
import type { PageProps } from "../page";
import type { PersonalInfoData } from "./loader";
import { YourData } from "./YourData";
import "./personal-info.css";
import { toFormValues, toUserRepresentation, type ProfileFormValues } from "../../user-profile/fieldNames";
import { applyServerErrors, fieldErrorsOf } from "../../user-profile/serverErrors";
import {
  groupAttributes,
  isShown,
  sectionId,
  sectionTitle,
  UserProfileFields,
} from "../../user-profile/UserProfileFields";

// Only a profile with attribute groups has it: its code stays out of the first screen of every other profile.
const SectionNav = lazy(() => import("./SectionNav"));

/** The "Update email" button's conditions, as in the stock console. */
export function canUpdateEmail(features: Features, email: UserProfileAttributeMetadata): boolean {
  const supported = email.annotations?.["kc.required.action.supported"];
  return (
    features.updateEmailFeatureEnabled &&
    features.updateEmailActionEnabled &&
    (supported === true || supported === "true") &&
    (!features.isRegistrationEmailAsUsername || features.isEditUserNameAllowed)
  );
}

export default function PersonalInfo({ data: loaded }: PageProps<PersonalInfoData>) {
  const { t } = useTranslation();

  return (
    <PageLayout title={t("personalInfo")} description={t("personalInfoDescription")}>
      <PersonalInfoForm loaded={loaded} />
    </PageLayout>
  );
}

function PersonalInfoForm({ loaded }: { loaded: PersonalInfoData }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const auth = useAuth();
  const environment = useEnvironment();
  const { addAlert, addError } = useAlerts();
  const metadata = loaded.user.userProfileMetadata ?? { attributes: [] };
  // What the server holds now: the base of the next save, and what Cancel returns to.
  const saved = useRef(loaded.user);
  const form = useForm<ProfileFormValues>({
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: toFormValues(loaded.user, metadata.attributes),
  });
  const { handleSubmit, reset, setError, formState, getValues } = form;
  const [deleteOpen, setDeleteOpen] = useState(false);
  // The saved address and whether Keycloak has it verified; unknown (not shown) when it could not be read back.
  const [emailStatus, setEmailStatus] = useState<{ email?: string; verified?: boolean }>({
    email: loaded.user.email,
    verified: loaded.user.emailVerified === true,
  });

  // Typed values survive the end of the session: kept when it ends, shown unsaved after signing in again.
  const { draft } = useSessionDraft<ProfileFormValues>("personal-info", {
    isDirty: () => form.formState.isDirty,
    values: () => getValues(),
  });
  const [restored, setRestored] = useState(draft !== undefined);
  useEffect(() => {
    if (draft) reset(draft, { keepDefaultValues: true });
  }, [draft, reset]);

  const shown = metadata.attributes.filter((attribute) => isShown(attribute, loaded.supportedLocales));
  const editable = shown.some((attribute) => !attribute.readOnly);
  const sections = groupAttributes(metadata, (attribute) => isShown(attribute, loaded.supportedLocales));
  const navSections =
    sections.length > 1 ? sections.map(({ group }) => ({ id: sectionId(group), title: sectionTitle(t, group) })) : [];

  // Leaving the page with unsaved changes asks first: other pages of the console (`LeaveGuard`), and the
  // browser's own ways out.
  useEffect(() => {
    if (!formState.isDirty) return;
    // Once the session has ended the values are kept as a draft: the way to the login page needs no warning.
    const warn = (event: BeforeUnloadEvent) => {
      if (!auth.sessionEnded()) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [formState.isDirty, auth]);

  const save = async (values: ProfileFormValues) => {
    const user = toUserRepresentation(values, saved.current);
    try {
      await savePersonalInfo(api, user);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors.length > 0) {
        const names = shown.map((attribute) => attribute.name);
        const unplaced = applyServerErrors(fieldErrors, setError, t, names);
        addAlert(t("accountUpdatedError"), "danger", unplaced.join(" ") || undefined);
      } else {
        addError("accountUpdateFailed", error);
      }
      return; // the form keeps everything the user typed
    }

    saved.current = user;
    if ((user.email ?? "") !== (emailStatus.email ?? "")) {
      // A new address is not verified by saving it: ask Keycloak rather than keep showing the old state.
      const fresh = await fetchPersonalInfo(api).catch(() => undefined);
      setEmailStatus(
        fresh
          ? { email: fresh.email, verified: fresh.emailVerified === true }
          : { email: user.email, verified: undefined },
      );
    }
    reset(values);
    setRestored(false);
    const locale = values.attributes.locale;
    if (typeof locale === "string" && locale !== "" && locale !== i18n.language) {
      await i18n.changeLanguage(locale);
    }
    // The header shows the name from the token: fetch one with the new profile.
    await auth.refresh().catch(() => undefined);
    addAlert(t("accountUpdatedMessage"));
  };

  // The client rules refused a value: the fields say which, the alert says that nothing was saved (and is heard).
  const rejected = () => addAlert(t("accountUpdatedError"), "danger");

  const email = metadata.attributes.find((attribute) => attribute.name === "email");
  const updateEmail = email && canUpdateEmail(environment.features, email);

  return (
    <>
      <FormProvider {...form}>
        <div className={navSections.length > 0 ? "personal-info-layout" : undefined}>
          {navSections.length > 0 && (
            <Suspense fallback={null}>
              <SectionNav sections={navSections} />
            </Suspense>
          )}
          <Form isHorizontal onSubmit={(event) => void handleSubmit(save, rejected)(event)} noValidate>
            {restored && (
              <Alert
                variant="info"
                isInline
                title={t("draftRestoredTitle")}
                data-testid="draft-restored"
                aria-live="polite"
              >
                {t("draftRestoredMessage")}
              </Alert>
            )}
            <UserProfileFields
              metadata={metadata}
              supportedLocales={loaded.supportedLocales}
              currentLocale={i18n.language}
              addons={{
                email: () => (
                  <div className="email-addons">
                    {emailStatus.email && emailStatus.verified !== undefined ? (
                      <EmailVerification verified={emailStatus.verified} />
                    ) : null}
                    {updateEmail && (
                      <ActionLink id="update-email-btn" action="UPDATE_EMAIL">
                        {t("updateEmail")}
                      </ActionLink>
                    )}
                  </div>
                ),
              }}
            />
            {editable && (
              <ActionGroup>
                <Button
                  type="submit"
                  id="save-btn"
                  data-testid="save"
                  variant="primary"
                  isLoading={formState.isSubmitting}
                  spinnerAriaValueText={t("spinnerLoading")}
                  isDisabled={formState.isSubmitting}
                >
                  {t("save")}
                </Button>
                <Button
                  id="cancel-btn"
                  data-testid="cancel"
                  variant="link"
                  isDisabled={formState.isSubmitting}
                  onClick={() => {
                    reset(toFormValues(saved.current, metadata.attributes));
                    setRestored(false);
                  }}
                >
                  {t("cancel")}
                </Button>
              </ActionGroup>
            )}
          </Form>
        </div>
        <LeaveGuard />
      </FormProvider>
      <YourData username={loaded.user.username} />
      {environment.features.deleteAccountAllowed && (
        <PageSection padding={{ default: "noPadding" }} className="delete-account-section">
          <ExpandableSection
            data-testid="delete-account"
            toggleText={t("deleteAccount")}
            isExpanded={deleteOpen}
            onToggle={(_event, open) => setDeleteOpen(open)}
          >
            <Alert variant="danger" isInline isPlain title={t("deleteAccountWarning")} />
            <Button
              id="delete-account-btn"
              variant="danger"
              className="delete-account-button"
              onClick={() => void auth.startAction("delete_account")}
            >
              {t("delete")}
            </Button>
          </ExpandableSection>
        </PageSection>
      )}
    </>
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

/**
 * Asks before the console goes to another page while the form has unsaved changes. A component of its own: what
 * reads the router's state draws again on every change of it, and that should not be the whole form.
 */
function LeaveGuard() {
  const { t } = useTranslation();
  const { isDirty, isSubmitting } = useFormState<ProfileFormValues>();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isSubmitting && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <Modal
      variant="small"
      isOpen={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      aria-labelledby="unsaved-title"
    >
      <ModalHeader title={t("unsavedChanges")} labelId="unsaved-title" />
      <ModalBody>{t("unsavedChangesDescription")}</ModalBody>
      <ModalFooter>
        <Button variant="primary" onClick={() => blocker.reset?.()}>
          {t("keepEditing")}
        </Button>
        <Button variant="link" isDanger onClick={() => blocker.proceed?.()}>
          {t("discardChanges")}
        </Button>
      </ModalFooter>
    </Modal>
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
