import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderInApp, testEnvironment } from "../../testing/renderPage";
import { COLOR_SCHEME_STORAGE_KEY, DARK_CLASS, readColorScheme } from "./colorScheme";
import { ThemeSwitch } from "./ThemeSwitch";

const html = document.documentElement;
afterEach(() => html.classList.remove(DARK_CLASS));

describe("the appearance switch", () => {
  it("is absent when the theme turns dark mode off (darkMode=false)", () => {
    renderInApp(<ThemeSwitch />, { environment: { ...testEnvironment, darkMode: false } });
    expect(screen.queryByTestId("theme-switch")).toBeNull();
  });

  it("applies and remembers dark and light, and forgets the choice for 'same as system'", async () => {
    renderInApp(<ThemeSwitch />, { environment: { ...testEnvironment, darkMode: true } });
    const toggle = screen.getByTestId("theme-switch");
    expect(toggle).toHaveAccessibleName("Appearance: Same as system");

    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole("option", { name: "Dark" }));
    expect(html.classList.contains(DARK_CLASS)).toBe(true);
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe("dark");
    expect(toggle).toHaveAccessibleName("Appearance: Dark");

    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole("option", { name: "Light" }));
    expect(html.classList.contains(DARK_CLASS)).toBe(false);
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe("light");

    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole("option", { name: "Same as system" }));
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBeNull();
  });

  it("starts from the stored choice, and treats anything else as 'system'", () => {
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, "dark");
    expect(readColorScheme(localStorage)).toBe("dark");
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, "purple");
    expect(readColorScheme(localStorage)).toBe("system");
    expect(readColorScheme(undefined)).toBe("system");
  });
});
