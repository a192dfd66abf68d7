import { describe, expect, it } from "vitest";
import { groupRows, pathSegments } from "./groups";

const group = (path: string) => ({ id: `id-${path}`, name: path.slice(path.lastIndexOf("/") + 1), path });

describe("pathSegments", () => {
  it("splits a path at its separators, keeping escaped slashes inside names", () => {
    expect(pathSegments("/one/subgroup")).toEqual(["one", "subgroup"]);
    expect(pathSegments("/sales~/marketing/emea")).toEqual(["sales~/marketing", "emea"]);
    expect(pathSegments("/top")).toEqual(["top"]);
  });
});

describe("groupRows", () => {
  it("lists only the direct memberships when asked to", () => {
    const rows = groupRows([group("/five"), group("/four"), group("/one/subgroup")], true);
    expect(rows).toEqual([
      { name: "five", path: "/five", direct: true },
      { name: "four", path: "/four", direct: true },
      { name: "subgroup", path: "/one/subgroup", direct: true },
    ]);
  });

  it("adds every ancestor after the direct groups, nearest first, each once, marked as inherited", () => {
    const rows = groupRows([group("/a/b/c"), group("/a/b/d"), group("/x/y"), group("/top")], false);
    expect(rows.map((row) => [row.path, row.direct])).toEqual([
      ["/a/b/c", true],
      ["/a/b/d", true],
      ["/x/y", true],
      ["/top", true],
      ["/a/b", false],
      ["/a", false],
      ["/x", false],
    ]);
    expect(rows.find((row) => row.path === "/a/b")?.name).toBe("b");
  });

  it("does not list an ancestor twice when the user is also its direct member", () => {
    const rows = groupRows([group("/a/b/c"), group("/a")], false);
    expect(rows).toEqual([
      { name: "c", path: "/a/b/c", direct: true },
      { name: "a", path: "/a", direct: true },
      { name: "b", path: "/a/b", direct: false },
    ]);
  });

  it("names an ancestor whose name holds a slash as Keycloak wrote it", () => {
    const rows = groupRows([{ id: "1", name: "emea", path: "/sales~/marketing/emea" }], false);
    expect(rows[1]).toEqual({ name: "sales/marketing", path: "/sales~/marketing", direct: false });
  });

  it("has no rows for a user in no group", () => {
    expect(groupRows([], false)).toEqual([]);
  });
});
