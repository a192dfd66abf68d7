import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../../i18n/format";
import { container } from "../../../testing/credentials";
import { PAGE_LOAD, renderPage } from "../../../testing/renderPage";

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
    const links = steps.slice(1).map((step) => within(step).getByRole("link"));
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Device activity", "/account-security/device-activity"],
      ["Signing in", "/account-security/signing-in"],
    ]);
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

describe("Lock it down", () => {
  const EXT = "/realms/demo/account-console-extension";
  const probe = { path: `${EXT}/`, body: { lockDown: true } };

  it("is offered only where the server does it", async () => {
    renderPage(PAGE, { routes: [{ path: `${EXT}/`, body: { lockDown: false } }] });
    expect(await screen.findByRole("heading", { level: 1, name: "Secure your account" })).toBeVisible();
    expect(screen.queryByTestId("lock-down")).toBeNull();
  });

  it("asks first, ends the other sessions, keeps what it did for the way back, then asks for a new password", async () => {
    const outcome = { sessionsEnded: 2, offlineSessionsEnded: 1, appPasswordsRevoked: 2, updatePasswordRequired: true };
    const { auth, fetchStub } = renderPage(PAGE, {
      routes: [probe, { method: "POST", path: `${EXT}/lock-down`, body: outcome }],
    });
    await userEvent.click(await screen.findByTestId("lock-down"));
    const dialog = await screen.findByRole("dialog", { name: "Lock your account down?" });
    expect(fetchStub.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Lock it down" }));
    await waitFor(() => expect(auth.startAction).toHaveBeenLastCalledWith("UPDATE_PASSWORD"));
    expect(JSON.parse(sessionStorage.getItem("kc-account-lock-down") ?? "{}")).toMatchObject({ outcome });
  });

  it("back from the password page, says what happened and what is left to check, once", async () => {
    sessionStorage.setItem(
      "kc-account-lock-down",
      JSON.stringify({
        account: "http://kc.test/realms/demo/account/",
        at: Date.now(),
        outcome: { sessionsEnded: 2, offlineSessionsEnded: 1, appPasswordsRevoked: 2, updatePasswordRequired: true },
      }),
    );
    const { unmount } = renderPage(PAGE, { routes: [probe] });
    const done = await screen.findByTestId("lock-down-done", {}, PAGE_LOAD);
    expect(done).toHaveTextContent("Your account is locked down");
    expect(done).toHaveTextContent("Other sessions ended: 2");
    expect(done).toHaveTextContent("Lasting access of applications ended: 1");
    expect(done).toHaveTextContent("App passwords revoked: 2");
    expect(
      within(screen.getByTestId("lock-down-left")).getByRole("link", { name: "Security checkup" }),
    ).toHaveAttribute("href", "/account-security/security-checkup#checkup-findings");
    expect(screen.queryByTestId("lock-down")).toBeNull();
    expect(sessionStorage.getItem("kc-account-lock-down")).toBeNull();
    unmount();
    renderPage(PAGE, { routes: [probe] });
    expect(await screen.findByTestId("lock-down", {}, PAGE_LOAD)).toBeVisible();
    expect(screen.queryByTestId("lock-down-done")).toBeNull();
  });

  it("reads in order: the sign-in, whether it was you, then Lock it down as the one primary action", async () => {
    renderPage(PAGE, { routes: [probe], search: `?browser=Firefox&os=Windows&time=${TIME}` });
    const lockDown = await screen.findByTestId("lock-down", {}, PAGE_LOAD);
    const headings = screen.getAllByRole("heading").map((heading) => heading.textContent);
    expect(headings.slice(1, 5)).toEqual(["The sign-in", "If it was not you", "Lock it down", "Or one step at a time"]);
    // "If that sign-in was yours" comes before what to do if it was not.
    const ifYours = screen.getByTestId("secure-account-if-yours");
    const ifNot = screen.getByRole("heading", { level: 2, name: "If it was not you" });
    expect(ifYours.compareDocumentPosition(ifNot) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(/revokes your app passwords/)).toBeVisible();
    // One primary action: Lock it down; the password step is the way by hand.
    expect(lockDown).toHaveClass("pf-m-primary");
    expect(screen.getByTestId("secure-account-password")).toHaveClass("pf-m-secondary");
  });

  /** Back from Keycloak's password page after a lock-down; the password now listed was made at `passwordMade`. */
  const backFromLockDown = (passwordBefore: number, passwordMade: number) => {
    sessionStorage.setItem(
      "kc-account-lock-down",
      JSON.stringify({
        account: "http://kc.test/realms/demo/account/",
        at: Date.now(),
        passwordBefore,
        outcome: { sessionsEnded: 1, offlineSessionsEnded: 0, appPasswordsRevoked: 0, updatePasswordRequired: true },
      }),
    );
    renderPage(PAGE, {
      routes: [
        probe,
        {
          path: "/credentials",
          body: [
            container(
              "password",
              "basic-authentication",
              [{ credential: { id: "pw", type: "password", createdDate: passwordMade } }],
              "Password",
            ),
          ],
        },
      ],
    });
  };

  it("after the lock-down and a new password, says what is done and offers no password change", async () => {
    const before = Date.UTC(2026, 0, 1);
    backFromLockDown(before, before + 60_000);
    expect(await screen.findByTestId("lock-down-done-password", {}, PAGE_LOAD)).toHaveTextContent(
      "Your new password is set.",
    );
    expect(screen.queryByText(/A new password is required/)).toBeNull();
    expect(screen.queryByTestId("secure-account-password")).toBeNull();
    expect(screen.getByTestId("lock-down-left")).toBeVisible();
  });

  it("after the lock-down without a new password, still asks for one as the primary action", async () => {
    const before = Date.UTC(2026, 0, 1);
    backFromLockDown(before, before);
    expect(await screen.findByTestId("lock-down-done-password", {}, PAGE_LOAD)).toHaveTextContent(
      "A new password is required.",
    );
    expect(screen.getByTestId("secure-account-password")).toHaveClass("pf-m-primary");
  });

  it("a link cannot claim a lock-down: the address says nothing about it", async () => {
    renderPage(PAGE, { routes: [probe], search: "?sessionsEnded=5&lockedDown=1" });
    expect(await screen.findByTestId("lock-down", {}, PAGE_LOAD)).toBeVisible();
    expect(screen.queryByTestId("lock-down-done")).toBeNull();
  });

  it("a refusal says the account was not locked down, and starts no password change", async () => {
    const { auth } = renderPage(PAGE, {
      routes: [
        probe,
        {
          method: "POST",
          path: `${EXT}/lock-down`,
          status: 403,
          body: { error: "forbidden", errorDescription: "No." },
        },
      ],
    });
    await userEvent.click(await screen.findByTestId("lock-down"));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Lock it down" }));
    expect(await screen.findByText("Your account was not locked down: No.")).toBeVisible();
    expect(auth.startAction).not.toHaveBeenCalled();
    expect(screen.queryByTestId("lock-down-done")).toBeNull();
  });

  it("where the server requires no new password, says so on the page", async () => {
    renderPage(PAGE, {
      routes: [
        probe,
        {
          method: "POST",
          path: `${EXT}/lock-down`,
          body: { sessionsEnded: 0, offlineSessionsEnded: 0, appPasswordsRevoked: 0, updatePasswordRequired: false },
        },
      ],
    });
    await userEvent.click(await screen.findByTestId("lock-down"));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Lock it down" }));
    expect(await screen.findByTestId("lock-down-done")).toHaveTextContent(
      "This server does not ask for a new password",
    );
  });
});
