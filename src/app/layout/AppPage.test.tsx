import { PageSidebar, PageSidebarBody, PageToggleButton } from "@patternfly/react-core";
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppPage } from "./AppPage";

/** A window `width` px wide as far as media queries go, whose width can change later. */
function viewport(width: number) {
  const listeners = new Set<() => void>();
  let current = width;
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      return current >= Number(/min-width: ([\d.]+)rem/.exec(query)![1]) * 16;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return (next: number) => {
    current = next;
    listeners.forEach((listener) => listener());
  };
}

function renderPage() {
  render(
    <AppPage
      masthead={
        <header>
          <PageToggleButton isHamburgerButton aria-label="Navigation" />
        </header>
      }
      sidebar={
        <PageSidebar>
          <PageSidebarBody>Menu</PageSidebarBody>
        </PageSidebar>
      }
    >
      <p>Content</p>
    </AppPage>,
  );
  return {
    sidebar: () => document.getElementById("page-sidebar")!,
    toggle: screen.getByRole("button", { name: "Navigation" }),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("the page's sidebar", () => {
  it("is open on a wide screen, and the toggle collapses and reopens it", async () => {
    viewport(1400);
    const { sidebar, toggle } = renderPage();
    expect(sidebar()).toHaveAttribute("aria-hidden", "false");
    expect(toggle).toHaveAttribute("aria-expanded", "true");

    await userEvent.click(toggle);
    expect(sidebar()).toHaveClass("pf-m-collapsed");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(sidebar()).toHaveAttribute("aria-hidden", "false");
  });

  it("is closed on a narrow screen, opens over the page, and closes with a tap on the page", async () => {
    viewport(375);
    const { sidebar, toggle } = renderPage();
    expect(sidebar()).toHaveClass("pf-m-collapsed");

    await userEvent.click(toggle);
    expect(sidebar()).toHaveClass("pf-m-expanded");
    fireEvent.mouseDown(screen.getByRole("main"));
    expect(sidebar()).toHaveClass("pf-m-collapsed");
  });

  it("follows the screen when it turns from wide to narrow", () => {
    const resize = viewport(1400);
    const { sidebar } = renderPage();
    expect(sidebar()).not.toHaveClass("pf-m-collapsed");
    act(() => resize(800));
    expect(sidebar()).toHaveClass("pf-m-collapsed");
  });
});
