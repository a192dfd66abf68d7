import type { GroupRepresentation } from "../../api/representations";

/** A row of the groups page: a direct membership, or a group the user belongs to through a subgroup. */
export type GroupRow = { name: string; path: string; direct: boolean; description?: string };

/**
 * The segments of a group path, each as written in the path. Keycloak writes a "/" inside a group name as "~/",
 * so only an unescaped "/" separates groups.
 */
export function pathSegments(path: string): string[] {
  const segments: string[] = [];
  let current = "";
  for (let i = 0; i < path.length; i++) {
    if (path[i] === "~" && path[i + 1] === "/") {
      current += "~/";
      i++;
    } else if (path[i] === "/") {
      segments.push(current);
      current = "";
    } else {
      current += path[i];
    }
  }
  segments.push(current);
  // A path starts with "/": the empty segment before it is no group.
  return segments[0] === "" ? segments.slice(1) : segments;
}

const unescapeName = (segment: string) => segment.replaceAll("~/", "/");

/**
 * The direct groups (as the server lists them), and then, unless only direct memberships are wanted, every group
 * above them that is not itself a direct membership: nearest ancestor first, each once.
 */
export function groupRows(groups: GroupRepresentation[], directOnly: boolean): GroupRow[] {
  const rows: GroupRow[] = groups.map((group) => ({
    name: group.name,
    path: group.path,
    direct: true,
    description: group.description || undefined,
  }));
  if (directOnly) return rows;
  const seen = new Set(rows.map((row) => row.path));
  for (const group of groups) {
    const segments = pathSegments(group.path);
    for (let depth = segments.length - 1; depth >= 1; depth--) {
      const path = `/${segments.slice(0, depth).join("/")}`;
      if (seen.has(path)) continue;
      seen.add(path);
      rows.push({ name: unescapeName(segments[depth - 1]!), path, direct: false });
    }
  }
  return rows;
}
