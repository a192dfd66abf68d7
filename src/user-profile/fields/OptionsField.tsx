import { Checkbox, Radio } from "@patternfly/react-core";
import { attributeOptions, inputType } from "../inputTypes";
import { asList, asText, type FieldProps } from "./FieldProps";

/** select-radiobuttons / multiselect-checkboxes: one control per option. */
export function OptionsField({ attribute, id, label, field, hasError, describedBy, t }: FieldProps) {
  const checkboxes = inputType(attribute) === "multiselect-checkboxes";
  const options = attributeOptions(attribute, t);
  const selected = checkboxes ? asList(field.value) : [asText(field.value)];

  return (
    <div
      id={id}
      data-testid={attribute.name}
      role={checkboxes ? "group" : "radiogroup"}
      aria-label={label}
      aria-describedby={describedBy}
      aria-invalid={hasError || undefined}
      className="profile-options"
    >
      {options.map((option, index) => {
        const common = {
          id: `${id}-${option.value}`,
          name: field.name,
          label: option.label,
          isChecked: selected.includes(option.value),
          isDisabled: attribute.readOnly,
          onBlur: field.onBlur,
          ...(index === 0 ? { ref: field.ref } : {}),
        };
        return checkboxes ? (
          <Checkbox
            key={option.value}
            {...common}
            onChange={(_event, checked) =>
              field.onChange(checked ? [...selected, option.value] : selected.filter((value) => value !== option.value))
            }
          />
        ) : (
          <Radio key={option.value} {...common} value={option.value} onChange={() => field.onChange(option.value)} />
        );
      })}
    </div>
  );
}
