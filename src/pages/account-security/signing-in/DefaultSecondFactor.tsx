import { Button } from "@patternfly/react-core";
import { StarIcon } from "@patternfly/react-icons";
import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useApi } from "../../../api/ApiContext";
import { makeDefaultSecondFactor } from "../../../api/extension";
import type { CredentialContainer, CredentialRepresentation } from "../../../api/representations";
import { useAlerts } from "../../../ui/alerts/AlertContext";
import "./default-second-factor.css";
import { StaticLabel } from "../../../ui/StaticLabel";
import { useFetch } from "../../../ui/hooks/useFetch";
import type { CredentialActionProps } from "./credentialAction";
import { secondFactors, type SigningInData } from "./loader";

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
  offer,
  reload,
  children,
}: {
  containers: CredentialContainer[];
  /** From the page's loader: whether it is offered, and the server's order across kinds (loaded again with the list). */
  offer: SigningInData["defaultSecondFactor"];
  reload: () => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const { addAlert, addError } = useAlerts();
  // The last answer stands while the page loads again: the default's label does not blink away.
  const { state } = useFetch(() => offer, offer, undefined, { keepWhileLoading: true });
  const offered = state.status === "ready" ? state.data : undefined;
  const order = offered?.order;
  const factors = useMemo(() => secondFactors(containers), [containers]);
  // The one just chosen, until the server's order (asked again with the list) says which one is first.
  const [pick, setPick] = useState<{ id: string; order?: string[] }>();
  const chosen = pick && (!order || order === pick.order) ? pick.id : undefined;
  const [busyId, setBusyId] = useState<string>();

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
        setPick({ id: credential.id, order });
        addAlert(t("defaultSecondFactorSaved", { name: t("quotedName", { name }) }));
        setBusyId(undefined);
        await reload();
      },
    }),
    [factors, chosen, order, busyId, api, addAlert, addError, t, reload],
  );

  return <DefaultChoiceContext.Provider value={offered && choice}>{children}</DefaultChoiceContext.Provider>;
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
