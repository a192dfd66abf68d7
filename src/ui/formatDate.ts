/** A date as the user's language writes it ("23 November 2026 at 10:15"), like the stock console. */
export function formatDate(date: Date, locale: string, options: Intl.DateTimeFormatOptions = { dateStyle: "long", timeStyle: "short" }): string {
  try {
    return date.toLocaleString(locale, options);
  } catch {
    return date.toLocaleString("en", options);
  }
}

/** Keycloak's session times are epoch seconds. */
export const fromEpochSeconds = (seconds: number) => new Date(seconds * 1000);
