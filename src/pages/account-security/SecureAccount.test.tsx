import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../i18n/format";
import { renderPage } from "../../testing/renderPage";

const PAGE = "account-security/secure-your-account";
const TIME = Date.UTC(2026, 10, 27, 17, 4);

describe("Secure your account", () => {
  it("says what the link says about the sign-in, and offers the three steps in order", async () => {
    const { auth } = renderPage(PAGE, { search: `?browser=Firefox&os=Windows&time=${TIME}` });
    expect(await screen.findByRole("heading", { level: 1, name: "Secure your account" })).toBeVisible();
    const facts = screen.getByTestId("secure-account-facts");
    expect(within(facts).getByText("Firefox on Windows")).toBeVisible();
    expect(within(facts).getByText(formatDateTime(new Date(TIME), "en"))).toBeVisible();
    expect(screen.queryByTestId("secure-account-no-facts")).toBeNull();

    const steps = screen.getAllByRole("listitem");
    expect(steps.map((step) => within(step).getByRole("heading", { level: 3 }).textContent)).toEqual([
      "Change your password",
      "Review your devices",
      "Review your sign-in methods",
    ]);
    expect(within(steps[1]!).getByRole("link", { name: "Device activity" })).toHaveAttribute(
      "href",
      "/account-security/device-activity",
    );
    expect(within(steps[2]!).getByRole("link", { name: "Signing in" })).toHaveAttribute(
      "href",
      "/account-security/signing-in",
    );
    await userEvent.click(within(steps[0]!).getByRole("button", { name: "Change password" }));
    expect(auth.startAction).toHaveBeenLastCalledWith("UPDATE_PASSWORD");
  });

  it("shows no device and no time from an altered link, and still offers the steps", async () => {
    renderPage(PAGE, { search: "?browser=%3Cb%3EEvil%3C%2Fb%3E&os=Windows&time=tomorrow" });
    expect(await screen.findByTestId("secure-account-no-facts")).toHaveTextContent(
      "This link does not say which device it was or when.",
    );
    expect(screen.queryByTestId("secure-account-facts")).toBeNull();
    expect(screen.queryByText(/Evil/)).toBeNull();
    expect(screen.getByRole("button", { name: "Change password" })).toBeVisible();
  });

  it("shows the time alone when only the time parses", async () => {
    renderPage(PAGE, { search: `?time=${TIME}` });
    const facts = await screen.findByTestId("secure-account-facts");
    expect(within(facts).getByText("When")).toBeVisible();
    expect(within(facts).queryByText("Device")).toBeNull();
  });
});
