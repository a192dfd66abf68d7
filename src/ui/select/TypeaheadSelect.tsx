import {
  Button,
  Label,
  LabelGroup,
  MenuToggle,
  Select,
  SelectList,
  SelectOption,
  TextInputGroup,
  TextInputGroupMain,
  TextInputGroupUtilities,
  type MenuToggleElement,
} from "@patternfly/react-core";
import { TimesIcon } from "@patternfly/react-icons";
import { useMemo, useRef, useState, type KeyboardEvent, type Ref } from "react";
import { useTranslation } from "react-i18next";
import type { SelectControlProps } from "./selectProps";
import { selectedValues } from "./selectedValues";

/**
 * The typeahead of SelectControl: a text input that filters the options, one value or several (shown as removable
 * labels). A module of its own, loaded when a form needs it (`loadTypeaheadSelect`): its labels and input group are
 * 60 KB of CSS that most first screens never show.
 */
export function TypeaheadSelect({
  id,
  options,
  value,
  onChange,
  onBlur,
  multi = false,
  isDisabled,
  placeholder,
  emptyOption: _emptyOption, // a typeahead clears with its clear button instead
  hasError,
  ...aria
}: SelectControlProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [filter, setFilter] = useState<string | undefined>(undefined);
  const [activeIndex, setActiveIndex] = useState<number | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = `${id}-listbox`;

  const values = useMemo(() => selectedValues(value), [value]);
  const labelOf = (v: string) => options.find((option) => option.value === v)?.label ?? v;
  const singleLabel = !multi && values[0] !== undefined ? labelOf(values[0]) : "";
  const shown = useMemo(() => {
    const needle = (filter ?? "").trim().toLocaleLowerCase();
    return needle === "" ? options : options.filter((option) => option.label.toLocaleLowerCase().includes(needle));
  }, [filter, options]);

  const close = () => {
    setOpen(false);
    setFilter(undefined);
    setActiveIndex(undefined);
    onBlur?.();
  };
  const pick = (picked: string) => {
    if (multi) {
      onChange(values.includes(picked) ? values.filter((v) => v !== picked) : [...values, picked]);
      setFilter(undefined);
      inputRef.current?.focus();
    } else {
      onChange(values[0] === picked ? "" : picked);
      close();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!isOpen) setOpen(true);
        if (shown.length === 0) return;
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActiveIndex((index) =>
          index === undefined ? (step > 0 ? 0 : shown.length - 1) : (index + step + shown.length) % shown.length,
        );
        break;
      }
      case "Enter": {
        event.preventDefault();
        const target = activeIndex !== undefined ? shown[activeIndex] : shown.length === 1 ? shown[0] : undefined;
        if (isOpen && target) pick(target.value);
        else setOpen(true);
        break;
      }
      case "Escape":
        if (isOpen) {
          event.preventDefault();
          close();
        }
        break;
      case "Tab":
        if (isOpen) close();
        break;
      case "Backspace":
        if (multi && (filter ?? "") === "" && values.length > 0) onChange(values.slice(0, -1));
        break;
    }
  };

  const activeId = activeIndex !== undefined && shown[activeIndex] ? optionId(id, shown[activeIndex].value) : undefined;

  return (
    <Select
      isOpen={isOpen}
      selected={multi ? values : values[0]}
      onSelect={(_event, picked) => picked !== undefined && pick(String(picked))}
      onOpenChange={(open) => (open ? setOpen(true) : close())}
      toggle={(ref: Ref<MenuToggleElement>) => (
        <MenuToggle
          ref={ref}
          variant="typeahead"
          data-testid={aria["data-testid"]}
          onClick={() => {
            setOpen((open) => !open);
            inputRef.current?.focus();
          }}
          isExpanded={isOpen}
          isDisabled={isDisabled}
          isFullWidth
          status={hasError ? "danger" : undefined}
        >
          <TextInputGroup isPlain>
            <TextInputGroupMain
              inputId={id}
              value={filter ?? (multi ? "" : singleLabel)}
              onClick={() => setOpen(true)}
              onChange={(_event, text) => {
                setFilter(text);
                setActiveIndex(undefined);
                setOpen(true);
              }}
              onKeyDown={onKeyDown}
              autoComplete="off"
              innerRef={inputRef}
              placeholder={values.length === 0 ? placeholder || t("selectOne") : undefined}
              role="combobox"
              isExpanded={isOpen}
              aria-controls={listId}
              aria-label={aria["aria-label"]}
              aria-describedby={aria["aria-describedby"]}
              {...(activeId ? { "aria-activedescendant": activeId } : {})}
            >
              {multi && values.length > 0 && (
                <LabelGroup numLabels={5}>
                  {values.map((v) => (
                    <Label
                      key={v}
                      variant="outline"
                      closeBtnAriaLabel={`${t("remove")} ${labelOf(v)}`}
                      onClose={(event) => {
                        event.stopPropagation();
                        if (!isDisabled) onChange(values.filter((other) => other !== v));
                      }}
                    >
                      {labelOf(v)}
                    </Label>
                  ))}
                </LabelGroup>
              )}
            </TextInputGroupMain>
            {(values.length > 0 || (filter ?? "") !== "") && !isDisabled && (
              <TextInputGroupUtilities>
                <Button
                  variant="plain"
                  aria-label={t("clear")}
                  icon={<TimesIcon />}
                  onClick={(event) => {
                    event.stopPropagation();
                    setFilter(undefined);
                    onChange(multi ? [] : "");
                    inputRef.current?.focus();
                  }}
                />
              </TextInputGroupUtilities>
            )}
          </TextInputGroup>
        </MenuToggle>
      )}
    >
      <SelectList id={listId} isAriaMultiselectable={multi}>
        {shown.length === 0 ? (
          <SelectOption isDisabled value={undefined}>
            {t("noSearchResults")}
          </SelectOption>
        ) : (
          shown.map((option, index) => (
            <SelectOption
              key={option.value}
              id={optionId(id, option.value)}
              value={option.value}
              isSelected={values.includes(option.value)}
              isFocused={index === activeIndex}
            >
              {option.label}
            </SelectOption>
          ))
        )}
      </SelectList>
    </Select>
  );
}

const optionId = (id: string, value: string) => `${id}-option-${value.replace(/[^\w-]/g, "_")}`;
