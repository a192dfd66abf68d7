import { act, render, screen } from "@testing-library/react";
import { RouterProvider } from "../../lib/routing";
import { createMemoryRouter } from "../../lib/routing";
import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../api/client";
import { definePage, type PageProps } from "../../pages/page";
import { testEnvironment } from "../../testing/renderPage";
import { pageRoute } from "./routes";

const context = { api: {} as ApiClient, features: testEnvironment.features, menu: [] };

/** A page that counts its renders, and a second page whose data arrives when the test says so. */
function renderTwoPages() {
  let renders = 0;
  let version = 0;
  let arrive = () => {};
  function Counted({ data, reload, reloading }: PageProps<{ version: number }>) {
    renders++;
    return (
      <>
        <h1>Version {data.version}</h1>
        <button onClick={() => void reload()}>{reloading ? "Reloading" : "Reload"}</button>
      </>
    );
  }
  const counted = definePage({
    module: async () => ({ default: Counted }),
    loader: async () => ({ version: ++version }),
  });
  const slow = definePage({
    module: async () => ({ default: ({ data }: PageProps<string>) => <h1>{data}</h1> }),
    loader: () => new Promise<string>((resolve) => (arrive = () => resolve("Slow page"))),
  });
  const router = createMemoryRouter([
    { path: "/", children: [pageRoute("", counted, context), pageRoute("slow", slow, context)] },
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

  it("fails the route when the loader's result is not a page view", async () => {
    const router = createMemoryRouter([
      {
        path: "/",
        loader: () => ({ version: 1 }),
        Component: (await import("./RoutedPage")).RoutedPage,
        errorElement: <p>Route failed</p>,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("Route failed")).toBeInTheDocument();
  });
});
