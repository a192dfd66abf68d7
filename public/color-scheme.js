// Applies the colour scheme the user chose in the console's header (system, light or dark; kept in localStorage)
// before the first paint, and follows the system's setting while the choice is "system". A file of the theme, not an
// inline script, so a Content-Security-Policy of script-src 'self' allows it. The console's ThemeSwitch writes the
// same key and applies the same rule (src/app/layout/colorScheme.ts).
(function () {
  var STORAGE_KEY = "colorScheme";
  var DARK_CLASS = "pf-v6-theme-dark";
  var root = document.documentElement;
  var prefersDark = window.matchMedia("(prefers-color-scheme: dark)");

  function storedChoice() {
    try {
      var value = window.localStorage.getItem(STORAGE_KEY);
      return value === "light" || value === "dark" ? value : "system";
    } catch (error) {
      return "system";
    }
  }

  function apply() {
    var choice = storedChoice();
    var dark = choice === "dark" || (choice === "system" && prefersDark.matches);
    root.classList.toggle(DARK_CLASS, dark);
    root.style.colorScheme = dark ? "dark" : "light";
  }

  apply();
  prefersDark.addEventListener("change", apply);
})();
