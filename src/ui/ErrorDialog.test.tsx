import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorDialog } from "./ErrorDialog";
import { reloadUrl } from "../lib/reloadUrl";

describe("ErrorDialog", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reloads at origin and path, without query or hash", () => {
    expect(reloadUrl({ origin: "https://id.example.org", pathname: "/realms/demo/account/groups" })).toBe(
      "https://id.example.org/realms/demo/account/groups",
    );
  });

  it("shows title, description and the error, and 'Try again' reloads", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, origin: "https://x", pathname: "/p", assign });
    render(<ErrorDialog error={new Error("Boom")} />);
    expect(screen.getByRole("dialog")).toHaveTextContent("Something went wrong");
    expect(screen.getByRole("dialog")).toHaveTextContent("Sorry, an unexpected error has occurred.");
    expect(screen.getByTestId("error-message")).toHaveTextContent("Boom");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(assign).toHaveBeenCalledWith("https://x/p");
  });

  it("has no error line when there is no error text", () => {
    render(<ErrorDialog />);
    expect(screen.queryByTestId("error-message")).toBeNull();
  });
});
