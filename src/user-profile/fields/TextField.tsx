import { TextInput } from "@patternfly/react-core";
import { autocompleteOf, htmlInputType } from "../inputTypes";
import { textControlProps, type FieldProps } from "./FieldProps";

export function TextField(props: FieldProps) {
  const { attribute } = props;
  const type = htmlInputType(attribute) as "text";
  return (
    <TextInput
      {...textControlProps(props)}
      type={type}
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
