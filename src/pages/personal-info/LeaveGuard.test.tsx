import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createMemoryRouter, RouterProvider } from "../../lib/routing";
import { InertWhileLeaving } from "./LeaveGuard";

describe("InertWhileLeaving", () => {
  it("is inert while a switch to another page waits for its data, and live again once the switch is cancelled", async () => {
    let answer = () => {};
    const held = new Promise<null>((resolve) => (answer = () => resolve(null)));
    const router = createMemoryRouter([
      {
        path: "/",
        element: (
          <InertWhileLeaving>
            <input aria-label="First name" />
          </InertWhileLeaving>
        ),
      },
      { path: "/next", loader: () => held, element: <h1>Next</h1> },
    ]);
    render(<RouterProvider router={router} />);
    const form = screen.getByRole("textbox", { name: "First name" }).parentElement!;
    expect(form).not.toHaveAttribute("inert");

    // Not awaited: the switch waits for `held`.
    await act(async () => void router.navigate("/next"));
    expect(router.state.navigation.state).toBe("loading");
    expect(form).toHaveAttribute("inert");

    // Back to the page shown (what back does before the next page has drawn): the switch is cancelled.
    await act(() => router.navigate("/"));
    expect(router.state.navigation.state).toBe("idle");
    expect(form).not.toHaveAttribute("inert");
    answer();
  });

  it("stays live while the page it is on reloads its data", async () => {
    let answer = () => {};
    const held = new Promise<null>((resolve) => (answer = () => resolve(null)));
    const router = createMemoryRouter(
      [
        {
          id: "page",
          path: "/",
          loader: () => held,
          element: (
            <InertWhileLeaving>
              <input aria-label="First name" />
            </InertWhileLeaving>
          ),
        },
      ],
      // The page's first data is there already: only the reload waits.
      { hydrationData: { loaderData: { page: null } } },
    );
    render(<RouterProvider router={router} />);
    const form = screen.getByRole("textbox", { name: "First name" }).parentElement!;

    await act(async () => void router.navigate("/?tab=2"));
    expect(router.state.navigation.state).toBe("loading");
    expect(form).not.toHaveAttribute("inert");
    await act(async () => answer());
    expect(router.state.navigation.state).toBe("idle");
  });
});
