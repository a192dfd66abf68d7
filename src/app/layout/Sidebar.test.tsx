import { act, fireEvent, screen } from "@testing-library/react";
import { MemoryRouter } from "../../lib/routing";
import { describe, expect, it } from "vitest";
import { probeExtension } from "../../api/extension";
import { renderInApp, type StubRoute } from "../../testing/renderPage";
import type { MenuItem } from "./menu";
import { Sidebar } from "./Sidebar";

const menu: MenuItem[] = [
  { label: "personalInfo", path: "" },
  {
    label: "accountSecurity",
    children: [
      { label: "signingIn", path: "account-security/signing-in" },
      { label: "deviceActivity", path: "account-security/device-activity" },
      { label: "accountActivity", path: "account-security/account-activity", isVisible: "accountActivity" },
    ],
  },
];

function renderSidebar(path = "/", routes: StubRoute[] = []) {
  const { api } = renderInApp(
    <MemoryRouter initialEntries={[path]}>
      <Sidebar menu={menu} />
    </MemoryRouter>,
    { routes },
  );
  return Object.assign(screen.getByTestId("accountSecurity").querySelector("button")!, { api });
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

  it("shows an item gated by the server extension only once the extension says it offers it", async () => {
    const toggle = renderSidebar("/account-security/signing-in", [
      {
        path: "/realms/demo/account-console-extension/",
        body: { accountActivity: true, defaultSecondFactor: true, eventsEnabled: true },
      },
    ]);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.queryByTestId("account-security/account-activity")).toBeNull();
    await act(() => probeExtension(toggle.api));
    expect(screen.getByTestId("account-security/account-activity")).toHaveTextContent("Account activity");
  });

  it.each([
    ["without the extension (404)", []],
    [
      "when an admin switched it off",
      [{ path: "/realms/demo/account-console-extension/", body: { accountActivity: false, eventsEnabled: true } }],
    ],
  ])("never shows that item %s", async (_case, routes: StubRoute[]) => {
    const toggle = renderSidebar("/account-security/signing-in", routes);
    await act(() => probeExtension(toggle.api));
    expect(screen.getByTestId("account-security/signing-in")).toBeVisible();
    expect(screen.queryByTestId("account-security/account-activity")).toBeNull();
  });
});
