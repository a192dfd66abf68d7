import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AppPassword } from "../../../api/appPasswords";
import { fakeAuth, renderPage, type StubRoute } from "../../../testing/renderPage";
import { startOfDay } from "./CreateAppPasswordDialog";
import { savePendingAppPassword } from "./pendingAppPassword";

const PAGE = "account-security/signing-in";
const EXTENSION = "/realms/demo/account-console-extension/";
const LIST = `${EXTENSION}app-passwords`;
const DAY = 24 * 3600 * 1000;

const probe = (appPasswords: boolean): StubRoute => ({
  path: EXTENSION,
  body: { accountActivity: true, defaultSecondFactor: true, eventsEnabled: true, appPasswords },
});
const credentials: StubRoute = { path: "/credentials", body: [] };
const mail: AppPassword = {
  id: "a1",
  name: "Mail",
  created: Date.UTC(2026, 0, 2),
  expires: null,
  lastUsed: Date.UTC(2026, 0, 3),
};
const old: AppPassword = {
  id: "a2",
  name: "Old phone",
  created: Date.UTC(2025, 0, 2),
  expires: Date.UTC(2025, 5, 1),
  lastUsed: null,
};
const list = (appPasswords: AppPassword[], limit = 20): StubRoute => ({ path: LIST, body: { limit, appPasswords } });
const listReads = (fetchStub: ReturnType<typeof renderPage>["fetchStub"]) =>
  fetchStub.mock.calls.filter(([url, init]) => String(url).endsWith(LIST) && (init?.method ?? "GET") === "GET").length;

/** The server's answer to the create of "Laptop": 201 with the new app password, shown once. */
const createdLaptop = (expires: number | null): StubRoute => ({
  method: "POST",
  path: LIST,
  status: 201,
  body: {
    id: "n1",
    name: "Laptop",
    created: Date.now(),
    expires,
    lastUsed: null,
    password: "abcd-efgh-ijkl-mnop-qrst-uvwx-yzab",
  },
});

