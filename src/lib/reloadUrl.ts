/** Where "Try again" goes: the same page, without query or hash (a stale callback code must not be replayed). */
export function reloadUrl(location: Pick<Location, "origin" | "pathname">): string {
  return location.origin + location.pathname;
}
