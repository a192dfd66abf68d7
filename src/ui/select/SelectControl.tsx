import { MenuToggle, Select, SelectList, SelectOption, type MenuToggleElement } from "@patternfly/react-core";
import { useEffect, useState, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { loadedTypeahead, loadTypeaheadSelect } from "./typeaheadCode";
import type { SelectControlProps } from "./selectProps";
import { selectedValues } from "./selectedValues";

/**
 * A select for form fields: a plain menu, a single typeahead, or a multi typeahead with removable labels.
 * Keyboard: arrows move, Enter picks, Escape closes. Picking the current value of a single select clears it,
 * as in the stock console.
 */
export function SelectControl(props: SelectControlProps) {
  return props.multi || props.typeahead ? <LateTypeahead {...props} /> : <MenuSelect {...props} />;
}

/** The typeahead once its code is in; until then the value in a toggle that says it is busy. */
function LateTypeahead(props: SelectControlProps) {
  const [Typeahead, setTypeahead] = useState(loadedTypeahead);
  useEffect(() => {
    if (Typeahead) return;
    let current = true;
    loadTypeaheadSelect().then(
      () => current && setTypeahead(() => loadedTypeahead()),
      () => {}, // the toggle stays; the next render of the form tries again
    );
    return () => {
      current = false;
    };
  }, [Typeahead]);
  if (Typeahead) return <Typeahead {...props} />;
  const values = selectedValues(props.value);
  const text = values.map((v) => props.options.find((option) => option.value === v)?.label ?? v).join(", ");
  return (
    <MenuToggle
      id={props.id}
      data-testid={props["data-testid"]}
      aria-label={props["aria-label"]}
      aria-describedby={props["aria-describedby"]}
      aria-busy
      isDisabled
      isFullWidth
    >
      {text || props.placeholder}
    </MenuToggle>
  );
}

function MenuSelect({
  id,
  options,
  value,
  onChange,
  onBlur,
  isDisabled,
  placeholder,
  emptyOption,
  hasError,
  ...aria
}: SelectControlProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const current = typeof value === "string" ? value : (value[0] ?? "");
  const selected = options.find((option) => option.value === current);
  const shown = selected?.label ?? (current || emptyOption || placeholder || t("selectOne"));
  // The toggle shows the value, so its accessible name carries the value too (WCAG 2.5.3, label in name).
  const name = aria["aria-label"] ? `${aria["aria-label"]}: ${shown}` : undefined;

  return (
    <Select
      isOpen={isOpen}
      selected={current}
      onSelect={(_event, picked) => {
        onChange(picked === current ? "" : String(picked ?? ""));
        setOpen(false);
      }}
      onOpenChange={(open) => {
        setOpen(open);
        if (!open) onBlur?.();
      }}
      shouldFocusToggleOnSelect
      toggle={(ref: Ref<MenuToggleElement>) => (
        <MenuToggle
          ref={ref}
          id={id}
          data-testid={aria["data-testid"]}
          aria-label={name}
          aria-describedby={aria["aria-describedby"]}
          onClick={() => setOpen((open) => !open)}
          isExpanded={isOpen}
          isDisabled={isDisabled}
          isFullWidth
          status={hasError ? "danger" : undefined}
        >
          {shown}
        </MenuToggle>
      )}
    >
      <SelectList aria-label={aria["aria-label"]}>
        {emptyOption !== undefined && (
          <SelectOption value="" isSelected={current === ""}>
            {emptyOption}
          </SelectOption>
        )}
        {options.map((option) => (
          <SelectOption key={option.value} value={option.value} isSelected={option.value === current}>
            {option.label}
          </SelectOption>
        ))}
      </SelectList>
    </Select>
  );
}
