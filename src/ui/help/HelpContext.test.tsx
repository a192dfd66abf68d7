import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { HELP_STORAGE_KEY, HelpProvider, readHelpEnabled, useHelp } from "./HelpContext";
import { HelpItem } from "./HelpItem";

function Toggle() {
  const help = useHelp();
  return (
    <button type="button" onClick={help.toggle}>
      {help.enabled ? "on" : "off"}
    </button>
  );
}

const renderHelp = () =>
  render(
    <HelpProvider>
      <Toggle />
      <HelpItem fieldId="email" label="Email" helpText="Your address" />
    </HelpProvider>,
  );

describe("help", () => {
  it("is on by default and shows help icons", () => {
    renderHelp();
    expect(screen.getByRole("button", { name: "on" })).toBeInTheDocument();
    expect(screen.getByTestId("help-label-email")).toBeInTheDocument();
  });

  it("remembers being switched off in localStorage, and hides help icons", async () => {
    renderHelp();
    await userEvent.click(screen.getByRole("button", { name: "on" }));
    expect(localStorage.getItem(HELP_STORAGE_KEY)).toBe("false");
    expect(screen.queryByTestId("help-label-email")).toBeNull();
  });

  it("starts from the stored preference", () => {
    localStorage.setItem(HELP_STORAGE_KEY, "false");
    renderHelp();
    expect(screen.getByRole("button", { name: "off" })).toBeInTheDocument();
  });

  it("follows changes made in another tab", () => {
    renderHelp();
    act(() => {
      localStorage.setItem(HELP_STORAGE_KEY, "false");
      window.dispatchEvent(new StorageEvent("storage", { key: HELP_STORAGE_KEY, newValue: "false" }));
    });
    expect(screen.getByRole("button", { name: "off" })).toBeInTheDocument();
  });

  it("treats unreadable values as on", () => {
    localStorage.setItem(HELP_STORAGE_KEY, "{not json");
    expect(readHelpEnabled(localStorage)).toBe(true);
    expect(readHelpEnabled(undefined)).toBe(true);
  });
});
