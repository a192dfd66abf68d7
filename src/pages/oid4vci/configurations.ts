import type { CredentialDisplay, CredentialIssuerMetadata } from "../../api/representations";

export type ConfigurationOption = { id: string; label: string; description?: string };

/**
 * The display entry for the user's language: the exact locale, else the same language ("de" for "de-CH"), else one
 * without a locale, else the first.
 */
export function displayFor(displays: CredentialDisplay[] | undefined, language: string): CredentialDisplay | undefined {
  const named = (displays ?? []).filter((display) => typeof display?.name === "string" && display.name.trim());
  const lower = language.toLowerCase();
  const base = lower.split("-")[0];
  return (
    named.find((display) => display.locale?.toLowerCase() === lower) ??
    named.find((display) => display.locale?.toLowerCase().split("-")[0] === base) ??
    named.find((display) => !display.locale) ??
    named[0]
  );
}

/**
 * One option per credential configuration, labelled by its display name where the issuer gives one (else its id),
 * the id as description when a name is shown; sorted by label in the user's language.
 */
export function configurationOptions(metadata: CredentialIssuerMetadata, language: string): ConfigurationOption[] {
  const collator = new Intl.Collator(safeLocale(language), { sensitivity: "base", numeric: true });
  return Object.entries(metadata.credential_configurations_supported)
    .map(([id, configuration]) => {
      const name = displayFor(configuration?.credential_metadata?.display ?? configuration?.display, language)?.name;
      return name ? { id, label: name.trim(), description: id } : { id, label: id };
    })
    .sort((a, b) => collator.compare(a.label, b.label) || collator.compare(a.id, b.id));
}

function safeLocale(language: string): string {
  try {
    return Intl.Collator.supportedLocalesOf([language])[0] ?? "en";
  } catch {
    return "en";
  }
}
