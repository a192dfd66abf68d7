import { Button, InputGroup, InputGroupItem, TextInput } from "@patternfly/react-core";
import { MinusCircleIcon, PlusCircleIcon } from "@patternfly/react-icons";
import { useEffect, useRef } from "react";
import { htmlInputType, placeholderOf } from "../inputTypes";
import { asList, type FieldProps } from "./FieldProps";

/**
 * A multi-valued attribute: one row per value, always at least one. The last row left cannot be removed, only
 * edited (as in the stock console); add is off while the last row is empty.
 */
export function MultiInputField({ attribute, id, label, field, hasError, describedBy, t }: FieldProps) {
  const stored = asList(field.value);
  const rows = stored.length > 0 ? stored : [""];
  const type = htmlInputType(attribute) as "text";
  const update = (next: string[]) => field.onChange(next);
  const lastEmpty = rows[rows.length - 1] === "";
  // Where the keyboard focus goes once the rows have changed: a new row's input, or the row that took a removed
  // one's place (its Remove button is gone, and the focus would otherwise fall back to the page).
  const container = useRef<HTMLDivElement>(null);
  const focusRow = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (focusRow.current === undefined) return;
    container.current?.querySelectorAll("input")[focusRow.current]?.focus();
    focusRow.current = undefined;
  });

  return (
    <div className="profile-multi-input" data-testid={attribute.name} ref={container}>
      {rows.map((value, index) => (
        <InputGroup key={index}>
          <InputGroupItem isFill>
            <TextInput
              id={index === 0 ? id : `${id}-${index}`}
              data-testid={`${attribute.name}${index}`}
              name={`${field.name}.${index}`}
              {...(index === 0 ? { ref: field.ref } : {})}
              type={type}
              value={value}
              onChange={(_event, text) => update(rows.map((old, i) => (i === index ? text : old)))}
              onBlur={field.onBlur}
              isDisabled={attribute.readOnly}
              placeholder={placeholderOf(attribute, t)}
              validated={hasError ? "error" : "default"}
              aria-label={rows.length > 1 ? `${label} ${index + 1}` : label}
              aria-describedby={describedBy}
            />
          </InputGroupItem>
          {!attribute.readOnly && (
            <InputGroupItem>
              <Button
                variant="link"
                data-testid={`remove${index}`}
                aria-label={t("remove")}
                title={t("remove")}
                icon={<MinusCircleIcon />}
                isDisabled={rows.length === 1}
                onClick={() => {
                  focusRow.current = Math.min(index, rows.length - 2);
                  update(rows.filter((_, i) => i !== index));
                }}
              />
            </InputGroupItem>
          )}
        </InputGroup>
      ))}
      {!attribute.readOnly && (
        <Button
          variant="link"
          data-testid="addValue"
          icon={<PlusCircleIcon />}
          isDisabled={lastEmpty}
          onClick={() => {
            focusRow.current = rows.length;
            update([...rows, ""]);
          }}
        >
          {t("addMultivaluedLabel", { fieldLabel: label })}
        </Button>
      )}
    </div>
  );
}
