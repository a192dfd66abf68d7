import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { bundleKey, translateLabel, translateMarked } from "./translateLabel";

const bundle: Record<string, string> = { email: "Email", staff: "Staff" };
const t = ((key: string, options?: { defaultValue?: string }) =>
  bundle[key] ?? options?.defaultValue ?? key) as TFunction;

describe("bundleKey", () => {
  it("finds the key of ${key}, around spaces too, and nothing in plain text", () => {
    expect(bundleKey("${staff}")).toBe("staff");
    expect(bundleKey(" ${staff} ")).toBe("staff");
    expect(bundleKey("Staff ${x}")).toBeUndefined();
    expect(bundleKey("staff")).toBeUndefined();
  });
});

describe("translateLabel", () => {
  it("translates ${key}, and a plain text that is a key, and keeps any other text", () => {
    expect(translateLabel(t, "${staff}")).toBe("Staff");
    expect(translateLabel(t, "email")).toBe("Email");
    expect(translateLabel(t, "Tea party")).toBe("Tea party");
    expect(translateLabel(t, undefined, "fallback")).toBe("fallback");
  });
});

describe("translateMarked", () => {
  it("translates only ${key}: a name a bundle happens to have stays as the admin wrote it", () => {
    expect(translateMarked(t, "${staff}")).toBe("Staff");
    expect(translateMarked(t, "email")).toBe("email");
    expect(translateMarked(t, "", "unnamed")).toBe("unnamed");
    expect(translateMarked(t, "${missing}")).toBe("missing");
  });
});
