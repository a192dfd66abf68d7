import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { usePageData, useReloadPage } from "../../ui/pageData";
import { routedPage } from "./RoutedPage";

/** A page that counts its renders, and a second page whose data arrives when the test says so. */
function renderTwoPages() {
  let renders = 0;
  let version = 0;
  let arrive = () => {};
  function Counted() {
    renders++;
    const data = usePageData<{ version: number }>();
    const { reload, reloading } = useReloadPage();
    return (
      <>
        <h1>Version {data.version}</h1>
        <button onClick={() => void reload()}>{reloading ? "Reloading" : "Reload"}</button>
      </>
    );
  }
  const router = createMemoryRouter([
    {
      path: "/",
      loader: () => ({ version: ++version }),
      Component: routedPage(Counted),
      hydrateFallbackElement: <p>Loading</p>,
    },
    {
      path: "/slow",
      loader: () => new Promise<null>((resolve) => (arrive = () => resolve(null))),
      Component: routedPage(() => <h1>Slow page</h1>),
    },
  ]);
  render(<RouterProvider router={router} />);
  return { router, renders: () => renders, arrive: () => arrive() };
}

describe("a page under its route", () => {
  it("gets its loader's data and draws again only when that data changes", async () => {
    const pages = renderTwoPages();
    expect(await screen.findByRole("heading", { name: "Version 1" })).toBeInTheDocument();
    const drawn = pages.renders();

    // Leaving starts a navigation: the router's state changes while the next page's data loads.
    act(() => void pages.router.navigate("/slow"));
    expect(pages.router.state.navigation.state).toBe("loading");
    expect(pages.renders()).toBe(drawn);

    act(() => pages.arrive());
    expect(await screen.findByRole("heading", { name: "Slow page" })).toBeInTheDocument();
  });

  it("reloads its data on request, saying so meanwhile", async () => {
    const pages = renderTwoPages();
    expect(await screen.findByRole("heading", { name: "Version 1" })).toBeInTheDocument();
    act(() => screen.getByRole("button", { name: "Reload" }).click());
    expect(await screen.findByRole("heading", { name: "Version 2" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(pages.renders()).toBeGreaterThan(1);
  });
});
