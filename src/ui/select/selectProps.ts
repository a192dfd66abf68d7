// What every select takes: apart from SelectControl, so that the typeahead loaded on demand needs none of its code.
export type SelectOptionItem = { value: string; label: string };

export type SelectControlProps = {
  /** On the toggle (plain select) or the text input (typeahead), so a label's `for` reaches it. */
  id: string;
  options: SelectOptionItem[];
  value: string | string[];
  onChange(value: string | string[]): void;
  onBlur?(): void;
  /** Several values, shown as labels in the toggle; implies typeahead. */
  multi?: boolean;
  /** Filter the options as the user types. */
  typeahead?: boolean;
  isDisabled?: boolean;
  placeholder?: string;
  /** A plain select's first option, meaning "no value" (e.g. "Choose..."). */
  emptyOption?: string;
  hasError?: boolean;
  "aria-label"?: string;
  "aria-describedby"?: string;
  "data-testid"?: string;
};
