import { ActionGroup, Alert, Button, Form } from "@patternfly/react-core";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useApi } from "../../api/ApiContext";
import { fetchPersonalInfo, savePersonalInfo } from "../../api/methods";
import type { UserProfileAttributeMetadata } from "../../api/representations";
import { useAuth } from "../../auth/AuthContext";
import type { Features } from "../../environment/environment";
import { useEnvironment } from "../../environment/EnvironmentContext";
import { useAlerts } from "../../ui/alerts/AlertContext";
import { PageLayout } from "../../ui/PageLayout";
import { useSessionDraft } from "../../ui/hooks/useSessionDraft";
import type { PageProps } from "../page";
import type { PersonalInfoData } from "./loader";
import { YourData } from "./YourData";
import { DeleteAccount } from "./DeleteAccount";
import { EmailAddons } from "./EmailAddons";
import { InertWhileLeaving, LeaveGuard } from "./LeaveGuard";
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
  // The saved address and whether Keycloak has it verified; unknown (not shown) when it could not be read back.
  const [emailStatus, setEmailStatus] = useState<{ email?: string; verified?: boolean }>({
    email: loaded.user.email,
    verified: loaded.user.emailVerified === true,
  });

  // Typed values survive the end of the session: kept when it ends, shown unsaved after signing in again.
  // Whether the form has unsaved changes, followed without drawing the form again (react-hook-form computes
  // `formState.isDirty` only for a component that reads it while drawing).
  const dirty = useRef(false);
  useEffect(
    () =>
      form.subscribe({
        formState: { isDirty: true },
        callback: ({ isDirty }) => {
          dirty.current = isDirty === true;
        },
      }),
    [form],
  );
  const { draft, discard: discardDraft } = useSessionDraft<ProfileFormValues>("personal-info", {
    isDirty: () => dirty.current,
    values: () => getValues(),
  });
  const [restored, setRestored] = useState(draft !== undefined);
  useEffect(() => {
    if (draft) reset(draft, { keepDefaultValues: true });
  }, [draft, reset]);

  // Cancel and "Discard changes": the saved values at once, and no draft left to come back.
  const backToSaved = () => {
    reset(toFormValues(saved.current, metadata.attributes));
    setRestored(false);
    discardDraft();
  };

  const shown = metadata.attributes.filter((attribute) => isShown(attribute, loaded.supportedLocales));
  const editable = shown.some((attribute) => !attribute.readOnly);
  const sections = groupAttributes(metadata, (attribute) => isShown(attribute, loaded.supportedLocales));
  const navSections =
    sections.length > 1 ? sections.map(({ group }) => ({ id: sectionId(group), title: sectionTitle(t, group) })) : [];

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
        <InertWhileLeaving className={navSections.length > 0 ? "personal-info-layout" : undefined}>
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
                  <EmailAddons
                    verified={emailStatus.email ? emailStatus.verified : undefined}
                    updateEmail={Boolean(updateEmail)}
                  />
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
                  onClick={backToSaved}
                >
                  {t("cancel")}
                </Button>
              </ActionGroup>
            )}
          </Form>
        </InertWhileLeaving>
        <LeaveGuard onDiscard={backToSaved} />
      </FormProvider>
      <YourData username={loaded.user.username} />
      {environment.features.deleteAccountAllowed && <DeleteAccount />}
    </>
  );
}