describe("app passwords on Signing in", () => {
  it("is not there where the realm does not offer them", async () => {
    const { fetchStub } = renderPage(PAGE, { routes: [probe(false), credentials, list([mail])] });
    await waitFor(() => expect(fetchStub.mock.calls.some(([url]) => String(url).endsWith(EXTENSION))).toBe(true));
    // The probe has answered (the page asked it) before the absence is checked.
    await screen.findByRole("heading", { name: "Signing in", level: 1 });
    await waitFor(() => expect(fetchStub.mock.calls.length).toBeGreaterThan(1));
    expect(screen.queryByRole("heading", { name: "App passwords" })).toBeNull();
    expect(fetchStub.mock.calls.some(([url]) => String(url).endsWith(LIST))).toBe(false);
  });

  it("lists each app password with its name, created, last used and expiry", async () => {
    renderPage(PAGE, { routes: [probe(true), credentials, list([mail, old])] });
    const section = await screen.findByTestId("app-passwords/list");
    const rows = [...section.querySelectorAll("[data-testrole=app-password]")];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Mail");
    expect(rows[0]).toHaveTextContent("Created: January 2, 2026");
    expect(rows[0]).toHaveTextContent("Last used: January 3, 2026");
    expect(rows[0]).toHaveTextContent("Expires: never");
    expect(rows[1]).toHaveTextContent("Last used: never");
    expect(rows[1]).toHaveTextContent("Expired: June 1, 2025");
  });

  it("says when there are none, and when the list cannot be read", async () => {
    renderPage(PAGE, { routes: [probe(true), credentials, list([])] });
    expect(await screen.findByText("You have no app passwords.")).toBeVisible();
  });

  it("shows a failed list as an error, never as an empty one, and reads it again on Try again", async () => {
    const { fetchStub } = renderPage(PAGE, {
      routes: [probe(true), credentials, { path: LIST, status: 500, body: { error: "x", errorDescription: "Down." } }],
    });
    expect(await screen.findByText(/Your app passwords could not be loaded: Down\./)).toBeVisible();
    expect(screen.queryByText("You have no app passwords.")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(listReads(fetchStub)).toBe(2));
  });

  it("creates one, shows the password once with a copy button, and forgets it on close", async () => {
    const expires = startOfDay("2099-03-04")!;
    const { fetchStub } = renderPage(PAGE, {
      routes: [probe(true), credentials, list([mail]), createdLaptop(expires)],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Create app password" }));
    const dialog = await screen.findByRole("dialog", { name: "Create an app password" });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), "  Laptop ");
    await userEvent.type(within(dialog).getByLabelText("Expiry date (optional)"), "2099-03-04");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));

    const shown = await screen.findByRole("dialog", { name: "Your new app password" });
    // The name in quotes, the username to enter with it, and a labelled copy button for each.
    expect(shown).toHaveTextContent("Enter it as the password in “Laptop” now");
    expect(within(shown).getByRole("group", { name: "Username" })).toHaveTextContent("alice");
    const secret = within(shown).getByRole("group", { name: "App password for “Laptop”" });
    expect(secret).toHaveTextContent("abcd-efgh-ijkl-mnop-qrst-uvwx-yzab");
    const copies = within(shown).getAllByRole("button", { name: /^Copy\b/ });
    expect(copies).toHaveLength(2);
    for (const copy of copies) expect(copy).toHaveTextContent(/^Copy$/);
    expect(within(secret).getByRole("button", { name: /^Copy/ })).toBeVisible();
    expect(shown).toHaveTextContent("It will not be shown again");
    const post = fetchStub.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: "Laptop", expires });
    // The list was read again after the create, under the dialog that shows the password.
    await waitFor(() => expect(listReads(fetchStub)).toBe(2));
    expect(screen.getByRole("dialog", { name: "Your new app password" })).toBe(shown);

    await userEvent.click(within(shown).getByTestId("app-password-done"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.body).not.toHaveTextContent("abcd-efgh");
    // Creating again starts from an empty form, with no trace of the last password.
    await userEvent.click(screen.getByRole("button", { name: "Create app password" }));
    expect(await screen.findByRole("dialog", { name: "Create an app password" })).not.toHaveTextContent("abcd");
  });

  it("copies the username and the password, says so, and says when the browser refuses", async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error("Denied."));
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const password = "abcd-efgh-ijkl-mnop-qrst-uvwx-yzab";
    renderPage(PAGE, {
      routes: [
        probe(true),
        credentials,
        list([]),
        {
          method: "POST",
          path: LIST,
          status: 201,
          body: { id: "n1", name: "Laptop", created: Date.now(), expires: null, lastUsed: null, password },
        },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Create app password" }));
    const dialog = await screen.findByRole("dialog", { name: "Create an app password" });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), "Laptop");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    const shown = await screen.findByRole("dialog", { name: "Your new app password" });

    // Plain clicks: user-event would put its own clipboard in place of the one above.
    fireEvent.click(within(shown).getByTestId("app-password-copy-username"));
    await waitFor(() => expect(within(shown).getByTestId("app-password-copy-username")).toHaveTextContent("Copied"));
    expect(writeText).toHaveBeenLastCalledWith("alice");
    fireEvent.click(within(shown).getByTestId("app-password-copy"));
    expect(await within(shown).findByText("Not copied. Select the text and copy it yourself.")).toBeVisible();
    expect(writeText).toHaveBeenLastCalledWith(password);
    expect(within(shown).getByTestId("app-password-copy")).toHaveTextContent(/^Copy$/);
  });

  it("refuses a bad name before asking, and keeps the input when the server refuses", async () => {
    const { fetchStub } = renderPage(PAGE, {
      routes: [
        probe(true),
        credentials,
        list([mail]),
        { method: "POST", path: LIST, status: 409, body: { error: "limit_reached", errorDescription: "Too many." } },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Create app password" }));
    const dialog = await screen.findByRole("dialog", { name: "Create an app password" });
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByText("Enter a name.")).toBeVisible();
    await userEvent.type(name, "MAIL");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByText("You already have an app password with this name.")).toBeVisible();
    await userEvent.clear(name);
    // Pasted: typed one key at a time, 65 keys take seconds on a busy machine.
    await userEvent.click(name);
    await userEvent.paste("x".repeat(65));
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByText("A name can have at most 64 characters.")).toBeVisible();
    expect(fetchStub.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    await userEvent.clear(name);
    await userEvent.type(name, "Phone");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByText("The app password was not created: Too many.")).toBeVisible();
    expect(name).toHaveValue("Phone");
    expect(screen.queryByRole("dialog", { name: "Your new app password" })).toBeNull();
  });

  it("refuses names that show as blank or reorder text before asking", async () => {
    const { fetchStub } = renderPage(PAGE, { routes: [probe(true), credentials, list([mail])] });
    await userEvent.click(await screen.findByRole("button", { name: "Create app password" }));
    const dialog = await screen.findByRole("dialog", { name: "Create an app password" });
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.type(name, "mail\u202Etxt.exe");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(
      await within(dialog).findByText("A name cannot contain invisible characters that change the direction of text."),
    ).toBeVisible();
    await userEvent.clear(name);
    await userEvent.type(name, "\u200B\u00A0");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByText("Enter a name.")).toBeVisible();
    await userEvent.clear(name);
    await userEvent.type(name, "Mail\u200B");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByText("You already have an app password with this name.")).toBeVisible();
    expect(fetchStub.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("shows the server's name refusal at the field (a create at the same moment took the name)", async () => {
    renderPage(PAGE, {
      routes: [
        probe(true),
        credentials,
        list([]),
        { method: "POST", path: LIST, status: 409, body: { error: "name_taken", errorDescription: "Taken." } },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Create app password" }));
    const dialog = await screen.findByRole("dialog", { name: "Create an app password" });
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.type(name, "Mail");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByText("You already have an app password with this name.")).toBeVisible();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveValue("Mail");
  });

  /** The server's refusal of a create from a sign-in older than the realm allows for credential changes. */
  const tooOldToCreate = {
    method: "POST",
    path: LIST,
    status: 403,
    body: { error: "reauthentication_required", errorDescription: "Too old." },
  };

  it("goes through the login page when the sign-in is too old, keeping what was typed", async () => {
    sessionStorage.clear();
    const auth = fakeAuth();
    renderPage(PAGE, {
      auth,
      routes: [probe(true), credentials, list([]), tooOldToCreate],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Create app password" }));
    const dialog = await screen.findByRole("dialog", { name: "Create an app password" });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), "Laptop");
    await userEvent.type(within(dialog).getByLabelText("Expiry date (optional)"), "2099-03-04");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(auth.reauthenticate).toHaveBeenCalledTimes(1));
    // Busy until the browser leaves; no failure shown.
    expect(within(dialog).getByTestId("app-password-create")).toBeDisabled();
    expect(dialog).not.toHaveTextContent("not created");
    const kept = JSON.parse(sessionStorage.getItem("account-console.pending-app-password") ?? "{}") as object;
    expect(kept).toMatchObject({ name: "Laptop", expiry: "2099-03-04", realm: "demo", user: "alice-id" });
  });

  it("back from the login page, finishes the create at once, and only once", async () => {
    sessionStorage.clear();
    savePendingAppPassword("demo", "alice-id", { name: "Laptop", expiry: "" });
    const { fetchStub } = renderPage(PAGE, {
      routes: [probe(true), credentials, list([mail]), createdLaptop(null)],
    });
    const shown = await screen.findByRole("dialog", { name: "Your new app password" });
    expect(within(shown).getByRole("group", { name: "App password for “Laptop”" })).toHaveTextContent("abcd-efgh");
    const posts = fetchStub.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ name: "Laptop", expires: null });
    expect(sessionStorage.getItem("account-console.pending-app-password")).toBeNull();
  });

  it("back from the login page and still refused, says so instead of going round again", async () => {
    sessionStorage.clear();
    savePendingAppPassword("demo", "alice-id", { name: "Laptop", expiry: "" });
    const auth = fakeAuth();
    renderPage(PAGE, {
      auth,
      routes: [probe(true), credentials, list([]), tooOldToCreate],
    });
    const dialog = await screen.findByRole("dialog", { name: "Create an app password" });
    expect(
      await within(dialog).findByText(
        "The app password was not created because your sign-in could not be confirmed. Try again.",
      ),
    ).toBeVisible();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue("Laptop");
    expect(auth.reauthenticate).not.toHaveBeenCalled();
  });

  it("refuses an expiry that is not after today", async () => {
    renderPage(PAGE, { routes: [probe(true), credentials, list([])] });
    await userEvent.click(await screen.findByRole("button", { name: "Create app password" }));
    const dialog = await screen.findByRole("dialog", { name: "Create an app password" });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), "Mail");
    await userEvent.type(within(dialog).getByLabelText("Expiry date (optional)"), "2020-01-01");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByText("Choose a day after today.")).toBeVisible();
  });

  it("offers no create at the limit and says why", async () => {
    renderPage(PAGE, { routes: [probe(true), credentials, list([mail], 1)] });
    expect(await screen.findByText(/You have 1 app passwords, the most allowed/)).toBeVisible();
    expect(screen.getByRole("button", { name: "Create app password" })).toBeDisabled();
  });

  it("asks before revoking, then revokes and reads the list again", async () => {
    const { fetchStub } = renderPage(PAGE, {
      routes: [probe(true), credentials, list([mail]), { method: "DELETE", path: `${LIST}/a1`, status: 204 }],
    });
    const row = (await screen.findByTestId("app-passwords/list")).querySelector("[data-testrole=app-password]")!;
    const revoke = within(row as HTMLElement).getByRole("button", { name: "Revoke" });
    // Secondary in the row, a filled danger button only in the dialog that asks.
    expect(revoke).toHaveClass("pf-m-secondary", "pf-m-danger");
    await userEvent.click(revoke);
    const dialog = await screen.findByRole("dialog", { name: "Revoke “Mail”?" });
    expect(fetchStub.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    const confirm = within(dialog).getByRole("button", { name: "Revoke" });
    expect(confirm).toHaveClass("pf-m-danger");
    expect(confirm).not.toHaveClass("pf-m-secondary");
    await userEvent.click(confirm);
    expect(await screen.findByText("App password “Mail” revoked.")).toBeVisible();
    expect(fetchStub.mock.calls.some(([url, init]) => init?.method === "DELETE" && String(url).endsWith("/a1"))).toBe(
      true,
    );
    await waitFor(() => expect(listReads(fetchStub)).toBe(2));
  });

  it("says so when revoking fails, and shows no success", async () => {
    renderPage(PAGE, {
      routes: [
        probe(true),
        credentials,
        list([mail]),
        {
          method: "DELETE",
          path: `${LIST}/a1`,
          status: 404,
          body: { error: "app_password_not_found", errorDescription: "Gone." },
        },
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Revoke" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText(/The app password was not revoked/)).toBeVisible();
    expect(screen.queryByText(/App password .*Mail.* revoked\./)).toBeNull();
  });

  it("reads a day of the date field as its start, local time", () => {
    expect(startOfDay("2099-03-04")).toBe(new Date(2099, 2, 4).getTime());
    expect(startOfDay("2099-02-30")).toBeUndefined();
    expect(startOfDay("")).toBeUndefined();
    expect(DAY).toBeGreaterThan(0);
  });
});
