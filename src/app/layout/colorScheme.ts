/** The user's colour scheme: what public/color-scheme.js applies before the first paint, by the same rule. */
export const COLOR_SCHEMES = ["system", "light", "dark"] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

export function isColorScheme(value: unknown): value is ColorScheme {
  return (COLOR_SCHEMES as readonly unknown[]).includes(value);
}

export const COLOR_SCHEME_STORAGE_KEY = "colorScheme";
/** PatternFly 6's dark theme is switched on by this class on <html>. */
export const DARK_CLASS = "pf-v6-theme-dark";

export function readColorScheme(storage: Storage | undefined): ColorScheme {
  try {
    const stored = storage?.getItem(COLOR_SCHEME_STORAGE_KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}

const systemPrefersDark = () =>
  typeof window.matchMedia === "function" && window.matchMedia("(prefers-color-scheme: dark)").matches;

/** Stores the choice and applies it to the page now; later system changes are followed by color-scheme.js. */
export function chooseColorScheme(
  scheme: ColorScheme,
  storage: Storage | undefined,
  root: HTMLElement = document.documentElement,
  prefersDark: () => boolean = systemPrefersDark,
): void {
  try {
    if (scheme === "system") storage?.removeItem(COLOR_SCHEME_STORAGE_KEY);
    else storage?.setItem(COLOR_SCHEME_STORAGE_KEY, scheme);
  } catch {
    // Storage disabled: the choice still holds until the page is left.
  }
  const dark = scheme === "dark" || (scheme === "system" && prefersDark());
  root.classList.toggle(DARK_CLASS, dark);
  root.style.colorScheme = dark ? "dark" : "light";
}
