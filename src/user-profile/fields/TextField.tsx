import { TextInput } from "@patternfly/react-core";
import { isRequired } from "../rules";
import { autocompleteOf, htmlInputType, placeholderOf } from "../inputTypes";
import { asText, type FieldProps } from "./FieldProps";

export function TextField({ attribute, id, label, field, hasError, describedBy, t }: FieldProps) {
  const { ref, name, value, onChange, onBlur } = field;
  const type = htmlInputType(attribute) as "text";
  return (
    <TextInput
      id={id}
      data-testid={attribute.name}
      name={name}
      ref={ref}
      type={type}
      value={asText(value)}
      onChange={(_event, text) => onChange(text)}
      onBlur={onBlur}
      isDisabled={attribute.readOnly}
      isRequired={isRequired(attribute)}
      placeholder={placeholderOf(attribute, t)}
      validated={hasError ? "error" : "default"}
      aria-label={label}
      aria-describedby={describedBy}
      autoComplete={autocompleteOf(attribute)}
      {...(type === ("range" as string)
        ? { min: numberAnnotation(attribute, "min"), max: numberAnnotation(attribute, "max") }
        : {})}
    />
  );
}

/** A range input takes its bounds from the integer/double validator. */
function numberAnnotation(attribute: FieldProps["attribute"], bound: "min" | "max"): number | undefined {
  const config = attribute.validators?.integer ?? attribute.validators?.double;
  const value = config?.[bound];
  return value === undefined || value === "" ? undefined : Number(value);
}
