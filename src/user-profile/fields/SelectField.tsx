import { SelectControl } from "../../ui/select/SelectControl";
import { attributeOptions, inputType, placeholderOf, TYPEAHEAD_THRESHOLD } from "../inputTypes";
import { asList, asText, type FieldProps } from "./FieldProps";

/** select / multiselect: a menu, filtering as you type from TYPEAHEAD_THRESHOLD options on; multiselect always filters. */
export function SelectField({ attribute, id, label, field, hasError, describedBy, t }: FieldProps) {
  const multi = inputType(attribute) === "multiselect";
  const options = attributeOptions(attribute, t);
  // A stored value the options no longer list is still shown, so saving does not silently drop it.
  for (const value of asList(field.value)) {
    if (!options.some((option) => option.value === value)) options.push({ value, label: value });
  }
  return (
    <SelectControl
      id={id}
      data-testid={attribute.name}
      options={options}
      value={multi ? asList(field.value) : asText(field.value)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      multi={multi}
      typeahead={options.length >= TYPEAHEAD_THRESHOLD}
      isDisabled={attribute.readOnly}
      placeholder={placeholderOf(attribute, t)}
      hasError={hasError}
      aria-label={label}
      aria-describedby={describedBy}
    />
  );
}
