import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import {
  createBrowserRouter,
  Link,
  matchRoutes,
  Navigate,
  Outlet,
  RouterProvider,
  useBlocker,
  useLoaderData,
  useRouteError,
  type RouteObject,
} from ".";
import { createMemoryRouter } from ".";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function Data() {
  return <p>data: {String(useLoaderData())}</p>;
}

function Failure() {
  const error = useRouteError();
  return <p role="alert">failed: {error instanceof Error ? error.message : String(error)}</p>;
}

describe("matchRoutes", () => {
  const routes: RouteObject[] = [
    {
      path: "/",
      children: [
        { index: true },
        { path: "groups" },
        { path: "account-security/signing-in" },
        { path: "content/:componentId" },
        { path: "*" },
      ],
    },
  ];
  const leaf = (pathname: string) => {
    const last = matchRoutes(routes, pathname)?.at(-1);
    return last ? { path: last.route.index ? "(index)" : last.route.path, params: last.params } : undefined;
  };

  it("finds the index, static paths whatever their case and trailing slash, params and the rest", () => {
    expect(leaf("/")).toEqual({ path: "(index)", params: {} });
    expect(leaf("/Groups/")).toEqual({ path: "groups", params: {} });
    expect(leaf("/account-security/signing-in")).toEqual({ path: "account-security/signing-in", params: {} });
    expect(leaf("/content/travel%20plans")).toEqual({
      path: "content/:componentId",
      params: { componentId: "travel plans" },
    });
    expect(leaf("/content")).toEqual({ path: "*", params: { "*": "content" } });
    expect(leaf("/account-security/nothing")).toEqual({ path: "*", params: { "*": "account-security/nothing" } });
  });
});

