// The `Link` header of the paged Account REST lists (RFC 8288): `<url?first=5&max=5>; rel="next", <...>; rel="prev"`.

/** Where a link points, as the list's paging parameters. */
export type PageLink = { first: number; max: number };

export type PageLinks = { next?: PageLink; prev?: PageLink };

/**
 * Reads the `next` and `prev` links of a `Link` header. Links whose URL has no numeric `first` and `max`, other
 * relations and malformed parts are ignored; a missing header means there is no other page.
 */
export function parseLinks(header: string | null | undefined): PageLinks {
  const links: PageLinks = {};
  if (!header) return links;
  for (const match of header.matchAll(/<([^>]*)>([^,<]*)/g)) {
    const [, target = "", params = ""] = match;
    const rels = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    const relValue = rels ? (rels[1] ?? rels[2] ?? "") : "";
    let url: URL;
    try {
      url = new URL(target, "http://base.invalid/");
    } catch {
      continue;
    }
    const first = Number(url.searchParams.get("first"));
    const max = Number(url.searchParams.get("max"));
    if (!url.searchParams.has("first") || !url.searchParams.has("max")) continue;
    if (!Number.isInteger(first) || !Number.isInteger(max) || first < 0 || max < 1) continue;
    for (const rel of relValue.toLowerCase().split(/\s+/)) {
      if (rel === "next" || rel === "prev") links[rel] ??= { first, max };
    }
  }
  return links;
}
