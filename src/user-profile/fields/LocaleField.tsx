import { SelectControl } from "../../ui/select/SelectControl";
import { TYPEAHEAD_THRESHOLD } from "../inputTypes";
import { asText, type FieldProps } from "./FieldProps";

/** A locale's name in its own language ("Deutsch", "日本語"), or the tag when the browser cannot name it. */
export function ownName(locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "language" }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

export function localeOptions(supportedLocales: string[], currentLocale: string, t: FieldProps["t"]) {
  return (
    supportedLocales
      // Each in its own language ("Deutsch", "日本語"); the bundle's locale_<tag> only where the browser has no name.
      .map((locale) => {
        const own = ownName(locale);
        return { value: locale, label: own !== locale ? own : t(`locale_${locale}`, { defaultValue: locale }) };
      })
      .sort((a, b) => a.label.localeCompare(b.label, currentLocale))
  );
}

/** The `locale` attribute: a picker of the realm's supported locales (the form hides it when there are none). */
export function LocaleField({
  attribute,
  field,
  hasError,
  describedBy,
  t,
  supportedLocales,
  currentLocale,
}: FieldProps & { supportedLocales: string[]; currentLocale: string }) {
  const options = localeOptions(supportedLocales, currentLocale, t);
  return (
    <SelectControl
      // The stock console's id, kept for existing suites.
      id="attributes.locale"
      data-testid={attribute.name}
      options={options}
      value={asText(field.value)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      typeahead={options.length >= TYPEAHEAD_THRESHOLD}
      emptyOption={t("defaultLocale")}
      placeholder={t("defaultLocale")}
      isDisabled={attribute.readOnly}
      hasError={hasError}
      aria-label={t("selectALocale")}
      aria-describedby={describedBy}
    />
  );
}
