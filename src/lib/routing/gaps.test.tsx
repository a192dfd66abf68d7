import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createBrowserRouter, createMemoryRouter, Link, RouterProvider, useLeavingPage } from ".";

/**
 * What our layer adds to react-router (index.ts). react-router's own behaviour (matching, loaders, error elements,
 * useBlocker, modifier keys on links) is its suite's to test; the scroll, focus and guard across real page switches
 * are tests/e2e/navigation.e2e.ts's.
 */

describe("links", () => {
  it("to the page shown, in any letter case, replace its entry: one step back leaves it", async () => {
    const shell = (
      <>
        <Link to="/a">to a</Link>
        <Link to="/A/">to A</Link>
      </>
    );
    const router = createMemoryRouter(
      [
        { path: "/a", element: shell },
        { path: "/start", element: shell },
      ],
      { initialEntries: ["/start", "/a"] },
    );
    render(<RouterProvider router={router} />);
    await act(async () => fireEvent.click(await screen.findByText("to a")));
    await act(async () => fireEvent.click(screen.getByText("to A")));
    expect(router.state.location.pathname).toBe("/A/");
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe("/start"));
  });
});

describe("the browser's router", () => {
  const routes = [
    {
      path: "/",
      children: [
        { index: true, element: <p>home page</p> },
        { path: "groups", element: <p>groups page</p> },
      ],
    },
  ];

  it("gives the console's address its trailing slash, in any letter case, as Keycloak's links write it", async () => {
    window.history.replaceState(null, "", "/realms/demo/Account?referrer=app");
    const router = createBrowserRouter(routes, { basename: "/realms/demo/account" });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("home page")).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe("/realms/demo/account/?referrer=app");
    await act(() => router.navigate("/groups"));
    expect(window.location.pathname).toBe("/realms/demo/account/groups");
  });

  it("gives an entry the browser made itself (a #fragment) the position after the one shown", async () => {
    window.history.replaceState(null, "", "/realms/demo/account/groups");
    const router = createBrowserRouter(routes, { basename: "/realms/demo/account" });
    render(<RouterProvider router={router} />);
    await screen.findByText("groups page");
    const shown = (window.history.state as { idx: number }).idx;
    // What a plain fragment link does: a new entry without state, then popstate.
    act(() => {
      window.history.pushState(null, "", "#part");
      window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
    });
    // (A router of an earlier test still listens, and may number it first: after the one shown, either way.)
    expect((window.history.state as { idx?: number } | null)?.idx).toBeGreaterThan(shown);
  });
});

describe("useLeavingPage", () => {
  function Probe() {
    return <p data-testid="leaving">{String(useLeavingPage())}</p>;
  }

  it("under a basename: true while another page loads, false while the page shown reloads", async () => {
    let release = () => {};
    const load = () => new Promise<null>((resolve) => (release = () => resolve(null)));
    const router = createMemoryRouter(
      [
        {
          path: "/",
          element: <Probe />,
          children: [
            { index: true, loader: load, element: null },
            { path: "groups", loader: load, element: null },
          ],
        },
      ],
      { basename: "/realms/demo/account/", initialEntries: ["/realms/demo/account/"] },
    );
    render(<RouterProvider router={router} />);
    await act(async () => release());
    const leaving = await screen.findByTestId("leaving");
    expect(leaving).toHaveTextContent("false");

    // The page shown with its data loaded again (as a step back from a fragment loads it): no switch.
    act(() => void router.navigate("/?again"));
    expect(router.state.navigation.state).toBe("loading");
    expect(leaving).toHaveTextContent("false");
    await act(async () => release());
    await waitFor(() => expect(router.state.navigation.state).toBe("idle"));

    act(() => void router.navigate("/groups"));
    expect(router.state.navigation.state).toBe("loading");
    expect(leaving).toHaveTextContent("true");
    await act(async () => release());
    await waitFor(() => expect(leaving).toHaveTextContent("false"));
  });
});
