import { screen } from "@testing-library/react";
import { RouterProvider } from "../../lib/routing";
import { createMemoryRouter } from "../../testing/memoryRouter";
import { describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../testing/renderPage";
import { Shell, SPINNER_DELAY_MS } from "./Shell";

// The header stands in for itself and counts its draws (it has tests of its own).
const headerDraws = vi.hoisted(() => ({ count: 0 }));
vi.mock("./Header", () => ({
  Header: () => {
    headerDraws.count++;
    return <header>Header</header>;
  },
}));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The shell over two pages; the second one's data arrives when the test says so. */
function renderShell() {
  headerDraws.count = 0;
  let arrive = () => {};
  const router = createMemoryRouter([
    {
      path: "/",
      element: <Shell menu={[]} />,
      children: [
        { index: true, element: <h1>First page</h1> },
        {
          path: "slow",
          loader: () => new Promise<null>((resolve) => (arrive = () => resolve(null))),
          element: <h1>Slow page</h1>,
        },
      ],
    },
  ]);
  renderInApp(<RouterProvider router={router} />);
  void router.navigate("/slow");
  return { arrive: () => arrive() };
}

describe("shell page switch", () => {
  it("keeps the old page for a quick switch, with no spinner flashing", async () => {
    const { arrive } = renderShell();
    await sleep(SPINNER_DELAY_MS / 3);
    expect(screen.getByRole("heading", { name: "First page" })).toBeVisible();
    expect(screen.queryByRole("progressbar")).toBeNull();

    arrive();
    expect(await screen.findByRole("heading", { name: "Slow page" })).toBeVisible();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("shows the spinner once a switch takes longer, and the page when its data is in", async () => {
    const { arrive } = renderShell();
    expect(await screen.findByRole("progressbar", { name: "Loading" }, { timeout: 2_000 })).toBeVisible();
    expect(screen.queryByRole("heading", { name: "First page" })).toBeNull();

    arrive();
    expect(await screen.findByRole("heading", { name: "Slow page" })).toBeVisible();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("draws the header once, not at each step of a switch", async () => {
    const { arrive } = renderShell();
    await sleep(SPINNER_DELAY_MS + 50); // the spinner is up: the switch has been through its steps
    arrive();
    expect(await screen.findByRole("heading", { name: "Slow page" })).toBeVisible();
    expect(headerDraws.count).toBe(1);
  });
});
