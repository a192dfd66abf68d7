import { fireEvent, screen } from "@testing-library/react";
import { MemoryRouter } from "../../lib/router";
import { describe, expect, it } from "vitest";
import { renderInApp } from "../../testing/renderPage";
import type { MenuItem } from "./menu";
import { Sidebar } from "./Sidebar";

const menu: MenuItem[] = [
  { label: "personalInfo", path: "" },
  {
    label: "accountSecurity",
    children: [
      { label: "signingIn", path: "account-security/signing-in" },
      { label: "deviceActivity", path: "account-security/device-activity" },
    ],
  },
];

function renderSidebar(path = "/") {
  renderInApp(
    <MemoryRouter initialEntries={[path]}>
      <Sidebar menu={menu} />
    </MemoryRouter>,
  );
  return screen.getByTestId("accountSecurity").querySelector("button")!;
}

describe("sidebar", () => {
  it("opens and closes a group on click, after pointer and focus on it (which prefetch its pages)", () => {
    const toggle = renderSidebar();
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    fireEvent.mouseEnter(toggle);
    fireEvent.focus(toggle);
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByTestId("account-security/signing-in")).toBeVisible();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("opens the group of the current page", () => {
    const toggle = renderSidebar("/account-security/device-activity");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByTestId("account-security/device-activity")).toHaveAttribute("aria-current", "page");
  });
});