describe("navigation", () => {
  it("keeps the old page while the next one's data loads, then shows it; a newer switch wins over a slower one", async () => {
    const slow = deferred<string>();
    const fast = deferred<string>();
    const router = createMemoryRouter([
      { path: "/", loader: async () => "home", Component: Data },
      { path: "/slow", loader: () => slow.promise, Component: Data },
      { path: "/fast", loader: () => fast.promise, Component: Data },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("data: home")).toBeInTheDocument();

    act(() => void router.navigate("/slow"));
    expect(router.state.navigation.state).toBe("loading");
    act(() => void router.navigate("/fast"));
    await act(async () => fast.resolve("fast"));
    expect(screen.getByText("data: fast")).toBeInTheDocument();
    await act(async () => slow.resolve("slow"));
    // The slow answer came after the user had moved on: it changes nothing.
    expect(screen.getByText("data: fast")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/fast");
    expect(router.state.navigation.state).toBe("idle");
  });

  it("shows a failed loader's error in the nearest error element, and draws the next page again", async () => {
    const router = createMemoryRouter([
      {
        path: "/",
        element: (
          <main>
            <Outlet />
          </main>
        ),
        errorElement: <Failure />,
        children: [
          { index: true, loader: async () => "ok", Component: Data },
          {
            path: "broken",
            loader: async () => {
              throw new Error("no answer");
            },
            Component: Data,
          },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("data: ok")).toBeInTheDocument();
    await act(() => router.navigate("/broken"));
    expect(screen.getByRole("alert")).toHaveTextContent("failed: no answer");
    await act(() => router.navigate("/"));
    expect(screen.getByText("data: ok")).toBeInTheDocument();
  });

  it("shows an element that throws while it draws in its route's error element", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    function Throws(): never {
      throw new Error("drawing failed");
    }
    const router = createMemoryRouter([{ path: "/", Component: Throws, errorElement: <Failure /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("failed: drawing failed");
    vi.mocked(console.error).mockRestore();
  });

  it("reload keeps the page and swaps its data; an answer for a page already left is dropped", async () => {
    let version = 0;
    let lateLoads = 0;
    const late = deferred<string>();
    const router = createMemoryRouter([
      { path: "/", loader: async () => `v${++version}`, Component: Data },
      { path: "/other", loader: async () => "other", Component: Data },
      { path: "/late", loader: () => (++lateLoads > 1 ? late.promise : "late"), Component: Data },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("data: v1")).toBeInTheDocument();
    await act(() => router.revalidate());
    expect(screen.getByText("data: v2")).toBeInTheDocument();

    await act(() => router.navigate("/late"));
    let reload: Promise<void> | undefined;
    act(() => void (reload = router.revalidate()));
    expect(router.state.revalidation).toBe("loading");
    await act(() => router.navigate("/other"));
    await act(async () => {
      late.resolve("stale");
      await reload;
    });
    expect(screen.getByText("data: other")).toBeInTheDocument();
    expect(router.state.revalidation).toBe("idle");
  });
});

describe("useBlocker", () => {
  function Guarded() {
    const blocker = useBlocker(({ nextLocation }) => nextLocation.pathname !== "/free");
    return blocker.state === "blocked" ? (
      <div role="dialog">
        <button onClick={blocker.reset}>stay</button>
        <button onClick={blocker.proceed}>leave</button>
      </div>
    ) : (
      <p>editing</p>
    );
  }

  it("holds a switch until the user proceeds; staying keeps the page and its address", async () => {
    const router = createMemoryRouter([
      { path: "/", Component: Guarded },
      { path: "/next", element: <p>next page</p> },
      { path: "/free", element: <p>free page</p> },
    ]);
    render(<RouterProvider router={router} />);
    await screen.findByText("editing");

    await act(() => router.navigate("/next"));
    expect(router.state.location.pathname).toBe("/");
    fireEvent.click(screen.getByRole("button", { name: "stay" }));
    expect(screen.getByText("editing")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");

    await act(() => router.navigate("/next"));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "leave" })));
    expect(screen.getByText("next page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/next");
  });

  it("lets through what the guard allows", async () => {
    const router = createMemoryRouter([
      { path: "/", Component: Guarded },
      { path: "/free", element: <p>free page</p> },
    ]);
    render(<RouterProvider router={router} />);
    await screen.findByText("editing");
    await act(() => router.navigate("/free"));
    expect(screen.getByText("free page")).toBeInTheDocument();
  });
});

describe("browser addresses", () => {
  it("reads and writes addresses under the base path; links switch on a plain click only", async () => {
    window.history.replaceState(null, "", "/realms/demo/account/groups?referrer=app");
    const router = createBrowserRouter(
      [
        {
          path: "/",
          element: (
            <>
              <Link to={{ pathname: "/", search: "?referrer=app" }}>home</Link>
              <Outlet />
            </>
          ),
          children: [
            { index: true, element: <p>home page</p> },
            { path: "groups", element: <p>groups page</p> },
          ],
        },
      ],
      { basename: "/realms/demo/account" },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("groups page")).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: "/realms/demo/account/groups", search: "?referrer=app" });

    const link = screen.getByRole("link", { name: "home" });
    expect(link).toHaveAttribute("href", "/realms/demo/account/?referrer=app");
    fireEvent.click(link, { ctrlKey: true });
    expect(window.location.pathname).toBe("/realms/demo/account/groups");
    await act(async () => fireEvent.click(link));
    expect(screen.getByText("home page")).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe("/realms/demo/account/?referrer=app");

    await act(async () => {
      window.history.back();
      await new Promise((done) => window.addEventListener("popstate", done, { once: true }));
    });
    expect(await screen.findByText("groups page")).toBeInTheDocument();
  });

  it("Navigate replaces the address once", async () => {
    const router = createMemoryRouter(
      [
        { path: "/", element: <p>home page</p> },
        { path: "/start", element: <p>start page</p> },
        { path: "*", element: <Navigate to="/" replace /> },
      ],
      { initialEntries: ["/start", "/unknown"] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("home page")).toBeInTheDocument();
    // Replaced, not pushed: one step back is the entry before the unknown address.
    await act(() => router.navigate(-1));
    expect(await screen.findByText("start page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/start");
  });
});
