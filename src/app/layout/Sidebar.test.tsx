import { act, fireEvent, screen } from "@testing-library/react";
import { RouterProvider } from "../../lib/routing";
import { createMemoryRouter } from "../../lib/routing";
import { MemoryRouter } from "../../testing/memoryRouter";
import { describe, expect, it } from "vitest";
import { PAGES } from "../routing/pages";
import { setMenuCount } from "../routing/menuBadges";
import { probeExtension } from "../../api/extension";
import { renderInApp, type StubRoute } from "../../testing/renderPage";
import type { MenuItem } from "../../menu/menu";
import { Sidebar } from "./Sidebar";

const menu: MenuItem[] = [
  { label: "personalInfo", path: "" },
  {
    label: "accountSecurity",
    children: [
      { label: "signingIn", path: "account-security/signing-in" },
      { label: "deviceActivity", path: "account-security/device-activity" },
      { label: "accountActivity", path: "account-security/account-activity", isVisible: "accountActivity" },
      { label: "checkupTitle", path: "account-security/security-checkup" },
    ],
  },
  { label: "groups", path: "groups" },
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

describe("sidebar links", () => {
  /** The sidebar at `path` in a router the test can read. */
  function renderRouted(path: string) {
    const router = createMemoryRouter([{ path: "*", element: <Sidebar menu={menu} /> }], { initialEntries: [path] });
    renderInApp(<RouterProvider router={router} />);
    return router;
  }

  /** Clicks `element` as `init` says; whether the console took the click (else the browser follows the link). */
  function click(element: Element, init: MouseEventInit = {}): boolean {
    let taken = false;
    const after = (event: Event) => {
      taken = event.defaultPrevented;
      event.preventDefault(); // jsdom cannot load another document
    };
    document.addEventListener("click", after, { once: true });
    element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }));
    return taken;
  }

  it("mark the page shown with aria-current in any letter case, and keep the query string", async () => {
    renderRouted("/Groups/?referrer=app");
    const groups = await screen.findByTestId("groups");
    expect(groups).toHaveAttribute("aria-current", "page");
    expect(groups).toHaveAttribute("href", "/groups?referrer=app");
    expect(screen.getByRole("link", { name: "Personal info" })).not.toHaveAttribute("aria-current");
  });

  it.each([
    ["alt", { altKey: true }],
    ["ctrl", { ctrlKey: true }],
    ["meta", { metaKey: true }],
    ["shift", { shiftKey: true }],
    ["the middle button", { button: 1 }],
  ])("leave a click with %s to the browser", async (_key, init) => {
    const router = renderRouted("/");
    let taken = true;
    await act(async () => void (taken = click(await screen.findByTestId("groups"), init)));
    expect(taken).toBe(false);
    expect(router.state.location.pathname).toBe("/");
  });

  it("leave a click alone that another handler prevented; a plain click switches the page", async () => {
    const router = renderRouted("/");
    const groups = await screen.findByTestId("groups");
    const prevent = (event: Event) => event.preventDefault();
    groups.addEventListener("click", prevent);
    await act(async () => void click(groups));
    expect(router.state.location.pathname).toBe("/");
    groups.removeEventListener("click", prevent);
    await act(async () => void click(groups));
    expect(router.state.location.pathname).toBe("/groups");
  });

  it("shows how many findings the security checkup has once they are counted, and none while there are none", () => {
    const toggle = renderSidebar("/account-security/security-checkup");
    const checkup = PAGES["account-security/security-checkup"]!;
    const item = screen.getByTestId("account-security/security-checkup");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.queryByTestId("checkup-count")).toBeNull();
    act(() => setMenuCount(toggle.api, checkup, 3));
    expect(screen.getByTestId("checkup-count")).toHaveTextContent("3");
    expect(item).toHaveAccessibleName("Security checkup, 3 to do");
    act(() => setMenuCount(toggle.api, checkup, 0));
    expect(screen.queryByTestId("checkup-count")).toBeNull();
  });
});
