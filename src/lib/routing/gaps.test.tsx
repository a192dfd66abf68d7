import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Link, RouterProvider, useLoaderData, useRouteError } from ".";
import { createMemoryRouter } from ".";

/** The gaps issue 36 named in an earlier router of our own, each as a test that failed on it; react-router passes them. */

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((ok) => (resolve = ok));
  return { promise, resolve };
}

/** Clicks `element` as `init` says; whether the console took the click (else the browser would follow the link). */
function click(element: Element, init: MouseEventInit = {}): boolean {
  let taken = false;
  // After the console's handlers: note the answer, then keep jsdom from trying to load another document.
  const after = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener("click", after, { once: true });
  element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }));
  return taken;
}

function Data() {
  return <p>data: {String(useLoaderData())}</p>;
}

function Failure() {
  const error = useRouteError();
  return <p role="alert">failed: {error instanceof Error ? error.message : String(error)}</p>;
}

describe("reload", () => {
  it("aborts a superseded reload: its late answer never overwrites newer data, and it stays loading until the last", async () => {
    const answers = [deferred<string>(), deferred<string>()];
    const signals: AbortSignal[] = [];
    let loads = 0;
    const router = createMemoryRouter([
      {
        path: "/",
        loader: ({ request }) => {
          if (loads++ === 0) return "first";
          signals.push(request.signal);
          return answers[signals.length - 1]!.promise;
        },
        Component: Data,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("data: first")).toBeInTheDocument();

    // Every state the router reaches from here on: what a reload that is done shows.
    const done: unknown[] = [];
    router.subscribe((state) => {
      if (state.revalidation === "idle") done.push(...Object.values(state.loaderData));
    });
    let reloads: Promise<void> | undefined;
    act(() => void router.revalidate());
    act(() => void (reloads = router.revalidate()));
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);

    // The older answer arrives first, then the newer one: only the newer one is shown, and nothing says the reload
    // is done before it is.
    await act(async () => {
      answers[0]!.resolve("stale");
      answers[1]!.resolve("fresh");
      await reloads;
    });
    expect(screen.getByText("data: fresh")).toBeInTheDocument();
    expect(router.state.revalidation).toBe("idle");
    expect(done).toEqual(["fresh"]);
  });
});

describe("a loader that throws", () => {
  const throwsAtOnce = (): never => {
    throw new Error("thrown at once");
  };

  it.each([
    ["at once", throwsAtOnce],
    [
      "in its promise",
      async () => {
        throw new Error("thrown at once");
      },
    ],
  ])("%s shows the route's error element, on a switch and on the first address", async (_how, loader) => {
    const routes = [
      { path: "/", loader: async () => "home", Component: Data, errorElement: <Failure /> },
      { path: "/broken", loader, Component: Data, errorElement: <Failure /> },
    ];
    const router = createMemoryRouter(routes);
    const { unmount } = render(<RouterProvider router={router} />);
    expect(await screen.findByText("data: home")).toBeInTheDocument();
    await act(async () => void router.navigate("/broken"));
    expect(await screen.findByRole("alert")).toHaveTextContent("failed: thrown at once");
    expect(router.state.navigation.state).toBe("idle");
    unmount();

    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ["/broken"] })} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("failed: thrown at once");
  });
});

describe("links", () => {
  function renderLinks() {
    const shell = (
      <>
        <Link to="/a">to a</Link>
        <Link to="/A/">to A</Link>
        <Link to="/b">to b</Link>
        <Link to="/b" onClick={(event) => event.preventDefault()}>
          prevented
        </Link>
        <Link to="/b" target="_blank">
          new tab
        </Link>
        <Link to="https://elsewhere.example/b">elsewhere</Link>
      </>
    );
    const router = createMemoryRouter(
      [
        { path: "/a", element: shell },
        { path: "/b", element: shell },
        { path: "/start", element: shell },
      ],
      { initialEntries: ["/start", "/a"] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it("to the page shown replaces its entry: one step back leaves it", async () => {
    const router = renderLinks();
    await screen.findByText("to a");
    await act(async () => fireEvent.click(screen.getByText("to a")));
    await act(async () => fireEvent.click(screen.getByText("to A")));
    expect(router.state.location.pathname).toBe("/A/");
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe("/start"));
  });

  it.each([
    ["ctrl", { ctrlKey: true }],
    ["meta", { metaKey: true }],
    ["shift", { shiftKey: true }],
    ["alt", { altKey: true }],
    ["the middle button", { button: 1 }],
  ])("with %s leaves the click to the browser", async (_key, modifier) => {
    const router = renderLinks();
    const link = await screen.findByText("to b");
    let taken = true;
    await act(async () => void (taken = click(link, modifier)));
    expect(taken).toBe(false);
    expect(router.state.location.pathname).toBe("/a");
  });

  it("leave a click alone that a handler prevented, one for another window, one for another site", async () => {
    const router = renderLinks();
    await act(async () => void click(await screen.findByText("prevented")));
    expect(router.state.location.pathname).toBe("/a");
    for (const name of ["new tab", "elsewhere"]) {
      let taken = true;
      await act(async () => void (taken = click(screen.getByText(name))));
      expect(taken).toBe(false);
      expect(router.state.location.pathname).toBe("/a");
    }
    expect(screen.getByText("new tab")).toHaveAttribute("href", "/b");
    expect(screen.getByText("elsewhere")).toHaveAttribute("href", "https://elsewhere.example/b");
  });
});
