import type { FieldError as FormFieldError } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client";
import type { UserProfileAttributeMetadata } from "../api/representations";
import { testI18n } from "../testing/i18n";
import { fieldName, fromFormKey, toFormValues, toUserRepresentation } from "./fieldNames";
import { attributeOptions, fieldKind, htmlInputType, INPUT_TYPES, inputType, isMultiValue } from "./inputTypes";
import { buildRules, isRequired } from "./rules";
import { applyServerErrors, fieldErrorMessage, fieldErrorsOf } from "./serverErrors";

const t = testI18n.t;
const attr = (name: string, extra: Partial<UserProfileAttributeMetadata> = {}): UserProfileAttributeMetadata => ({
  name,
  displayName: name,
  ...extra,
});

/** Runs a field's rules the way react-hook-form does for the rule kinds we produce; returns the first message. */
function check(attribute: UserProfileAttributeMetadata, value: string | string[], list = Array.isArray(value)): string | true {
  const rules = buildRules(attribute, list, t);
  const text = Array.isArray(value) ? "" : value;
  const message = (rule: unknown) => (rule as { message: string }).message;
  if (rules.required && (Array.isArray(value) ? value.length === 0 : text === "")) return message(rules.required);
  if (text !== "") {
    if (rules.minLength && text.length < (rules.minLength as { value: number }).value) return message(rules.minLength);
    if (rules.maxLength && text.length > (rules.maxLength as { value: number }).value) return message(rules.maxLength);
    if (rules.min && Number(text) < Number((rules.min as { value: number }).value)) return message(rules.min);
    if (rules.max && Number(text) > Number((rules.max as { value: number }).value)) return message(rules.max);
    if (rules.pattern && !(rules.pattern as { value: RegExp }).value.test(text)) return message(rules.pattern);
  }
  if (typeof rules.validate === "function") {
    const result = (rules.validate as (v: unknown) => string | true)(value);
    if (result !== true) return result;
  }
  return true;
}

describe("form keys", () => {
  it("keeps the four built-in attributes at the top and the rest under attributes, dots swapped", () => {
    expect(fieldName("email")).toBe("email");
    expect(fieldName("favoriteColor")).toBe("attributes.favoriteColor");
    expect(fieldName("contact.phone.work")).toBe("attributes.contact🍺phone🍺work");
    expect(fromFormKey("contact🍺phone🍺work")).toBe("contact.phone.work");
  });

  it("builds form values: strings for single values, lists for multi-valued ones, defaults when empty", () => {
    const values = toFormValues(
      { username: "alice", email: "a@example.org", attributes: { "contact.phone": ["1"], nicknames: ["Al", "Ally"] } },
      [
        attr("username"),
        attr("email"),
        attr("contact.phone"),
        attr("nicknames", { multivalued: true }),
        attr("color", { defaultValue: "red" }),
        attr("tags", { annotations: { inputType: "multiselect" } }),
      ],
    );
    expect(values).toEqual({
      username: "alice",
      email: "a@example.org",
      attributes: { "contact🍺phone": "1", nicknames: ["Al", "Ally"], color: "red", tags: [] },
    });
  });

  it("saves the loaded user overwritten by the form, restoring dots and dropping empty values", () => {
    const loaded = {
      id: "u1",
      username: "alice",
      firstName: "Alice",
      attributes: { unmanaged: ["keep me"], "contact.phone": ["1"] },
      userProfileMetadata: { attributes: [] },
    };
    const saved = toUserRepresentation(
      { firstName: "Alicia", attributes: { "contact🍺phone": "", nicknames: ["Al", ""], bio: "Hi" } },
      loaded,
    );
    expect(saved).toEqual({
      id: "u1",
      username: "alice",
      firstName: "Alicia",
      attributes: { unmanaged: ["keep me"], "contact.phone": [], nicknames: ["Al"], bio: ["Hi"] },
    });
  });
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
    const kind = (extra: Partial<UserProfileAttributeMetadata>, current: string[] = []) => fieldKind(attr("x", extra), current);
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
      attr("x", { validators: { options: { options: ["firstName"] } }, annotations: { inputOptionLabelsI18nPrefix: "profile" } }),
      t,
    );
    expect(prefixed).toEqual([{ value: "firstName", label: "firstName" }]);
  });
});

