import { useMemo } from "react";
import { useTranslation } from "react-i18next";

// Every date, time and number the console shows goes through Intl in the user's language (i18n.language).

type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames;

const formatters = new Map<string, Formatter>();

function cached<T extends Formatter>(kind: string, locale: string, options: object, create: (locale: string) => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    try {
      formatter = create(locale);
    } catch {
      // A tag Intl does not accept (a realm may define any locale name): English rather than nothing.
      formatter = create("en");
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

export const DEFAULT_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: "long", timeStyle: "short" };

/** A date and time as the language writes it ("23. November 2026 um 10:15"). */
export function formatDateTime(
  date: Date,
  locale: string,
  options: Intl.DateTimeFormatOptions = DEFAULT_DATE_TIME,
): string {
  return cached("date", locale, options, (tag) => new Intl.DateTimeFormat(tag, options)).format(date);
}

/** Makes the default date formatter of `locale` ahead of its first use (see `formatDateTime`). */
export function warmUpDateFormat(locale: string): void {
  formatDateTime(new Date(0), locale);
}

/** A number as the language writes it ("1.234,5"). */
export function formatNumber(value: number, locale: string, options: Intl.NumberFormatOptions = {}): string {
  return cached("number", locale, options, (tag) => new Intl.NumberFormat(tag, options)).format(value);
}

/** An approximate place: city, region and the country's ISO 3166 code, each when known. */
export type PlaceParts = { city: string | null; region: string | null; country: string | null };

/** A place as the language writes it ("Bracknell, England, Vereinigtes Königreich"): the country named by Intl. */
export function formatPlace(place: PlaceParts, locale: string): string {
  const names = cached("region", locale, {}, (tag) => new Intl.DisplayNames(tag, { type: "region" }));
  let country: string | undefined;
  try {
    country = place.country ? names.of(place.country) : undefined;
  } catch {
    // A code Intl does not take: the code itself, which still says something.
    country = place.country ?? undefined;
  }
  const parts = [place.city, place.region && place.region !== place.city ? place.region : null, country];
  return parts.filter((part): part is string => Boolean(part)).join(", ");
}

/** Keycloak's session times are epoch seconds. */
export const fromEpochSeconds = (seconds: number) => new Date(seconds * 1000);

/** The formatters bound to the UI's current language; they change when the user picks another one. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(
    () => ({
      dateTime: (date: Date, options?: Intl.DateTimeFormatOptions) => formatDateTime(date, locale, options),
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
      place: (place: PlaceParts) => formatPlace(place, locale),
    }),
    [locale],
  );
}
