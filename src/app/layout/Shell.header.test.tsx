import { act, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../testing/renderPage";
import { Shell } from "./Shell";

const headerRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock("./Header", () => ({
  Header: () => {
    headerRenders.count++;
    return <header>Header</header>;
  },
}));

describe("shell header", () => {
  it("does not draw again while a page switch goes through its steps", async () => {
    let arrive = () => {};
    const router = createMemoryRouter([
      {
        path: "/",
        element: <Shell menu={[]} />,
        children: [
          { index: true, element: <h1>First page</h1> },
          { path: "next", loader: () => new Promise<null>((r) => (arrive = () => r(null))), element: <h1>Next</h1> },
        ],
      },
    ]);
    renderInApp(<RouterProvider router={router} />);
    expect(await screen.findByRole("heading", { name: "First page" })).toBeVisible();
    const drawn = headerRenders.count;

    act(() => void router.navigate("/next"));
    act(() => arrive());
    expect(await screen.findByRole("heading", { name: "Next" })).toBeVisible();
    expect(headerRenders.count).toBe(drawn);
  });
});
