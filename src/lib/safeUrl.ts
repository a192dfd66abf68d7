/**
 * The URL when it is an absolute http(s) URL, else undefined. URLs from the server (a client's home page, terms,
 * logo) are typed by client admins, and a partial import stores even `javascript:` ones: only web URLs become links.
 */
export function webUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url.trim());
    // As written (trimmed), not re-serialized: the server's URL is the link, quotes and all.
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? url.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** A link target that may also be a path on this server (a theme's logoUrl): `webUrl` rules otherwise. */
export function safeHref(url: string | undefined | null): string | undefined {
  const trimmed = url?.trim();
  if (!trimmed) return undefined;
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return trimmed;
  return webUrl(trimmed);
}
