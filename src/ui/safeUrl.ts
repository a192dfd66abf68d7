/**
 * `url` when a link may point there: an http(s) URL, or a path on this server. Anything else (`javascript:`,
 * `data:`, a typo) is not a link: server data such as a client's URL may hold what a client admin typed.
 */
export function safeHref(url: string | undefined | null): string | undefined {
  const trimmed = url?.trim();
  if (!trimmed) return undefined;
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return trimmed;
  try {
    const { protocol } = new URL(trimmed);
    return protocol === "http:" || protocol === "https:" ? trimmed : undefined;
  } catch {
    return undefined;
  }
}
