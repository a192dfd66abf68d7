import { describe, expect, it } from "vitest";
import type { UserProfileAttributeMetadata } from "../api/representations";
import { testI18n } from "../testing/i18n";
import { attributeOptions, fieldKind, htmlInputType, INPUT_TYPES, inputType, isMultiValue } from "./inputTypes";

const t = testI18n.t;
const attr = (name: string, extra: Partial<UserProfileAttributeMetadata> = {}): UserProfileAttributeMetadata => ({
  name,
  displayName: name,
  ...extra,
});

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
