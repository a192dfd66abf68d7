import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PAGE_LOAD, renderPage } from "../../testing/renderPage";

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

  it("has no membership type column while the server sends no membership type (Keycloak 26.0 to 26.7)", async () => {
    renderPage("organizations", {
      routes: [{ path: "/organizations", body: [{ id: "1", name: "Wonderland", enabled: true, domains: [] }] }],
    });
    await screen.findAllByTestId("organizations-list-item", {}, PAGE_LOAD);
    expect(screen.queryByText("Membership type")).toBeNull();
    expect(screen.queryByTestId("organization-membership-type")).toBeNull();
  });

  it("shows how the user belongs to each organization when the server says it", async () => {
    renderPage("organizations", {
      routes: [
        {
          path: "/organizations",
          body: [
            { id: "1", name: "Wonderland", enabled: true, membershipType: "MANAGED" },
            { id: "2", name: "Looking Glass", enabled: true, membershipType: "UNMANAGED" },
            { id: "3", name: "Chess Club", enabled: true },
            { id: "4", name: "Tea Party", enabled: true, membershipType: "GUEST" },
          ],
        },
      ],
    });
    const rows = await screen.findAllByTestId("organizations-list-item", {}, PAGE_LOAD);
    expect(screen.getByText("Membership type")).toBeInTheDocument();
    const types = rows.map((row) => within(row).getByTestId("organization-membership-type").textContent);
    // A value Keycloak may add later is shown as the server wrote it.
    expect(types).toEqual(["Managed", "Unmanaged", "", "GUEST"]);
  });

  it("translates a name or description written as ${key}, and shows plain ones as written", async () => {
    renderPage("organizations", {
      routes: [
        {
          path: "/organizations",
          body: [
            { id: "1", name: "${organizations}", alias: "orgs", description: "${groups}", enabled: true },
            { id: "2", name: "email", alias: "mail", description: "profile", enabled: true },
          ],
        },
      ],
    });
    const rows = await screen.findAllByTestId("organizations-list-item", {}, PAGE_LOAD);
    const name = (row: HTMLElement) => row.querySelector(".organization-name > span")?.textContent;
    expect(name(rows[0]!)).toBe("Organizations");
    expect(rows[0]).toHaveTextContent("Groups");
    expect(rows[0]).not.toHaveTextContent("${");
    // A plain name is the organization's name even where a bundle has a key of that spelling.
    expect(name(rows[1]!)).toBe("email");
    expect(rows[1]).toHaveTextContent("profile");
  });

  it("shows an empty state for a user in no organization", async () => {
    renderPage("organizations", { routes: [{ path: "/organizations", body: [] }] });
    expect(await screen.findByText("No organizations", {}, PAGE_LOAD)).toBeVisible();
    expect(screen.getByText("You have not joined any organizations yet.")).toBeVisible();
  });
});
