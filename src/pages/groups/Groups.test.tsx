import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PAGE_LOAD, renderPage } from "../../testing/renderPage";

const groups = [
  { id: "5", name: "five", path: "/five" },
  { id: "4", name: "four", path: "/four" },
  { id: "s", name: "subgroup", path: "/one/subgroup" },
];

const names = () => screen.getAllByTestId(/^group\[\d+\]\.name$/).map((cell) => cell.textContent);

describe("groups", () => {
  it("lists direct groups and then inherited ones, and only direct ones when the checkbox is ticked", async () => {
    renderPage("groups", { routes: [{ path: "/groups", body: groups }] });
    const checkbox = await screen.findByRole("checkbox", { name: "Direct membership" }, PAGE_LOAD);
    expect(checkbox).toHaveAttribute("data-testid", "directMembership-checkbox");
    expect(checkbox).not.toBeChecked();
    expect(names()).toEqual(["five", "four", "subgroup", "one"]);
    expect(screen.getByTestId("group[3].name")).toHaveTextContent("one");

    const list = document.getElementById("groups-list")!;
    const rows = within(list).getAllByRole("listitem");
    // Rows end with their path (stock-console suites select rows by that).
    expect(rows.map((row) => row.textContent)).toEqual([
      "five/five",
      "four/four",
      "subgroup/one/subgroup",
      "oneInherited/one",
    ]);
    expect(within(rows[0]!).getByRole("img", { name: "Direct membership" })).toBeInTheDocument();
    expect(within(rows[3]!).queryByRole("img", { name: "Direct membership" })).toBeNull();

    await userEvent.click(checkbox);
    expect(checkbox).toBeChecked();
    expect(names()).toEqual(["five", "four", "subgroup"]);
    expect(screen.queryByText("Inherited")).toBeNull();

    await userEvent.click(checkbox);
    expect(names()).toEqual(["five", "four", "subgroup", "one"]);
  });

  it("translates a name or description written as ${key}, keeps plain ones and the path as written", async () => {
    renderPage("groups", {
      routes: [
        {
          path: "/groups",
          body: [
            { id: "a", name: "${organizations}", path: "/${organizations}", description: "${groupDescriptionLabel}" },
            { id: "b", name: "email", path: "/email", description: "Mail room" },
          ],
        },
      ],
    });
    await screen.findByTestId("group[0].name", {}, PAGE_LOAD);
    expect(names()).toEqual(["Organizations", "email"]);
    expect(screen.getByTestId("group[0].description")).toHaveTextContent("View groups that you are associated with");
    expect(screen.getByTestId("group[1].description")).toHaveTextContent("Mail room");
    // The path is the group's address on the server, shown as it is; rows still end with it.
    expect(screen.getByTestId("group[0].path")).toHaveTextContent("/${organizations}");
    const rows = within(document.getElementById("groups-list")!).getAllByRole("listitem");
    expect(rows[1]!.textContent).toMatch(/\/email$/);
  });

  it("shows an empty state for a user in no group", async () => {
    renderPage("groups", { routes: [{ path: "/groups", body: [] }] });
    expect(await screen.findByText("No groups", {}, PAGE_LOAD)).toBeVisible();
    expect(screen.getByText("You are not joined in any group")).toBeVisible();
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("shows a long list fifty rows at a time, and a new filter starts again on the first page", async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ id: `g${i}`, name: `group ${i}`, path: `/group ${i}` }));
    renderPage("groups", { routes: [{ path: "/groups", body: many }] });
    await screen.findByTestId("group[0].name", {}, PAGE_LOAD);
    await waitFor(() => expect(names()).toHaveLength(50));
    expect(names()[49]).toBe("group 49");

    await userEvent.click(screen.getAllByRole("button", { name: "Go to next page" })[0]!);
    await waitFor(() => expect(names()[0]).toBe("group 50"));
    expect(screen.getByTestId("group[50].name")).toHaveTextContent("group 50");
    expect(screen.queryByTestId("group[0].name")).toBeNull();

    await userEvent.click(screen.getByRole("checkbox", { name: "Direct membership" }));
    await waitFor(() => expect(names()[0]).toBe("group 0"));
  });

  it("shows no pager for a list that fits on one page", async () => {
    renderPage("groups", { routes: [{ path: "/groups", body: groups }] });
    await screen.findByTestId("group[0].name", {}, PAGE_LOAD);
    expect(screen.queryByRole("button", { name: "Go to next page" })).toBeNull();
  });
});
