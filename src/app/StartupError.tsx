import type { i18n as I18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { ErrorDialog } from "../ui/ErrorDialog";

/** The error dialog before the app exists; translated when translations loaded, English otherwise. */
export function StartupError({ error, i18n }: { error: unknown; i18n?: I18n }) {
  const dialog = <ErrorDialog error={error ?? new Error("Sign-in could not be initialised.")} />;
  return i18n ? <I18nextProvider i18n={i18n}>{dialog}</I18nextProvider> : dialog;
}
