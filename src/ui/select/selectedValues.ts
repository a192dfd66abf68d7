/** A select's value as the list of chosen values: one value, several, or none (the empty string). */
export function selectedValues(value: string | string[]): string[] {
  return Array.isArray(value) ? value : value === "" ? [] : [value];
}
