import {
  FormGroup,
  FormHelperText,
  HelperText,
  HelperTextItem,
  TextInput,
  type TextInputProps,
} from "@patternfly/react-core";
import type { ReactNode } from "react";

type FormTextFieldProps = Omit<TextInputProps, "id" | "label" | "validated" | "aria-invalid" | "aria-describedby"> & {
  id: string;
  label: string;
  /** What is wrong with the value: the field is marked invalid and this replaces the hint. */
  error?: string;
  hint?: ReactNode;
};

/** A labelled text field of a form, with its error or else its hint below it as the field's description. */
export function FormTextField({ id, label, error, hint, isRequired, ...input }: FormTextFieldProps) {
  const helpId = `${id}-help`;
  const help = error ?? hint;
  return (
    <FormGroup label={label} isRequired={isRequired} fieldId={id}>
      <TextInput
        id={id}
        isRequired={isRequired}
        validated={error ? "error" : "default"}
        aria-invalid={error ? true : undefined}
        aria-describedby={help ? helpId : undefined}
        {...input}
      />
      {help && (
        <FormHelperText>
          <HelperText id={helpId}>
            <HelperTextItem variant={error ? "error" : "default"}>{help}</HelperTextItem>
          </HelperText>
        </FormHelperText>
      )}
    </FormGroup>
  );
}
