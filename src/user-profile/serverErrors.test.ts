import type { FieldError as FormFieldError } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client";
import { testI18n } from "../testing/i18n";
import { applyServerErrors, fieldErrorMessage, fieldErrorsOf } from "./serverErrors";

const t = testI18n.t;
describe("server errors", () => {
  it("reads {errors: [...]} or a single error from a failed save", () => {
    const one = { field: "email", errorMessage: "error-invalid-email", params: ["email"] };
    expect(fieldErrorsOf(new ApiError("x", 400, undefined, { errors: [one] }))).toEqual([one]);
    expect(fieldErrorsOf(new ApiError("x", 400, undefined, one))).toEqual([one]);
    expect(
      fieldErrorsOf(new ApiError("readOnlyUserMessage", 400, undefined, { errorMessage: "readOnlyUserMessage" })),
    ).toEqual([]);
    expect(fieldErrorsOf(new Error("network"))).toEqual([]);
  });

  it("translates the message with its params, translating ${key} params, falling back to the raw text", () => {
    expect(
      fieldErrorMessage({ field: "x", errorMessage: "error-invalid-length", params: ["${firstName}", 1, 5] }, t),
    ).toBe("'First name' must have a length between 1 and 5.");
    expect(fieldErrorMessage({ field: "x", errorMessage: "${error-invalid-email}" }, t)).toBe("Invalid email address.");
    expect(fieldErrorMessage({ field: "x", errorMessage: "Something the bundle does not know" }, t)).toBe(
      "Something the bundle does not know",
    );
  });

  it("puts errors on their fields and returns those of fields the form does not show", () => {
    const setError =
      vi.fn<(name: string, error: FormFieldError | { type: string; message: string }, options: unknown) => void>();
    const unplaced = applyServerErrors(
      [
        { field: "contact.phone", errorMessage: "error-invalid-value", params: ["Phone"] },
        { field: "hidden", errorMessage: "error-invalid-value", params: ["Hidden"] },
      ],
      setError,
      t,
      ["contact.phone"],
    );
    expect(setError).toHaveBeenCalledWith(
      "attributes.contact🍺phone",
      { type: "server", message: "'Phone' has invalid value." },
      { shouldFocus: true },
    );
    expect(unplaced).toEqual(["'Hidden' has invalid value."]);
  });
});
