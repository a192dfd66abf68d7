import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../testing/renderPage";
import type { SelectControlProps } from "./selectProps";

const OPTIONS = ["Austria", "Sweden", "Switzerland"].map((name) => ({ value: name, label: name }));

/** A fresh copy of the module: the typeahead's code is not loaded yet. */
async function freshSelectControl() {
  vi.resetModules();
  const [{ SelectControl }, { loadTypeaheadSelect }] = await Promise.all([
    import("./SelectControl"),
    import("./typeaheadCode"),
  ]);
  return { SelectControl, loadTypeaheadSelect };
}

function props(extra: Partial<SelectControlProps> = {}): SelectControlProps {
  return { id: "country", options: OPTIONS, value: "Sweden", onChange: () => {}, "aria-label": "Country", ...extra };
}

describe("select control", () => {
  beforeEach(() => vi.resetModules());

  it("draws a plain select without loading the typeahead's code", async () => {
    const { SelectControl } = await freshSelectControl();
    renderInApp(<SelectControl {...props()} />);
    expect(screen.getByRole("button", { name: "Country: Sweden" })).toBeEnabled();
    expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("shows the value in a busy toggle until the typeahead's code is in, then the typeahead", async () => {
    const { SelectControl } = await freshSelectControl();
    const onChange = vi.fn();
    renderInApp(<SelectControl {...props({ typeahead: true, onChange })} />);
    const busy = document.getElementById("country");
    expect(busy).toHaveAttribute("aria-busy", "true");
    expect(busy).toHaveTextContent("Sweden");
    expect(busy).toBeDisabled();

    const input = await screen.findByRole("combobox", { name: "Country" });
    expect(input).toHaveValue("Sweden");
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole("option", { name: "Austria" }));
    expect(onChange).toHaveBeenCalledWith("Austria");
  });

  it("renders the typeahead at once when a loader has loaded its code", async () => {
    const { SelectControl, loadTypeaheadSelect } = await freshSelectControl();
    await loadTypeaheadSelect();
    renderInApp(<SelectControl {...props({ multi: true, value: ["Sweden"] })} />);
    expect(screen.getByRole("combobox", { name: "Country" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Remove Sweden" })).toBeVisible();
  });
});
