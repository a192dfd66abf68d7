import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import * as React from "react";
import { jsx } from "react/jsx-runtime";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderInApp, testEnvironment } from "../../testing/renderPage";
import ContentPage from "./ContentPage";
import { importModule } from "./importModule";
import { importInModuleFrame } from "./moduleFrame";
import { sharedReact } from "./sharedReact";

vi.mock("./importModule", () => ({ importModule: vi.fn() }));
vi.mock("./moduleFrame", () => ({ importInModuleFrame: vi.fn() }));
const importStub = vi.mocked(importModule);
const frameStub = vi.mocked(importInModuleFrame);

const item = { label: "Packing list", path: "content/packing-list", modulePath: "packing-list.js" };
const url = `${testEnvironment.resourceUrl}/packing-list.js`;
// What Chromium says when a module imports "react" and the page has no import map.
const unresolved = new TypeError(
  'Failed to resolve module specifier "react". Relative references must start with either "/", "./", or "../".',
);

/** A module as compiled for the stock console: hooks and JSX from the names it imports, no props used. */
function StockModule() {
  const [count, setCount] = React.useState(0);
  return jsx("button", { type: "button", onClick: () => setCount((n) => n + 1), children: `Clicked ${count}` });
}

/** Stands in for the route's error dialog: shows what the page threw, as this window's Error. */
class RouteError extends React.Component<{ children: React.ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return <p data-testid="route-error">{error instanceof Error ? error.message : "not an Error of this window"}</p>;
  }
}

const renderContentPage = () =>
  renderInApp(
    <RouteError>
      <ContentPage data={item} reloading={false} reload={() => Promise.resolve()} />
    </RouteError>,
  );

beforeEach(() => {
  importStub.mockReset();
  frameStub.mockReset();
  // React logs the errors the failing modules throw; the tests check what the route is told.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

describe("a content page's module", () => {
  it("that imports React by name is imported again in the module frame, with the console's React to share", async () => {
    importStub.mockRejectedValue(unresolved);
    frameStub.mockResolvedValue({ default: StockModule });
    renderContentPage();
    const button = await screen.findByRole("button", { name: "Clicked 0" });
    await userEvent.click(button);
    expect(screen.getByRole("button", { name: "Clicked 1" })).toBeVisible();
    expect(importStub).toHaveBeenCalledWith(url);
    expect(frameStub).toHaveBeenCalledWith(testEnvironment.resourceUrl, url, sharedReact);
  });

  it("that loads on the page (the props contract) never needs the frame", async () => {
    importStub.mockResolvedValue({
      default: ({ React: R }: { React: typeof React }) => R.createElement("p", null, "props module"),
    });
    renderContentPage();
    expect(await screen.findByText("props module")).toBeVisible();
    expect(frameStub).not.toHaveBeenCalled();
  });

  it("that is missing is not tried in the frame: the route fails, naming it", async () => {
    importStub.mockRejectedValue(new TypeError("Failed to fetch dynamically imported module"));
    renderContentPage();
    expect(await screen.findByTestId("route-error")).toHaveTextContent(`The page's module ${url} could not be loaded`);
    expect(frameStub).not.toHaveBeenCalled();
  });

  it("that fails in the frame too shows the frame's reason", async () => {
    importStub.mockRejectedValue(unresolved);
    frameStub.mockRejectedValue(new Error("The content module loader x did not start."));
    renderContentPage();
    expect(await screen.findByTestId("route-error")).toHaveTextContent("did not start");
  });

  it("that throws an error of another window while rendering shows its message", async () => {
    // An error made in the frame is no instance of this window's Error.
    const foreign = { name: "Error", message: "frame says no" };
    importStub.mockRejectedValue(unresolved);
    frameStub.mockResolvedValue({
      default: () => {
        throw foreign;
      },
    });
    renderContentPage();
    expect(await screen.findByTestId("route-error")).toHaveTextContent(
      `The page's module ${url} failed: frame says no`,
    );
  });
});
