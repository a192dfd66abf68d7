import { PageToggleButton } from "@patternfly/react-core";
import { act, fireEvent, screen } from "@testing-library/react";
import { RouterProvider } from "../../lib/routing";
import { createMemoryRouter } from "../../lib/routing";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pageWidth } from "../../testing/pageWidth";
import { renderInApp } from "../../testing/renderPage";
import type { MenuItem } from "../../menu/menu";
import { MAIN_ID, Shell, SPINNER_DELAY_MS } from "./Shell";

// The header stands in for itself and counts its draws (it has tests of its own).
const headerDraws = vi.hoisted(() => ({ count: 0 }));
vi.mock("./Header", () => ({
  Header: () => {
    headerDraws.count++;
    return (
      <header>
        <PageToggleButton isHamburgerButton aria-label="Navigation" />
      </header>
    );
  },
}));

// The spinner's delay runs on fake timers: the test says when time passes, so a slow machine changes nothing. Only
// setTimeout is faked; React's scheduler (setImmediate) and the router's promises run as usual.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets `ms` of fake time pass, and React draw what it caused. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const menu: MenuItem[] = [
  { label: "personalInfo", path: "" },
  { label: "groups", path: "groups" },
];

/** The shell over three pages; the slow one's data arrives when the test says so. */
function renderShell() {
  headerDraws.count = 0;
  let arrive = () => {};
  const router = createMemoryRouter([
    {
      path: "/",
      element: <Shell menu={menu} />,
      children: [
        { index: true, element: <h1>First page</h1> },
        { path: "groups", element: <h1>Groups page</h1> },
        {
          path: "slow",
          loader: () => new Promise<null>((resolve) => (arrive = () => resolve(null))),
          element: <h1>Slow page</h1>,
        },
      ],
    },
  ]);
  renderInApp(<RouterProvider router={router} />);
  return { router, arrive: () => arrive() };
}

/** The shell, switching to the slow page. */
function renderSwitch() {
  const { router, arrive } = renderShell();
  act(() => void router.navigate("/slow"));
  return { arrive };
}

/** The slow page's data comes in: the slow page shows, and no spinner is left. */
async function expectArrival(arrive: () => void) {
  await act(async () => arrive());
  expect(screen.getByRole("heading", { name: "Slow page" })).toBeVisible();
  expect(screen.queryByRole("progressbar")).toBeNull();
}

describe("shell page switch", () => {
  it("keeps the old page for a quick switch, with no spinner flashing", async () => {
    const { arrive } = renderSwitch();
    await pass(SPINNER_DELAY_MS - 1);
    expect(screen.getByRole("heading", { name: "First page" })).toBeVisible();
    expect(screen.queryByRole("progressbar")).toBeNull();

    await expectArrival(arrive);
  });

  it("shows the spinner once a switch takes longer, and the page when its data is in", async () => {
    const { arrive } = renderSwitch();
    await pass(SPINNER_DELAY_MS);
    expect(screen.getByRole("progressbar", { name: "Loading" })).toBeVisible();
    expect(screen.queryByRole("heading", { name: "First page" })).toBeNull();

    await expectArrival(arrive);
  });

  it("draws the header once, not at each step of a switch", async () => {
    const { arrive } = renderSwitch();
    await pass(SPINNER_DELAY_MS);
    // The spinner is up: the switch has been through its steps.
    expect(screen.getByRole("progressbar", { name: "Loading" })).toBeVisible();
    await expectArrival(arrive);
    expect(headerDraws.count).toBe(1);
  });
});

describe("the page frame", () => {
  const sidebar = () => document.getElementById("page-sidebar")!;
  const toggle = () => screen.getByRole("button", { name: "Navigation" });

  it("opens the sidebar on a wide screen; the toggle collapses and reopens it", () => {
    pageWidth(1280);
    renderShell();
    expect(sidebar()).toHaveAttribute("aria-hidden", "false");
    expect(toggle()).toHaveAttribute("aria-expanded", "true");
    fireEvent.click(toggle());
    expect(sidebar()).toHaveClass("pf-m-collapsed");
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(toggle());
    expect(sidebar()).toHaveAttribute("aria-hidden", "false");
  });

  it("keeps the sidebar closed on a phone until the toggle opens it, and closes it after a page is chosen", async () => {
    pageWidth(375);
    renderShell();
    expect(sidebar()).toHaveClass("pf-m-collapsed");
    fireEvent.click(toggle());
    expect(sidebar()).toHaveClass("pf-m-expanded");
    await act(async () => screen.getByTestId("groups").click());
    expect(screen.getByRole("heading", { name: "Groups page" })).toBeVisible();
    expect(sidebar()).toHaveClass("pf-m-collapsed");
  });

  it("closes the phone's open sidebar with a tap on the page", () => {
    pageWidth(375);
    renderShell();
    fireEvent.click(toggle());
    expect(sidebar()).toHaveClass("pf-m-expanded");
    fireEvent.mouseDown(screen.getByRole("main"));
    expect(sidebar()).toHaveClass("pf-m-collapsed");
  });

  it("gives the main region its id, and the skip link moves the focus there without a fragment in the URL", async () => {
    const { router } = renderShell();
    const main = screen.getByRole("main");
    expect(main).toHaveAttribute("id", MAIN_ID);
    fireEvent.click(screen.getByRole("link", { name: "Skip to main content" }));
    expect(main).toHaveFocus();
    expect(router.state.location.hash).toBe("");
  });
});
