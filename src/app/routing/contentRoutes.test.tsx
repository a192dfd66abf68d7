import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, Outlet, RouterProvider } from "../../lib/routing";
import { createMemoryRouter } from "../../lib/routing";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../api/client";
import type { ContentModuleProps } from "../../pages/content/ContentPage";
import { importModule } from "../../pages/content/importModule";
import { PAGE_LOAD, fakeAuth, stubServer, testEnvironment } from "../../testing/renderPage";
import { testI18n } from "../../testing/i18n";
import { AppProviders } from "../App";
import type { MenuItem } from "../../menu/menu";
import { pageRoutes } from "./routes";

vi.mock("../../pages/content/importModule", () => ({ importModule: vi.fn() }));
const importStub = vi.mocked(importModule);

const menu: MenuItem[] = [
  { label: "personalInfo", path: "" },
  { label: "accountSecurity", children: [{ label: "signingIn", path: "account-security/signing-in" }] },
  { label: "More", children: [{ label: "Travel preferences", path: "content/travel", modulePath: "travel.js" }] },
];

/** The content routes of `menu` inside a stand-in shell, with a link that leaves the page. */
function renderAt(path: string) {
  const auth = fakeAuth();
  const api = createApiClient(
    testEnvironment,
    auth.token,
    stubServer([
      { path: "/", body: { username: "alice" } },
      { path: "/credentials", body: [] },
    ]),
  );
  const shell = () => (
    <>
      <nav>
        <Link to="/account-security/signing-in">Elsewhere</Link>
      </nav>
      <Outlet />
    </>
  );
  const router = createMemoryRouter(
    [{ path: "/", Component: shell, children: pageRoutes(menu, testEnvironment.features, api) }],
    { initialEntries: [path] },
  );
  render(
    <AppProviders environment={testEnvironment} auth={auth} api={api} i18n={testI18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** A module as a theme would write it: plain JS, the console's React from its props. */
function TravelModule({ React, t, request, item }: ContentModuleProps) {
  const [user, setUser] = React.useState<string>();
  React.useEffect(() => {
    void request<{ username: string }>("/").then((account) => setUser(account.username));
  }, [request]);
  return React.createElement("p", { "data-testid": "module" }, `${item.label} for ${user ?? "…"} (${t("save")})`);
}

beforeEach(() => {
  importStub.mockReset();
});

describe("content pages", () => {
  it("renders the module's default export inside the shell, with React, texts and Account REST calls", async () => {
    importStub.mockResolvedValue({ default: TravelModule });
    renderAt("/content/travel");
    expect(await screen.findByText("Travel preferences for alice (Save)", {}, PAGE_LOAD)).toBeVisible();
    expect(screen.getByTestId("page-heading")).toHaveTextContent("Travel preferences");
    expect(importStub).toHaveBeenCalledWith("http://kc.test/resources/x/account/theme/travel.js");
    expect(screen.getByRole("navigation")).toBeVisible();
  });

  it("content/:componentId finds an item anywhere in the menu", async () => {
    importStub.mockResolvedValue({ default: TravelModule });
    const router = renderAt("/content/travel/");
    expect(await screen.findByTestId("module", {}, PAGE_LOAD)).toBeVisible();
    expect(router.state.location.pathname).toBe("/content/travel/");
  });

  it("a missing module shows the error dialog; the rest of the console still works", async () => {
    importStub.mockRejectedValue(new TypeError("Failed to fetch dynamically imported module"));
    const router = renderAt("/content/travel");
    const dialog = await screen.findByTestId("error-dialog", {}, PAGE_LOAD);
    expect(dialog).toHaveTextContent("Something went wrong");
    expect(within(dialog).getByTestId("error-message")).toHaveTextContent(
      "The page's module http://kc.test/resources/x/account/theme/travel.js could not be loaded",
    );
    expect(screen.queryByTestId("module")).toBeNull();
    await router.navigate("/account-security/signing-in");
    expect(await screen.findByRole("heading", { level: 1, name: "Signing in" }, PAGE_LOAD)).toBeVisible();
    expect(screen.queryByTestId("error-dialog")).toBeNull();
  });

  it("a module whose default export is no component shows the error dialog", async () => {
    importStub.mockResolvedValue({ default: "not a component" });
    renderAt("/content/travel");
    expect(await screen.findByTestId("error-dialog", {}, PAGE_LOAD)).toHaveTextContent("no default export");
  });

  it("a module that throws while rendering shows the error dialog", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    importStub.mockResolvedValue({
      default: () => {
        throw new Error("broken page");
      },
    });
    renderAt("/content/travel");
    expect(await screen.findByTestId("error-dialog", {}, PAGE_LOAD)).toHaveTextContent("broken page");
  });

  it("an id no menu item has shows the error dialog", async () => {
    renderAt("/content/unknown");
    expect(await screen.findByTestId("error-dialog", {}, PAGE_LOAD)).toHaveTextContent('No page "unknown"');
    expect(importStub).not.toHaveBeenCalled();
  });

  it("the link in the shell stays usable", async () => {
    importStub.mockResolvedValue({ default: TravelModule });
    renderAt("/content/travel");
    await screen.findByTestId("module", {}, PAGE_LOAD);
    await userEvent.click(screen.getByRole("link", { name: "Elsewhere" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Signing in" }, PAGE_LOAD)).toBeVisible();
  });
});
