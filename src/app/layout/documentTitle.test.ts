// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activeLeaf, useDocumentTitle } from "./documentTitle";
import type { MenuItem } from "../../menu/menu";

const MENU: MenuItem[] = [
  { label: "personalInfo", path: "" },
  {
    label: "accountSecurity",
    children: [
      { label: "signingIn", path: "account-security/signing-in" },
      { label: "deviceActivity", path: "account-security/device-activity" },
    ],
  },
];

describe("the document title", () => {
  afterEach(() => {
    document.title = "";
  });

  it("finds the menu leaf of the current path, inside groups too", () => {
    expect(activeLeaf(MENU, "")?.label).toBe("personalInfo");
    expect(activeLeaf(MENU, "account-security/device-activity")?.label).toBe("deviceActivity");
    expect(activeLeaf(MENU, "nowhere")).toBeUndefined();
  });

  it("finds it in any letter case, as the routes match (/Account-Security/Signing-In is signing in)", () => {
    expect(activeLeaf(MENU, "Account-Security/Signing-In")?.label).toBe("signingIn");
  });

  it("puts the page's name before the theme's title, and goes back to the theme's title alone", () => {
    document.title = "Account Management";
    const { rerender } = renderHook(({ label }: { label: string | undefined }) => useDocumentTitle(label), {
      initialProps: { label: "Signing in" as string | undefined },
    });
    expect(document.title).toBe("Signing in - Account Management");
    rerender({ label: "Device activity" });
    expect(document.title).toBe("Device activity - Account Management");
    rerender({ label: undefined });
    expect(document.title).toBe("Account Management");
  });
});
