import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../testing/renderPage";

/** The first find after a render waits for the page's code (a cold import on a busy machine) and its data. */
const PAGE_LOAD = { timeout: 4_000 };

describe("organizations", () => {
  it("lists organizations with their domains, description and a badge when disabled", async () => {
    renderPage("organizations", {
      routes: [
        {
          path: "/organizations",
          body: [
            {
              id: "1",
              name: "Wonderland",
              alias: "wonderland",
              enabled: true,
              description: "Tea parties",
              domains: ["wonderland.example", { name: "looking-glass.example", verified: true }],
            },
            { id: "2", name: "Old Firm", alias: "old", enabled: false, domains: [] },
          ],
        },
      ],
    });
    const rows = await screen.findAllByTestId("organizations-list-item", {}, PAGE_LOAD);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Wonderland");
    expect(rows[0]).toHaveTextContent("Tea parties");
    expect(within(rows[0]!).getByText("wonderland.example")).toBeVisible();
    expect(within(rows[0]!).getByText("looking-glass.example")).toBeVisible();
    expect(within(rows[0]!).queryByText("Disabled")).toBeNull();
    expect(within(rows[1]!).getByText("Disabled")).toBeVisible();
  });

  it("shows an empty state for a user in no organization", async () => {
    renderPage("organizations", { routes: [{ path: "/organizations", body: [] }] });
    expect(await screen.findByText("No organizations", {}, PAGE_LOAD)).toBeVisible();
    expect(screen.getByText("You have not joined any organizations yet.")).toBeVisible();
  });

  it("a failed first load is the error dialog with the server's reason", async () => {
    renderPage("organizations", {
      routes: [{ path: "/organizations", status: 500, body: { error: "directory unavailable" } }],
    });
    const dialog = await screen.findByRole("dialog", { name: /Something went wrong/ }, PAGE_LOAD);
    expect(within(dialog).getByTestId("error-message")).toHaveTextContent("directory unavailable");
  });
});
