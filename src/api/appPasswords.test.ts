import { describe, expect, it } from "vitest";
import {
  appPasswordErrorCode,
  appPasswordNameKey,
  appPasswordNameProblem,
  nameRefusalKey,
  needsReauthentication,
} from "./appPasswords";
import { ApiError } from "./client";

const refusal = (status: number, error: string) => new ApiError("x", status, undefined, { error });

describe("app password names, as the server judges them", () => {
  it("needs something visible, at most 64 characters", () => {
    expect(appPasswordNameProblem("Mail", [])).toBeUndefined();
    for (const blank of ["", "   ", "\u200B", "\u00A0", "\uFEFF", "\u200B\u00A0\u2060", "\u3164", "\u2800", "\uFE0F"]) {
      expect(appPasswordNameProblem(blank, []), JSON.stringify(blank)).toBe("appPasswordsNameRequired");
    }
    expect(appPasswordNameProblem("m".repeat(64), [])).toBeUndefined();
    expect(appPasswordNameProblem("m".repeat(65), [])).toBe("appPasswordsNameTooLong");
    // Characters, not UTF-16 units; a joiner inside an emoji sequence is fine.
    expect(appPasswordNameProblem("\u{1F4EC}".repeat(64), [])).toBeUndefined();
    expect(appPasswordNameProblem("\u{1F469}\u200D\u{1F4BB} Laptop", [])).toBeUndefined();
  });

  it("refuses controls that change the direction of text, not right-to-left text", () => {
    for (const control of ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"]) {
      expect(appPasswordNameProblem(`mail${control}txt.exe`, [])).toBe("appPasswordsNameDirection");
    }
    for (const mark of ["\u200E", "\u200F", "\u061C"]) {
      expect(appPasswordNameProblem(`Mail${mark}`, [])).toBe("appPasswordsNameDirection");
      expect(appPasswordNameProblem(mark, [])).toBe("appPasswordsNameDirection");
    }
    expect(appPasswordNameProblem("\u05D3\u05D5\u05D0\u05E8", [])).toBeUndefined();
  });

  it("takes names that show alike as one", () => {
    for (const same of ["MAIL", " mail ", "mail\u200B", "\uFF2D\uFF41\uFF49\uFF4C", "ma\u00ADil"]) {
      expect(appPasswordNameProblem(same, ["Mail"]), JSON.stringify(same)).toBe("appPasswordsNameTaken");
    }
    expect(appPasswordNameProblem("Mail 2", ["Mail"])).toBeUndefined();
    expect(appPasswordNameKey("Mail\u00A0server")).toBe(appPasswordNameKey("mail server"));
  });
});

describe("the server's refusals of a create", () => {
  it("tells a too old sign-in from the rest", () => {
    expect(needsReauthentication(refusal(403, "reauthentication_required"))).toBe(true);
    expect(needsReauthentication(refusal(403, "forbidden"))).toBe(false);
    expect(needsReauthentication(new Error("reauthentication_required"))).toBe(false);
    expect(appPasswordErrorCode(refusal(409, "limit_reached"))).toBe("limit_reached");
  });

  it("names the field's message for a refused name", () => {
    expect(nameRefusalKey(refusal(409, "name_taken"))).toBe("appPasswordsNameTaken");
    expect(nameRefusalKey(refusal(400, "name_direction_controls"))).toBe("appPasswordsNameDirection");
    expect(nameRefusalKey(refusal(409, "limit_reached"))).toBeUndefined();
  });
});
