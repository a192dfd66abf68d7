import { TextArea } from "@patternfly/react-core";
import { isRequired } from "../rules";
import { annotation, placeholderOf } from "../inputTypes";
import { asText, type FieldProps } from "./FieldProps";

export function TextAreaField({ attribute, id, label, field, hasError, describedBy, t }: FieldProps) {
  const { ref, name, value, onChange, onBlur } = field;
  const cols = Number(annotation(attribute, "inputTypeCols")) || undefined;
  const rows = Number(annotation(attribute, "inputTypeRows")) || undefined;
  return (
    <TextArea
      id={id}
      data-testid={attribute.name}
      name={name}
      ref={ref}
      value={asText(value)}
      onChange={(_event, text) => onChange(text)}
      onBlur={onBlur}
      cols={cols}
      rows={rows}
      resizeOrientation="vertical"
      isDisabled={attribute.readOnly}
      isRequired={isRequired(attribute)}
      placeholder={placeholderOf(attribute, t)}
      validated={hasError ? "error" : "default"}
      aria-label={label}
      aria-describedby={describedBy}
    />
  );
}
