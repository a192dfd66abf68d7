// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { showStartupFailure } from "./startupFailure";

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe("the start-up failure dialog (app code did not load)", () => {
  it("replaces the spinner with a dialog naming the error, its Try again focused", () => {
    const root = document.createElement("div");
    root.innerHTML = '<main aria-busy="true"><div role="progressbar"></div></main>';
    document.body.append(root);
    showStartupFailure(root, new TypeError("Failed to fetch dynamically imported module: /assets/shell-x.js"));

    expect(root.querySelector("[role=progressbar]")).toBeNull();
    const dialog = root.querySelector("[role=alertdialog]")!;
    expect(dialog).toHaveAccessibleName("Something went wrong");
    expect(dialog).toHaveAccessibleDescription(/unexpected error.*shell-x\.js/);
    expect(document.activeElement).toHaveTextContent("Try again");
  });

  it("Try again loads the page afresh, without query or hash", () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { origin: "https://id.example.org", pathname: "/realms/demo/account/", assign });
    const root = document.createElement("div");
    document.body.append(root);
    showStartupFailure(root, "not an Error");
    expect(root.querySelector("[data-testid=error-message]")).toBeNull();
    root.querySelector("button")!.click();
    expect(assign).toHaveBeenCalledWith("https://id.example.org/realms/demo/account/");
  });
});
