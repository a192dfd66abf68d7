import { describe, expect, it } from "vitest";
import type { UserProfileAttributeMetadata } from "../api/representations";
import { testI18n } from "../testing/i18n";
import {
  autocompleteOf,
  attributeOptions,
  fieldKind,
  htmlInputType,
  INPUT_TYPES,
  inputType,
  isMultiValue,
  needsTypeahead,
  TYPEAHEAD_THRESHOLD,
} from "./inputTypes";
import { attr } from "../testing/users";

const t = testI18n.t;
describe("input types", () => {
  it("knows every type of Keycloak's user-profile editor and falls back to text", () => {
    expect(INPUT_TYPES).toHaveLength(16);
    for (const type of INPUT_TYPES) expect(inputType(attr("x", { annotations: { inputType: type } }))).toBe(type);
    expect(inputType(attr("x", { annotations: { inputType: "color-picker" } }))).toBe("text");
    // The built-ins are always text, whatever an annotation says.
    expect(inputType(attr("email", { annotations: { inputType: "textarea" } }))).toBe("text");
  });

  it("maps html5 types to the input's type attribute", () => {
    const html = (type: string) => htmlInputType(attr("x", { annotations: { inputType: `html5-${type}` } }));
    for (const type of ["email", "tel", "url", "number", "range", "datetime-local", "date", "month", "time"]) {
      expect(html(type)).toBe(type);
    }
    expect(htmlInputType(attr("x"))).toBe("text");
  });

  it("chooses the field kind, with multivalued free text as rows", () => {
    const kind = (extra: Partial<UserProfileAttributeMetadata>, current: string[] = []) =>
      fieldKind(attr("x", extra), current);
    expect(kind({})).toBe("text");
    expect(kind({ annotations: { inputType: "textarea" } })).toBe("textarea");
    expect(kind({ annotations: { inputType: "select" } })).toBe("select");
    expect(kind({ annotations: { inputType: "multiselect" }, multivalued: true })).toBe("select");
    expect(kind({ annotations: { inputType: "select-radiobuttons" } })).toBe("radio");
    expect(kind({ annotations: { inputType: "multiselect-checkboxes" } })).toBe("checkbox");
    expect(kind({ annotations: { inputType: "multi-input" } })).toBe("multi-input");
    expect(kind({ multivalued: true })).toBe("multi-input");
    expect(kind({ annotations: { inputType: "html5-email" }, multivalued: true })).toBe("multi-input");
    // Like the stock console: several stored values and no input type show as rows.
    expect(kind({}, ["a", "b"])).toBe("multi-input");
    expect(isMultiValue(attr("x", { annotations: { inputType: "select" } }), ["a", "b"])).toBe(false);
  });

  it("labels options by inputOptionLabels (translated) or an i18n prefix, else the value", () => {
    const labelled = attributeOptions(
      attr("x", {
        validators: { options: { options: ["a", "b", "c"] } },
        annotations: { inputOptionLabels: { a: "Apple", b: "${email}" } },
      }),
      t,
    );
    expect(labelled).toEqual([
      { value: "a", label: "Apple" },
      { value: "b", label: "Email" },
      { value: "c", label: "c" },
    ]);
    const prefixed = attributeOptions(
      attr("x", {
        validators: { options: { options: ["firstName"] } },
        annotations: { inputOptionLabelsI18nPrefix: "profile" },
      }),
      t,
    );
    expect(prefixed).toEqual([{ value: "firstName", label: "firstName" }]);
  });
});

describe("whether a form needs the typeahead's code", () => {
  const select = (count: number, type = "select") =>
    attr("x", {
      annotations: { inputType: type },
      validators: { options: { options: Array.from({ length: count }, (_, i) => `o${i}`) } },
    });
  const locales = (count: number) => Array.from({ length: count }, (_, i) => `l${i}`);

  it("does for a multiselect, a long select and a long list of locales", () => {
    expect(needsTypeahead([select(2, "multiselect")], [])).toBe(true);
    expect(needsTypeahead([select(TYPEAHEAD_THRESHOLD)], [])).toBe(true);
    expect(needsTypeahead([attr("locale")], locales(TYPEAHEAD_THRESHOLD))).toBe(true);
  });

  it("does not for short selects, radio buttons, checkboxes, few locales or text", () => {
    expect(needsTypeahead([select(TYPEAHEAD_THRESHOLD - 1)], [])).toBe(false);
    expect(needsTypeahead([select(30, "select-radiobuttons"), select(30, "multiselect-checkboxes")], [])).toBe(false);
    expect(needsTypeahead([attr("locale"), attr("firstName")], locales(3))).toBe(false);
    // Locales without a locale attribute (internationalization on, attribute not offered) draw nothing.
    expect(needsTypeahead([attr("firstName")], locales(TYPEAHEAD_THRESHOLD))).toBe(false);
  });
});

describe("autocomplete tokens", () => {
  const attribute = (name: string, inputType?: string) =>
    ({ name, annotations: inputType ? { inputType } : {} }) as unknown as UserProfileAttributeMetadata;
  it("names the purpose of the built-in attributes and of phone inputs", () => {
    expect(autocompleteOf(attribute("firstName"))).toBe("given-name");
    expect(autocompleteOf(attribute("lastName"))).toBe("family-name");
    expect(autocompleteOf(attribute("email"))).toBe("email");
    expect(autocompleteOf(attribute("username"))).toBe("username");
    expect(autocompleteOf(attribute("contact.phone", "html5-tel"))).toBe("tel");
  });
  it("leaves custom attributes without one", () => {
    expect(autocompleteOf(attribute("bio"))).toBeUndefined();
    expect(autocompleteOf(attribute("recoveryEmail", "html5-email"))).toBeUndefined();
  });
});
