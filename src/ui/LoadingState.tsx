import { Bullseye, Spinner } from "@patternfly/react-core";
import { useTranslation } from "react-i18next";

/** A page (or part of one) whose data is on its way. */
export function LoadingState() {
  const { t } = useTranslation();
  return (
    <Bullseye style={{ minHeight: "30vh" }}>
      <Spinner aria-label={t("spinnerLoading")} />
    </Bullseye>
  );
}
