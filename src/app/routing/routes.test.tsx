import { act, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../../api/client";
import { createMemoryRouter, RouterProvider } from "../../lib/routing";
import { definePage, type PageDefinition, type PageProps } from "../../pages/page";
import { PAGE_LOAD, renderPage, testEnvironment } from "../../testing/renderPage";
import { preloadPage } from "./pages";
import { pageRoute, pageRoutes, prefetchMenuPage, type PageHandle } from "./routes";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((ok) => (resolve = ok));
  return { promise, resolve };
}

/** Pages whose code and loader are spies. */
function fakePages() {
  const load = () => {
    const Component = vi.fn(async () => ({ default: () => null }));
    const loader = vi.fn(async () => async () => undefined);
    return { ...definePage({ Component, loader }), Component, loader };
  };
  return {
    "": load(),
    "account-security/device-activity": load(),
    content: load(),
  } satisfies Record<string, PageDefinition>;
}

const base = "/realms/demo/account";

describe("loading a page ahead of the router", () => {
  it("starts the code and the loader of the page at the address the console opens on (during sign-in)", () => {
    const pages = fakePages();
    preloadPage(`${base}/account-security/device-activity/`, base, pages);
    expect(pages["account-security/device-activity"].Component).toHaveBeenCalledTimes(1);
    expect(pages["account-security/device-activity"].loader).toHaveBeenCalledTimes(1);
    expect(pages[""].Component).not.toHaveBeenCalled();
  });

  it("starts personal info for the console's root, and nothing for an unknown page or another path", () => {
    const pages = fakePages();
    preloadPage(`${base}/`, base, pages);
    preloadPage(`${base}/nothing-here`, base, pages);
    preloadPage("/elsewhere/account-security/device-activity", base, pages);
    expect(pages[""].Component).toHaveBeenCalledTimes(1);
    expect(pages["account-security/device-activity"].Component).not.toHaveBeenCalled();
  });

  it("starts nothing for an address that cannot be decoded, and does not throw (the router then shows not-found)", () => {
    const pages = fakePages();
    expect(() => preloadPage(`${base}/%E0%A4%A`, base, pages)).not.toThrow();
    expect(pages[""].Component).not.toHaveBeenCalled();
  });

  it("starts the page whatever the letter case of its address, as the router matches it", () => {
    const pages = fakePages();
    preloadPage(`${base}/Account-Security/Device-Activity`, base, pages);
    expect(pages["account-security/device-activity"].Component).toHaveBeenCalledTimes(1);
  });

  it("prefetches a menu item's page by its id or path, and content pages through the content page", () => {
    const pages = fakePages();
    prefetchMenuPage({ path: "/account-security/device-activity" }, pages);
    prefetchMenuPage({ path: "extension", modulePath: "/extension.js" }, pages);
    expect(pages["account-security/device-activity"].Component).toHaveBeenCalledTimes(1);
    expect(pages["account-security/device-activity"].loader).toHaveBeenCalledTimes(1);
    expect(pages.content.Component).toHaveBeenCalledTimes(1);
  });

  it("swallows a failed preload: the router reports failures when the page is really opened", async () => {
    const offline = (): Promise<{ default: () => null }> => Promise.reject(new Error("offline"));
    const page = definePage({ Component: offline });
    await expect(page.preload()).resolves.toBeUndefined();
  });
});

describe("page routes", () => {
  it("name an unlisted page's title in its handle, for the browser tab, and none for a page the menu names", () => {
    const pages = { ...fakePages(), "account-security/secure-your-account": fakePages()[""] };
    const features = {} as Parameters<typeof pageRoutes>[1];
    const routes = pageRoutes([{ label: "personalInfo", path: "" }], features, {} as ApiClient, pages);
    const handles = Object.fromEntries(routes.map((route) => [route.path ?? "", route.handle as PageHandle]));
    expect(handles["account-security/secure-your-account"]).toEqual({ title: "secureAccountTitle" });
    expect(handles[""]).toEqual({ title: undefined });
  });
});

const context = { api: {} as ApiClient, features: testEnvironment.features, menu: [] };

/** A page that counts its renders, and a second page whose data arrives when the test says so. */
function renderTwoPages() {
  let renders = 0;
  let version = 0;
  const slowData = deferred<string>();
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
    Component: async () => ({ default: Counted }),
    loader: async () => async () => ({ version: ++version }),
  });
  const slow = definePage({
    Component: async () => ({ default: ({ data }: PageProps<string>) => <h1>{data}</h1> }),
    loader: async () => () => slowData.promise,
  });
  const router = createMemoryRouter([
    { path: "/", children: [pageRoute("", counted, context), pageRoute("slow", slow, context)] },
  ]);
  render(<RouterProvider router={router} />);
  return { router, renders: () => renders, arrive: () => slowData.resolve("Slow page") };
}

describe("a page under its route", () => {
  it("runs its loader while its code still loads", async () => {
    const code = deferred<{ default: (props: PageProps<string>) => React.ReactNode }>();
    const load = vi.fn(async () => "Loaded");
    const page = definePage({ Component: () => code.promise, loader: async () => load });
    render(<RouterProvider router={createMemoryRouter([{ path: "/", children: [pageRoute("", page, context)] }])} />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(async () => code.resolve({ default: ({ data }) => <h1>{data}</h1> }));
    expect(await screen.findByRole("heading", { name: "Loaded" })).toBeInTheDocument();
  });

  it("gets its loader's data and draws again only when that data changes", async () => {
    const pages = renderTwoPages();
    expect(await screen.findByRole("heading", { name: "Version 1" })).toBeInTheDocument();
    const drawn = pages.renders();

    // Leaving starts a navigation: the router's state changes while the next page's data loads.
    act(() => void pages.router.navigate("/slow"));
    await vi.waitFor(() => expect(pages.router.state.navigation.state).toBe("loading"));
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

describe("a page's failed first load", () => {
  it.each([
    ["account-security/signing-in", "/credentials", 500, "the store is down"],
    ["account-security/device-activity", "/sessions/devices", 500, "the store is down"],
    ["account-security/linked-accounts", "/linked-accounts", 500, "the store is down"],
    ["applications", "/applications", 403, "the applications are locked"],
    ["groups", "/groups", 403, "Missing view-groups role"],
    ["organizations", "/organizations", 500, "directory unavailable"],
  ])("of %s is a route failure: the error dialog with the server's reason", async (page, path, status, reason) => {
    renderPage(page, { routes: [{ path, status, body: { error: reason } }] });
    const dialog = await screen.findByRole("dialog", { name: /Something went wrong/ }, PAGE_LOAD);
    expect(within(dialog).getByTestId("error-message")).toHaveTextContent(reason);
    expect(within(dialog).getByRole("button", { name: "Try again" })).toBeEnabled();
    expect(screen.queryByTestId("page-heading")).not.toBeInTheDocument();
  });
});
