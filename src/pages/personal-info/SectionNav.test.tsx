import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PAGE_LOAD, renderPage } from "../../testing/renderPage";
import { currentSection, jumpLinkSlug } from "./SectionNav";
import { aliceWithProfile } from "../../testing/users";

const profile = (groups: boolean) =>
  aliceWithProfile(
    groups
      ? {
          extraFields: [
            { name: "street", displayName: "Street", group: "address" },
            { name: "shoeSize", displayName: "Shoe size", group: "sizes" },
          ],
          groups: [
            { name: "address", displayHeader: "${address}", displayDescription: "Where letters reach you" },
            { name: "sizes", displayHeader: "Clothing sizes" },
          ],
        }
      : { groups: [] },
  );

const renderProfile = (groups: boolean) =>
  renderPage("", {
    routes: [
      { path: "/", body: profile(groups) },
      { path: "/supportedLocales", body: [] },
    ],
  });

// jsdom lays nothing out and has no scrollIntoView: each test gets a stub to watch.
const scrolled = vi.fn();
beforeEach(() => {
  scrolled.mockClear();
  Element.prototype.scrollIntoView = scrolled;
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe("jump to section", () => {
  it("lists the sections in the form's order, each linking to its heading, with stock-style test ids", async () => {
    renderProfile(true);
    const nav = await screen.findByRole("navigation", { name: "Jump to section" }, PAGE_LOAD);
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["General", "Address", "Clothing sizes"]);
    expect(links.map((link) => link.dataset.testid)).toEqual([
      "jump-link-general",
      "jump-link-address",
      "jump-link-clothing-sizes",
    ]);
    for (const link of links) {
      const target = document.getElementById(link.getAttribute("href")!.slice(1));
      expect(target?.querySelector("h2")).toHaveTextContent(link.textContent!);
    }
    // One section is the current one (which, jsdom cannot say: it lays nothing out, so every heading is at the top).
    await waitFor(() =>
      expect(links.filter((link) => link.getAttribute("aria-current") === "location")).toHaveLength(1),
    );
  });

  it("moves the focus to the group's heading, scrolls it into view and marks its link, from the keyboard", async () => {
    renderProfile(true);
    const nav = await screen.findByRole("navigation", { name: "Jump to section" }, PAGE_LOAD);
    const sizes = within(nav).getByRole("link", { name: "Clothing sizes" });
    sizes.focus();
    await userEvent.keyboard("{Enter}");
    const heading = screen.getByRole("heading", { level: 2, name: "Clothing sizes" });
    expect(heading).toHaveFocus();
    expect(scrolled.mock.contexts[0]).toBe(heading);
    expect(sizes).toHaveAttribute("aria-current", "location");
    expect(within(nav).getByRole("link", { name: "General" })).not.toHaveAttribute("aria-current");
    // The keyboard carries on from there: the next stop is the group's field.
    await userEvent.tab();
    expect(screen.getByLabelText("Shoe size")).toHaveFocus();
  });

  it("folds on a narrow screen behind a button that says whether it is open", async () => {
    renderProfile(true);
    const toggle = await screen.findByRole("button", { name: "Jump to section" }, PAGE_LOAD);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(document.getElementById(toggle.getAttribute("aria-controls")!)).toHaveClass("section-nav-list");
    await userEvent.click(screen.getByRole("link", { name: "Address" }));
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it("is not there for a profile without groups", async () => {
    renderProfile(false);
    await screen.findByTestId("firstName", {}, PAGE_LOAD);
    expect(screen.queryByRole("navigation", { name: "Jump to section" })).toBeNull();
    expect(screen.queryByRole("heading", { level: 2, name: "General" })).toBeNull();
  });
});

describe("currentSection", () => {
  it("is the last section whose heading has passed the reading line, or the first", () => {
    expect(currentSection([300, 900, 1500], { line: 120 })).toBe(0);
    expect(currentSection([-400, 100, 700], { line: 120 })).toBe(1);
    expect(currentSection([-900, -300, 50], { line: 120 })).toBe(2);
    expect(currentSection([Infinity, Infinity], { line: 120 })).toBe(0);
  });

  it("at the end of the page, is the last section in view", () => {
    expect(currentSection([-400, 300, 500], { line: 120, atEnd: true, viewport: 800 })).toBe(2);
    expect(currentSection([-400, 300, 900], { line: 120, atEnd: true, viewport: 800 })).toBe(1);
  });
});

describe("jumpLinkSlug", () => {
  it("lower-cases the title and joins its words with dashes", () => {
    expect(jumpLinkSlug("Clothing  sizes")).toBe("clothing-sizes");
  });
});
