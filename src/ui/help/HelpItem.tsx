import { Button, Popover } from "@patternfly/react-core";
import { OutlinedQuestionCircleIcon } from "@patternfly/react-icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHelp } from "./HelpContext";

/** A "?" next to a label that opens the help text; gone while help is switched off. */
export function HelpItem({ fieldId, label, helpText }: { fieldId: string; label: string; helpText: ReactNode }) {
  const { t } = useTranslation();
  const { enabled } = useHelp();
  if (!enabled) return null;
  return (
    <Popover bodyContent={helpText} triggerAction="click">
      <Button
        variant="plain"
        size="sm"
        hasNoPadding
        data-testid={`help-label-${fieldId}`}
        aria-label={`${t("help")}: ${label}`}
        icon={<OutlinedQuestionCircleIcon />}
      />
    </Popover>
  );
}
