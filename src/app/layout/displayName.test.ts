import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { displayName } from "./displayName";

const t = ((key: string, options?: Record<string, string>) =>
  key === "fullName" ? `${options?.givenName} ${options?.familyName}` : `[${key}]`) as unknown as TFunction;

describe("displayName", () => {
  it("uses given and family name", () => {
    expect(displayName({ given_name: "Alice", family_name: "Liddell", preferred_username: "alice" }, t)).toBe(
      "Alice Liddell",
    );
    expect(displayName({ given_name: "Alice" }, t)).toBe("Alice");
  });

  it("falls back to the username, then to unknownUser", () => {
    expect(displayName({ preferred_username: "alice" }, t)).toBe("alice");
    expect(displayName({}, t)).toBe("[unknownUser]");
  });
});
