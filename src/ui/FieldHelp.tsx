import { FormHelperText, HelperText, HelperTextItem } from "@patternfly/react-core";
import type { ReactNode } from "react";

/** The line under a form field: its error when it has one, else its hint; nothing when it has neither. */
export function FieldHelp({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (!error && !hint) return null;
  return (
    <FormHelperText>
      <HelperText id={id}>
        <HelperTextItem variant={error ? "error" : "default"}>{error ?? hint}</HelperTextItem>
      </HelperText>
    </FormHelperText>
  );
}