describe("rules", () => {
  it("is required when flagged, or when the length validator's min is above 0", () => {
    expect(isRequired(attr("x", { required: true }))).toBe(true);
    expect(isRequired(attr("x", { validators: { length: { min: "1" } } }))).toBe(true);
    expect(isRequired(attr("x", { validators: { length: { min: 0, max: 5 } } }))).toBe(false);
    expect(check(attr("Nick", { required: true }), "")).toBe("Please specify 'Nick'.");
    expect(check(attr("Nick", { required: true }), "x")).toBe(true);
  });

  it("checks lengths with the bundle's messages", () => {
    const both = attr("Nick", { validators: { length: { min: 2, max: 5 } } });
    expect(check(both, "a")).toBe("'Nick' must have a length between 2 and 5.");
    expect(check(both, "abcdef")).toBe("'Nick' must have a length between 2 and 5.");
    expect(check(both, "abc")).toBe(true);
    expect(check(attr("Nick", { validators: { length: { max: 3 } } }), "abcd")).toBe("'Nick' must have maximal length of 3.");
  });

  it("checks numbers: min, max and that it is a number", () => {
    const age = attr("Age", { validators: { integer: { min: 18, max: 99 } } });
    expect(check(age, "17")).toBe("'Age' must be a number between 18 and 99.");
    expect(check(age, "100")).toBe("'Age' must be a number between 18 and 99.");
    expect(check(age, "42.5")).toBe("'Age' is invalid number.");
    expect(check(age, "42")).toBe(true);
    expect(check(attr("Ratio", { validators: { double: {} } }), "0.5")).toBe(true);
  });

  it("matches patterns against the whole value, with the configured message", () => {
    const code = attr("Code", { validators: { pattern: { pattern: "[A-Z]{3}", "error-message": "error-invalid-value" } } });
    expect(check(code, "ABCD")).toBe("'Code' has invalid value.");
    expect(check(code, "ABC")).toBe(true);
    expect(check(attr("Code", { validators: { pattern: { pattern: "\\d+" } } }), "12a")).toBe("'Code' doesn't match required format.");
    // A Java-only pattern JavaScript cannot read is left to the server.
    expect(check(attr("Code", { validators: { pattern: { pattern: "(?<=a" } } }), "x")).toBe(true);
  });

  it("checks email and URI formats, skipping empty values", () => {
    const email = attr("Mail", { validators: { email: {} } });
    expect(check(email, "not-an-email")).toBe("Invalid email address.");
    expect(check(email, "a@example.org")).toBe(true);
    expect(check(email, "")).toBe(true);
    expect(check(attr("Site", { validators: { uri: {} } }), "no uri")).toBe("'Site' is invalid URL.");
    expect(check(attr("Site", { validators: { uri: {} } }), "https://example.org")).toBe(true);
  });

  it("checks every value of a list, its count, and required lists", () => {
    const nicknames = attr("Nicknames", {
      required: true,
      multivalued: true,
      validators: { length: { max: 3 }, multivalued: { min: 1, max: 2 } },
    });
    expect(check(nicknames, [""])).toBe("Please specify 'Nicknames'.");
    expect(check(nicknames, ["Al", "Alice"])).toBe("'Nicknames' must have maximal length of 3.");
    expect(check(nicknames, ["A", "B", "C"])).toBe("Attribute Nicknames must have at least 1 and at most 2 value(s).");
    expect(check(nicknames, ["Al", ""])).toBe(true);
  });

  it("sets no rules on read-only attributes", () => {
    expect(buildRules(attr("x", { readOnly: true, required: true, validators: { email: {} } }), false, t)).toEqual({});
  });
});

describe("server errors", () => {
  it("reads {errors: [...]} or a single error from a failed save", () => {
    const one = { field: "email", errorMessage: "error-invalid-email", params: ["email"] };
    expect(fieldErrorsOf(new ApiError("x", 400, undefined, { errors: [one] }))).toEqual([one]);
    expect(fieldErrorsOf(new ApiError("x", 400, undefined, one))).toEqual([one]);
    expect(fieldErrorsOf(new ApiError("readOnlyUserMessage", 400, undefined, { errorMessage: "readOnlyUserMessage" }))).toEqual([]);
    expect(fieldErrorsOf(new Error("network"))).toEqual([]);
  });

  it("translates the message with its params, translating ${key} params, falling back to the raw text", () => {
    expect(fieldErrorMessage({ field: "x", errorMessage: "error-invalid-length", params: ["${firstName}", 1, 5] }, t)).toBe(
      "'First name' must have a length between 1 and 5.",
    );
    expect(fieldErrorMessage({ field: "x", errorMessage: "${error-invalid-email}" }, t)).toBe("Invalid email address.");
    expect(fieldErrorMessage({ field: "x", errorMessage: "Something the bundle does not know" }, t)).toBe(
      "Something the bundle does not know",
    );
  });

  it("puts errors on their fields and returns those of fields the form does not show", () => {
    const setError = vi.fn<(name: string, error: FormFieldError | { type: string; message: string }, options: unknown) => void>();
    const unplaced = applyServerErrors(
      [
        { field: "contact.phone", errorMessage: "error-invalid-value", params: ["Phone"] },
        { field: "hidden", errorMessage: "error-invalid-value", params: ["Hidden"] },
      ],
      setError,
      t,
      ["contact.phone"],
    );
    expect(setError).toHaveBeenCalledWith("attributes.contact🍺phone", { type: "server", message: "'Phone' has invalid value." }, { shouldFocus: true });
    expect(unplaced).toEqual(["'Hidden' has invalid value."]);
  });
});
