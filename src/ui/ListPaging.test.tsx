import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLayoutEffect } from "react";
import { describe, expect, it } from "vitest";
import { useListPaging } from "./ListPaging";

const ITEMS = Array.from({ length: 30 }, (_, index) => `item ${index}`);

/** A list on the hook; `commits` gets the rows (by their index in the whole list) of every drawing React commits. */
function List({ firstDraw, commits }: { firstDraw?: number; commits: string[][] }) {
  const { shown, offset, pager } = useListPaging(ITEMS, { id: "items", perPage: 10, firstDraw });
  const ids = shown.map((item, index) => `${offset + index}:${item}`);
  useLayoutEffect(() => void commits.push(ids));
  return (
    <>
      <ul>
        {ids.map((id) => (
          <li key={id}>{id}</li>
        ))}
      </ul>
      {pager}
    </>
  );
}

describe("useListPaging", () => {
  it("draws the first rows with the page and the rest of the page right after", async () => {
    const commits: string[][] = [];
    render(<List firstDraw={3} commits={commits} />);
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(10));
    expect(commits[0]).toEqual(["0:item 0", "1:item 1", "2:item 2"]);
    expect(commits.at(-1)).toHaveLength(10);
  });

  it("draws the whole page at once without firstDraw", () => {
    const commits: string[][] = [];
    render(<List commits={commits} />);
    expect(commits[0]).toHaveLength(10);
  });

  it("keeps every row's index in the whole list while the next page is drawn", async () => {
    const commits: string[][] = [];
    render(<List firstDraw={3} commits={commits} />);
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(10));
    await userEvent.click(screen.getAllByRole("button", { name: "Go to next page" })[0]!);
    await waitFor(() => expect(screen.getAllByRole("listitem")[0]).toHaveTextContent("10:item 10"));
    // Each drawing shows one page or the other, never the rows of one with the offset of the other.
    for (const id of commits.flat()) {
      const [index, item] = id.split(":");
      expect(item).toBe(`item ${index}`);
    }
  });
});
