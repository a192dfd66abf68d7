import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeAuth, renderInApp, testEnvironment } from "../../testing/renderPage";
import { Header } from "./Header";

function renderHeader(logoUrl: string, referrer: Partial<typeof testEnvironment> = {}) {
  const environment = { ...testEnvironment, logoUrl, ...referrer };
  renderInApp(<Header />, { environment });
}

describe("header", () => {
  it("links the logo to the server root when the theme sets no logoUrl", () => {
    renderHeader("");
    expect(screen.getByTestId("logo-link")).toHaveAttribute("href", "/");
  });

  it("links the logo to the theme's logoUrl, but never to a script URL", () => {
    renderHeader("https://portal.example.org/home");
    expect(screen.getByTestId("logo-link")).toHaveAttribute("href", "https://portal.example.org/home");
  });

  it("falls back to the server root for a logoUrl that is not http(s)", () => {
    renderHeader("javascript:alert(1)");
    expect(screen.getByTestId("logo-link")).toHaveAttribute("href", "/");
  });

  it("shows the back link for a web address, with _hash_ turned into #", () => {
    renderHeader("", { referrerName: "Shop", referrerUrl: "https://shop.example.org/_hash_/cart" });
    expect(screen.getByTestId("referrer-link")).toHaveAttribute("href", "https://shop.example.org/#/cart");
    expect(screen.getByTestId("referrer-link")).toHaveTextContent("Back to Shop");
  });

  it("offers the back link in the narrow screen's kebab menu too", async () => {
    renderHeader("", { referrerName: "Shop", referrerUrl: "https://shop.example.org/_hash_/cart" });
    await userEvent.click(screen.getByTestId("options-kebab"));
    const item = screen.getByRole("menuitem", { name: "Back to Shop" });
    expect(item).toHaveAttribute("href", "https://shop.example.org/#/cart");
  });

  it.each(["javascript:alert(1)", "data:text/html,x", "/relative"])(
    "shows no back link for %s",
    async (referrerUrl) => {
      renderHeader("", { referrerName: "Shop", referrerUrl });
      expect(screen.queryByTestId("referrer-link")).toBeNull();
      await userEvent.click(screen.getByTestId("options-kebab"));
      expect(screen.queryByTestId("referrer-item")).toBeNull();
    },
  );

  it("has the nav toggle: PatternFly's hamburger icon, named for assistive technology", () => {
    renderHeader("");
    const toggle = screen.getByTestId("nav-toggle");
    expect(toggle).toHaveAccessibleName("Navigation");
    expect(toggle.querySelector("svg")).not.toBeNull();
    expect(toggle.textContent?.trim()).toBe("");
  });

  it.each([
    ["https://pictures.example.org/alice.png", "https://pictures.example.org/alice.png"],
    ["javascript:alert(1)", undefined],
    ["data:text/html,<script>alert(1)</script>", undefined],
  ])("shows the token's picture %s only when it is a web URL", (picture, shown) => {
    renderInApp(<Header />, { auth: fakeAuth({ sub: "alice-id", given_name: "Alice", picture }) });
    const avatar = screen.getByRole("img", { name: "Avatar" });
    if (shown) expect(avatar).toHaveAttribute("src", shown);
    else expect(avatar.getAttribute("src")).not.toBe(picture);
  });
});
