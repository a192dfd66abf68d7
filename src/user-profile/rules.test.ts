import { describe, expect, it } from "vitest";
import type { UserProfileAttributeMetadata } from "../api/representations";
import { testI18n } from "../testing/i18n";
import { buildRules, isRequired } from "./rules";
import { attr } from "../testing/users";

const t = testI18n.t;
/** Runs a field's rules the way react-hook-form does for the rule kinds we produce; returns the first message. */
function check(
  attribute: UserProfileAttributeMetadata,
  value: string | string[],
  list = Array.isArray(value),
): string | true {
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
    expect(check(attr("Nick", { validators: { length: { max: 3 } } }), "abcd")).toBe(
      "'Nick' must have maximal length of 3.",
    );
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
    const code = attr("Code", {
      validators: { pattern: { pattern: "[A-Z]{3}", "error-message": "error-invalid-value" } },
    });
    expect(check(code, "ABCD")).toBe("'Code' has invalid value.");
    expect(check(code, "ABC")).toBe(true);
    expect(check(attr("Code", { validators: { pattern: { pattern: "\\d+" } } }), "12a")).toBe(
      "'Code' doesn't match required format.",
    );
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
