import { Button } from "@patternfly/react-core";
import { StarIcon } from "@patternfly/react-icons";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../../api/ApiContext";
import { fetchSecondFactorOrder, makeDefaultSecondFactor } from "../../../api/extension";
import type { CredentialContainer, CredentialRepresentation } from "../../../api/representations";
import { useExtensionFeatures } from "../../../api/useExtensionFeatures";
import { useAlerts } from "../../../ui/alerts/AlertContext";
import "./default-second-factor.css";
import { StaticLabel } from "../../../ui/StaticLabel";
import type { CredentialActionProps } from "./credentialAction";

/** The category Keycloak's credential providers give a second factor (the Account API reports it per type). */
const TWO_FACTOR = "two-factor";
/** Recovery codes are a second factor, but a fallback for a lost one: never offered as the default. */
const RECOVERY_CODES = "recovery-authn-codes";

/**
 * The second-factor credentials a user can pick as the default, in the order the Account API lists them (by type,
 * then by priority): every type its provider puts in the two-factor category (a custom one too), but recovery
 * codes. A password and a passkey that signs in on its own are in other categories.
 */
export function secondFactors(containers: CredentialContainer[]): CredentialRepresentation[] {
  return containers
    .filter((container) => container.category === TWO_FACTOR && container.type !== RECOVERY_CODES)
    .flatMap((container) => container.userCredentialMetadatas.map((metadata) => metadata.credential));
}

/**
 * Which one is the default: the one the user just chose; else the first of the server's order (`order`, all kinds
 * together, from the extension), when it is one of the factors shown (not, say, recovery codes). Without the order
 * (an older extension), the Account API's lists tell only within one kind: with one type, its first credential.
 */
export function knownDefault(
  factors: CredentialRepresentation[],
  chosen?: string,
  order?: string[],
): string | undefined {
  if (chosen && factors.some((factor) => factor.id === chosen)) return chosen;
  if (order) return factors.some((factor) => factor.id === order[0]) ? order[0] : undefined;
  const types = new Set(factors.map((factor) => factor.type));
  return types.size === 1 ? factors[0]?.id : undefined;
}

type DefaultChoice = {
  /** The credentials that can be the default (`secondFactors`). */
  choices: Set<string>;
  defaultId?: string;
  busyId?: string;
  makeDefault: (credential: CredentialRepresentation, name: string) => Promise<void>;
};

const DefaultChoiceContext = createContext<DefaultChoice | undefined>(undefined);

/**
 * Lets the rows of Signing in offer "Make default": only when the server extension offers it and the user has two or
 * more second factors. After a change, the list is loaded again so the new order shows.
 */
export function DefaultSecondFactorProvider({
  containers,
  reload,
  children,
}: {
  containers: CredentialContainer[];
  reload: () => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const { addAlert, addError } = useAlerts();
  const features = useExtensionFeatures({ probe: true });
  const [chosen, setChosen] = useState<string>();
  const [busyId, setBusyId] = useState<string>();
  const factors = useMemo(() => secondFactors(containers), [containers]);
  const offered = features?.defaultSecondFactor === true && factors.length >= 2;
  // The server's order across kinds, asked again whenever the list is (after a change, it has the new order).
  const [order, setOrder] = useState<string[]>();

  useEffect(() => {
    if (!offered) return;
    const controller = new AbortController();
    fetchSecondFactorOrder(api, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setOrder(answer);
        // The server's order now says which one is first, the one just chosen included.
        if (answer) setChosen(undefined);
      },
      () => {
        // Not asked or not answered: the default is shown as far as the Account API's lists tell.
      },
    );
    return () => controller.abort();
  }, [api, offered, containers]);

  const choice = useMemo<DefaultChoice>(
    () => ({
      choices: new Set(factors.map((factor) => factor.id)),
      defaultId: knownDefault(factors, chosen, order),
      busyId,
      async makeDefault(credential, name) {
        setBusyId(credential.id);
        try {
          await makeDefaultSecondFactor(api, credential.id);
        } catch (error) {
          addError("defaultSecondFactorFailed", error);
          setBusyId(undefined);
          return;
        }
        setChosen(credential.id);
        addAlert(t("defaultSecondFactorSaved", { name: t("quotedName", { name }) }));
        setBusyId(undefined);
        await reload();
      },
    }),
    [factors, chosen, order, busyId, api, addAlert, addError, t, reload],
  );

  return <DefaultChoiceContext.Provider value={offered ? choice : undefined}>{children}</DefaultChoiceContext.Provider>;
}

/** In a credential's row: "Default" on the default second factor, "Make default" on the others. */
export function DefaultSecondFactorAction({ credential, name, labelId }: CredentialActionProps) {
  const { t } = useTranslation();
  const choice = useContext(DefaultChoiceContext);
  if (!choice?.choices.has(credential.id)) return null;
  if (choice.defaultId === credential.id) {
    return (
      <StaticLabel color="blue" icon={<StarIcon />} className="second-factor-choice">
        {t("authenticatorDefaultStatus")}
      </StaticLabel>
    );
  }
  return (
    <Button
      variant="link"
      className="second-factor-choice"
      aria-describedby={labelId}
      isLoading={choice.busyId === credential.id}
      spinnerAriaValueText={t("spinnerLoading")}
      isAriaDisabled={choice.busyId !== undefined}
      onClick={() => void choice.makeDefault(credential, name)}
    >
      {t("makeDefault")}
    </Button>
  );
}
