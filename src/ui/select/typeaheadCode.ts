import type { ComponentType } from "react";
import type { SelectControlProps } from "./selectProps";

// The typeahead's code, apart from SelectControl so that page loaders can ask for it without importing any UI.

let typeahead: ComponentType<SelectControlProps> | undefined;
let loading: Promise<void> | undefined;

/** The typeahead component once its code is in. */
export function loadedTypeahead(): ComponentType<SelectControlProps> | undefined {
  return typeahead;
}

/**
 * Loads the typeahead's code. Page loaders call it when their data shows a typeahead will be needed, so the page
 * renders with it; a typeahead rendered before that loads it then.
 */
export function loadTypeaheadSelect(): Promise<void> {
  loading ??= import("./TypeaheadSelect").then(
    (module) => void (typeahead = module.TypeaheadSelect),
    (error: unknown) => {
      loading = undefined; // a later render may try again
      throw error;
    },
  );
  return loading;
}
