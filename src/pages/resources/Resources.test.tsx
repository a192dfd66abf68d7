import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { openActionsMenuItem, PAGE_LOAD, renderResources } from "../../testing/resourcesPage";
import { FakeUmaServer, resource } from "../../testing/fakeUmaServer";

// Typing and picking through menus takes a while on a busy machine.
const SLOW = { timeout: 60_000 };
const users = [
  { username: "bob", email: "bob@example.org", firstName: "Bob", lastName: "Builder" },
  { username: "carol", email: "carol@example.org" },
  { username: "dave", email: "dave@example.org" },
];
const album = resource("r1", "album", { displayName: "Holiday album" });
const notes = resource("r2", "notes", { client: { clientId: "evil", baseUrl: "javascript:alert(1)" } });

// The page talks to a stateful fake UMA server, which writes Link headers as Keycloak does (renderPage's stub server
// answers without headers): the one `fake` of the moment.
let fake: FakeUmaServer;
function serve(instance: FakeUmaServer) {
  fake = instance;
  return instance;
}
beforeEach(() => serve(new FakeUmaServer([album, notes], users)));

const rowOf = (testId: string) => screen.getByTestId(testId).closest("tr") as HTMLElement;
const lastAlert = () => screen.getByTestId("last-alert");
const many = (count: number) =>
  Array.from({ length: count }, (_, i) => resource(`id${i}`, `res-${String(i).padStart(2, "0")}`));
const names = () => screen.getAllByTestId(/^row\[\d+\]\.name$/).map((cell) => cell.textContent);
const resourceCalls = () =>
  fake.callsTo("GET", "/resources").map((call) => Object.fromEntries(call.query.entries()) as Record<string, string>);

describe("my resources", SLOW, () => {
  it("shows the first page from one request, names and applications, links only to web URLs", async () => {
    renderResources(() => fake);
    const first = await screen.findByTestId("row[0].name", {}, PAGE_LOAD);
    expect(first).toHaveTextContent("Holiday album");
    expect(screen.getByTestId("row[1].name")).toHaveTextContent("notes");
    expect(resourceCalls()).toEqual([{ first: "0", max: "5" }]);
    // Only the name cell is named after the resource; the row's buttons are described by it.
    expect(screen.getByTestId("expand-album")).toHaveAccessibleName("Shared with");
    expect(screen.getByTestId("expand-album")).toHaveAccessibleDescription("Holiday album");
    expect(screen.getByTestId("share-album")).toHaveAccessibleName("Share");
    expect(screen.getByTestId("actions-album")).toHaveAccessibleDescription("Holiday album");
    const link = within(rowOf("row[0].name")).getByRole("link", { name: /Photo album/ });
    expect(link).toHaveAttribute("href", "https://photoz.example.org/");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(within(rowOf("row[1].name")).queryByRole("link")).toBeNull();
    expect(rowOf("row[1].name")).toHaveTextContent("evil");
  });

  it("pages with the server's Link header, keeps the name filter, offers 5/10/20 per page", async () => {
    serve(new FakeUmaServer(many(12), users));
    const user = userEvent.setup();
    renderResources(() => fake);
    await screen.findByTestId("row[0].name", {}, PAGE_LOAD);
    expect(names()).toEqual(["res-00", "res-01", "res-02", "res-03", "res-04"]);
    const toolbar = document.getElementById("my-resources-toolbar")!;
    const next = within(toolbar).getByRole("button", { name: /next page/i });
    const prev = within(toolbar).getByRole("button", { name: /previous page/i });
    expect(prev).toBeDisabled();

    await user.click(next);
    await waitFor(() => expect(names()[0]).toBe("res-05"));
    await user.click(within(toolbar).getByRole("button", { name: /next page/i }));
    await waitFor(() => expect(names()).toEqual(["res-10", "res-11"]));
    // The last page: the server sent no next link.
    expect(within(toolbar).getByRole("button", { name: /next page/i })).toBeDisabled();
    await user.click(within(toolbar).getByRole("button", { name: /previous page/i }));
    await waitFor(() => expect(names()[0]).toBe("res-05"));
    expect(resourceCalls().map((q) => q.first)).toEqual(["0", "5", "10", "5"]);

    // Search: first goes back to 0 and the name is sent, also on the pages the (name-less) links point to.
    await user.type(within(toolbar).getByRole("textbox"), "res-1{Enter}");
    await waitFor(() => expect(names()).toEqual(["res-10", "res-11"]));
    expect(resourceCalls().at(-1)).toEqual({ first: "0", max: "5", name: "res-1" });

    await user.clear(within(toolbar).getByRole("textbox"));
    await user.type(within(toolbar).getByRole("textbox"), "res{Enter}");
    await waitFor(() => expect(names()).toHaveLength(5));
    await user.click(within(toolbar).getByRole("button", { name: /next page/i }));
    await waitFor(() => expect(names()[0]).toBe("res-05"));
    expect(resourceCalls().at(-1)).toEqual({ first: "5", max: "5", name: "res" });

    // Per page: 10 starts over at the first row.
    await user.click(within(toolbar).getByRole("button", { name: /items per page|1 - 5|6 - 10/i }));
    await user.click(screen.getByRole("menuitem", { name: /^10/ }));
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(resourceCalls().at(-1)).toEqual({ first: "0", max: "10", name: "res" });
  });

  it("says when there are no resources, and when nothing matches", async () => {
    serve(new FakeUmaServer([], users));
    const user = userEvent.setup();
    renderResources(() => fake);
    expect(await screen.findByText("You don’t have any resources", {}, PAGE_LOAD)).toBeInTheDocument();
    await user.type(screen.getAllByRole("textbox")[0]!, "zzz{Enter}");
    expect(await screen.findByText("Nothing matches your search")).toBeInTheDocument();
  });

  it("shows the table before the pending requests arrive, then a badge per resource with requests", async () => {
    fake.request("r1", "bob", ["view"]).request("r1", "carol", ["edit"]);
    const release = fake.hold(/\/requests$/);
    renderResources(() => fake);
    await screen.findByTestId("row[0].name", {}, PAGE_LOAD);
    // The rows are there while every request call is still unanswered.
    expect(fake.callsTo("GET", /\/requests$/)).toHaveLength(2);
    expect(screen.queryByRole("button", { name: /Permission requests: / })).toBeNull();
    release();
    const badge = await screen.findByRole("button", { name: "Permission requests: 2" });
    expect(within(rowOf("row[0].name")).getByRole("button", { name: "Permission requests: 2" })).toBe(badge);
    expect(within(rowOf("row[1].name")).queryByRole("button", { name: /Permission requests/ })).toBeNull();
  });

  it("accepts a request by adding the requested scopes to what the user has, and denies by keeping only those", async () => {
    fake.grant("r1", "bob", ["edit"]).request("r1", "bob", ["view"]).request("r1", "carol", ["edit"]);
    const user = userEvent.setup();
    renderResources(() => fake);
    await user.click(await screen.findByRole("button", { name: "Permission requests: 2" }, PAGE_LOAD));
    const dialog = await screen.findByRole("dialog", { name: "Permission requests - Holiday album" });
    expect(dialog).toHaveTextContent("Bob Builder");
    await user.click(within(dialog).getByRole("button", { name: "Accept: bob" }));
    await waitFor(() => expect(lastAlert()).toHaveTextContent("Resource successfully shared."));
    expect(fake.callsTo("PUT", "/resources/r1/permissions").at(-1)?.body).toEqual([
      { username: "bob", scopes: ["edit", "view"] },
    ]);
    await waitFor(() => expect(within(dialog).queryByText("Bob Builder")).toBeNull());

    await user.click(within(dialog).getByRole("button", { name: "Deny: carol" }));
    await waitFor(() => expect(lastAlert()).toHaveTextContent("Resource successfully updated."));
    expect(fake.callsTo("PUT", "/resources/r1/permissions").at(-1)?.body).toEqual([{ username: "carol", scopes: [] }]);
    // Nothing left to decide: the dialog closes and the badge goes.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(screen.queryByRole("button", { name: /Permission requests: / })).toBeNull());
    expect(fake.granted.get("r1")?.get("bob")).toEqual(["edit", "view"]);
    expect(fake.pending.get("r1")?.size).toBe(0);
  });

  it("reports a failed accept and keeps the request", async () => {
    fake
      .request("r1", "bob", ["view"])
      .fail({ method: "PUT", path: /permissions$/, status: 500, body: { error: "boom" } });
    const user = userEvent.setup();
    renderResources(() => fake);
    await user.click(await screen.findByRole("button", { name: "Permission requests: 1" }, PAGE_LOAD));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Accept: bob" }));
    await waitFor(() => expect(lastAlert()).toHaveTextContent("Could not share the resource due to: boom"));
    expect(lastAlert().className).toMatch(/danger/);
    expect(screen.queryByText("Resource successfully shared.")).toBeNull();
    expect(within(dialog).getByText("Bob Builder")).toBeInTheDocument();
  });

  it("says who a resource is shared with when its row opens", async () => {
    fake.grant("r1", "bob", ["view"]).grant("r1", "carol", ["view"]).grant("r1", "dave", ["edit"]);
    const user = userEvent.setup();
    renderResources(() => fake);
    await user.click(await screen.findByTestId("expand-album", {}, PAGE_LOAD));
    expect(screen.getByTestId("expand-album")).toHaveAttribute("aria-expanded", "true");
    const summary = await screen.findByTestId("shared-with-bob,carol,dave");
    expect(summary).toHaveTextContent("Resource is shared with bob and 2 other users");
    expect(within(summary).getByText("bob").tagName).toBe("STRONG");
    await user.click(screen.getByTestId("expand-notes"));
    expect(await screen.findByTestId("shared-with-none")).toHaveTextContent("This resource is not shared.");
  });

  it("says so in the row when who it is shared with cannot be loaded, and tries again", async () => {
    fake
      .grant("r1", "bob", ["view"])
      .fail({ path: /^\/resources\/r1\/permissions$/, status: 500, body: { error: "down" }, times: 1 });
    const user = userEvent.setup();
    renderResources(() => fake);
    await user.click(await screen.findByTestId("expand-album", {}, PAGE_LOAD));
    expect(await screen.findByText(/Could not load who this is shared with: down/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("shared-with-bob")).toHaveTextContent("Resource is shared with bob");
  });

  it("says so in the cell when the requests cannot be loaded", async () => {
    fake.fail({ path: /\/r1\/permissions\/requests$/, status: 500, body: { error: "down" }, times: 1 });
    fake.request("r1", "bob", ["view"]);
    const user = userEvent.setup();
    renderResources(() => fake);
    expect(await screen.findByText(/Could not load the requests: down/, {}, PAGE_LOAD)).toBeInTheDocument();
    await user.click(within(rowOf("row[0].name")).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: "Permission requests: 1" })).toBeInTheDocument();
  });

  it("shows the load error of a page and retries it", async () => {
    serve(new FakeUmaServer(many(8), users));
    const user = userEvent.setup();
    renderResources(() => fake);
    await screen.findByTestId("row[0].name", {}, PAGE_LOAD);
    fake.fail({ path: /^\/resources$/, status: 503, body: { error: "Service unavailable" }, times: 1 });
    await user.click(screen.getByRole("button", { name: /next page/i }));
    expect(await screen.findByTestId("load-error")).toHaveTextContent("Service unavailable");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(names()).toEqual(["res-05", "res-06", "res-07"]));
  });
});

describe("sharing", SLOW, () => {
  async function openShare(name = "album") {
    const user = userEvent.setup();
    renderResources(() => fake);
    await user.click(await screen.findByTestId(`share-${name}`, {}, PAGE_LOAD));
    const dialog = await screen.findByRole("dialog", { name: /Share the resource - / });
    await within(dialog).findByTestId(/^shared-with-/);
    return { user, dialog };
  }
  async function pickScope(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, scope: string) {
    await user.click(within(within(dialog).getByTestId("permissions")).getByRole("button", { expanded: false }));
    await user.click(await screen.findByRole("option", { name: scope }));
    await user.click(within(within(dialog).getByTestId("permissions")).getByRole("button", { expanded: true }));
  }

  it("shares with users by username and email, one PUT each, and says so only after the server agreed", async () => {
    const { user, dialog } = await openShare();
    const done = within(dialog).getByTestId("done");
    expect(done).toBeDisabled();
    await user.type(within(dialog).getByTestId("users"), "bob");
    await user.click(within(dialog).getByTestId("add"));
    await user.type(within(dialog).getByTestId("users"), "carol@example.org{Enter}");
    expect(within(dialog).getByRole("group", { name: "Share with" })).toHaveTextContent(
      "Share with bobcarol@example.org",
    );
    // Users but no scope yet: not valid.
    expect(done).toBeDisabled();
    await pickScope(user, dialog, "Edit");
    expect(done).toBeEnabled();
    await user.click(done);
    await waitFor(() => expect(lastAlert()).toHaveTextContent("Resource successfully shared."));
    expect(fake.callsTo("PUT", "/resources/r1/permissions").map((call) => call.body)).toEqual([
      [{ username: "bob", scopes: ["edit"] }],
      [{ username: "carol@example.org", scopes: ["edit"] }],
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The list reloads, rows collapsed; opening the row shows the new shares.
    await user.click(await screen.findByTestId("expand-album"));
    expect(await screen.findByTestId("shared-with-bob,carol")).toBeInTheDocument();
  });

  it("shares what is typed but not yet added when Done is pressed", async () => {
    const { user, dialog } = await openShare();
    await user.type(within(dialog).getByTestId("users"), "dave");
    await pickScope(user, dialog, "view");
    await user.click(within(dialog).getByTestId("done"));
    await waitFor(() => expect(lastAlert()).toHaveTextContent("Resource successfully shared."));
    expect(fake.granted.get("r1")?.get("dave")).toEqual(["view"]);
  });

  it("refuses a user the resource is already shared with, by username or email", async () => {
    fake.grant("r1", "bob", ["view"]);
    const { user, dialog } = await openShare();
    const input = within(dialog).getByTestId("users");
    await user.type(input, "BOB@example.org");
    expect(within(dialog).getByText("Resource is already shared with this user.")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByTestId("add")).toBeDisabled();
    await pickScope(user, dialog, "view");
    expect(within(dialog).getByTestId("done")).toBeDisabled();
    expect(fake.callsTo("PUT", /permissions$/)).toHaveLength(0);
  });

  it("puts the server's answer for an unknown user on the field, shares with the others, claims nothing", async () => {
    const { user, dialog } = await openShare();
    await user.type(within(dialog).getByTestId("users"), "nobody{Enter}");
    await user.type(within(dialog).getByTestId("users"), "bob{Enter}");
    await pickScope(user, dialog, "view");
    await user.click(within(dialog).getByTestId("done"));
    await waitFor(() => expect(within(dialog).getByTestId("users-helper")).toBeInTheDocument());
    expect(within(dialog).getByTestId("users-helper")).toHaveTextContent('No user has the username or email "nobody".');
    expect(lastAlert()).toHaveTextContent("Could not share the resource due to: nobody");
    expect(lastAlert().className).toMatch(/danger/);
    expect(screen.queryByText("Resource successfully shared.")).toBeNull();
    // The dialog stays with the unknown user (bob was shared with, as the summary now says); Done waits.
    expect(screen.getByRole("dialog")).toBe(dialog);
    expect(within(dialog).getByRole("group", { name: "Share with" })).toHaveTextContent("Share with nobody");
    expect(await within(dialog).findByTestId("shared-with-bob")).toBeInTheDocument();
    expect(within(dialog).getByTestId("done")).toBeDisabled();
    expect(fake.granted.get("r1")?.has("nobody")).toBe(false);

    await user.click(within(dialog).getByRole("button", { name: "Remove nobody" }));
    expect(within(dialog).queryByTestId("users-helper")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    // Something was shared after all: the list reloads.
    await waitFor(() => expect(fake.callsTo("GET", "/resources")).toHaveLength(2));
  });

  it("keeps what was typed when the server fails, and lets the user try again", async () => {
    fake.fail({ method: "PUT", path: /permissions$/, status: 500, body: { error: "unknown_error" }, times: 1 });
    const { user, dialog } = await openShare();
    await user.type(within(dialog).getByTestId("users"), "bob{Enter}");
    await pickScope(user, dialog, "view");
    await user.click(within(dialog).getByTestId("done"));
    // Keycloak's bare unknown_error is said in our words.
    const said = "The server ran into an error and could not finish. Try again in a moment.";
    await waitFor(() => expect(lastAlert()).toHaveTextContent(`Could not share the resource due to: ${said}`));
    expect(within(dialog).getByTestId("users-helper")).toHaveTextContent(said);
    expect(within(dialog).getByRole("group", { name: "Share with" })).toHaveTextContent("bob");
    expect(screen.queryByText("Resource successfully shared.")).toBeNull();
    await user.click(within(dialog).getByTestId("done"));
    await waitFor(() => expect(lastAlert()).toHaveTextContent("Resource successfully shared."));
  });

  it("says so in the dialog when who it is shared with cannot be loaded", async () => {
    fake.fail({ path: /^\/resources\/r1\/permissions$/, status: 500, body: { error: "down" } });
    const user = userEvent.setup();
    renderResources(() => fake);
    await user.click(await screen.findByTestId("share-album", {}, PAGE_LOAD));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByTestId("load-error")).toHaveTextContent("down");
    expect(within(dialog).getByTestId("done")).toBeDisabled();
  });
});

describe("edit and unshare", SLOW, () => {
  const openMenuItem = (item: string) => openActionsMenuItem(() => fake, "album", item);

  it("edits the scopes of one user with one PUT for that user", async () => {
    fake.grant("r1", "bob", ["view"]).grant("r1", "carol", ["view"]);
    const { user, dialog } = await openMenuItem("Edit");
    expect(dialog).toHaveAccessibleName("Edit the resource - Holiday album");
    const bob = await within(dialog).findByTestId("edit-permissions-bob");
    expect(within(dialog).getByTestId("done")).toBeDisabled();
    await user.click(within(bob).getByRole("button", { expanded: false }));
    await user.click(await screen.findByRole("option", { name: "Edit" }));
    await user.click(within(dialog).getByTestId("done"));
    await waitFor(() => expect(lastAlert()).toHaveTextContent("Resource successfully updated."));
    expect(fake.callsTo("PUT", /permissions$/).map((call) => call.body)).toEqual([
      [{ username: "bob", scopes: ["view", "edit"] }],
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("reports a failed edit and keeps the dialog", async () => {
    fake
      .grant("r1", "bob", ["view"])
      .fail({ method: "PUT", path: /permissions$/, status: 400, body: { error: "invalid_permissions" } });
    const { user, dialog } = await openMenuItem("Edit");
    const bob = await within(dialog).findByTestId("edit-permissions-bob");
    await user.click(within(bob).getByRole("button", { name: "Remove view" }));
    await user.click(within(dialog).getByTestId("done"));
    await waitFor(() =>
      expect(lastAlert()).toHaveTextContent("Could not update the resource due to: invalid_permissions"),
    );
    expect(screen.queryByText("Resource successfully updated.")).toBeNull();
    expect(screen.getByRole("dialog")).toBe(dialog);
  });

  it("unshares with everyone after a confirmation, in one PUT", async () => {
    fake.grant("r1", "bob", ["view"]).grant("r1", "carol", ["edit"]);
    const { user, dialog } = await openMenuItem("Unshare all");
    expect(
      await within(dialog).findByText("Are you sure you want to completely remove all shares?"),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(lastAlert()).toHaveTextContent("Resource successfully un-shared."));
    expect(fake.callsTo("PUT", /permissions$/).map((call) => call.body)).toEqual([
      [
        { username: "bob", scopes: [] },
        { username: "carol", scopes: [] },
      ],
    ]);
    expect(fake.granted.get("r1")?.size).toBe(0);
  });

  it("has nothing to unshare when nobody shares the resource", async () => {
    const first = await openMenuItem("Unshare all");
    expect(await within(first.dialog).findByTestId("shared-with-none")).toBeInTheDocument();
    expect(within(first.dialog).getByRole("button", { name: "Confirm" })).toBeDisabled();
  });

  it("reports a failed unshare", async () => {
    fake
      .grant("r1", "bob", ["view"])
      .fail({ method: "PUT", path: /permissions$/, status: 500, body: { error: "boom" } });
    const { user, dialog } = await openMenuItem("Unshare all");
    await user.click(await within(dialog).findByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(lastAlert()).toHaveTextContent("Could not un-share the resource due to: boom"));
    expect(screen.queryByText("Resource successfully un-shared.")).toBeNull();
    expect(fake.granted.get("r1")?.get("bob")).toEqual(["view"]);
  });
});

describe("shared with me", SLOW, () => {
  const shared = (i: number, scopes: string[]) =>
    resource(`s${i}`, `shared-${String(i).padStart(2, "0")}`, { scopes: scopes.map((name) => ({ name })) });

  it("pages through the Link header, filters by name and shows the granted scopes", async () => {
    serve(
      new FakeUmaServer([], users, [
        shared(0, ["view", "edit"]),
        ...Array.from({ length: 6 }, (_, i) => shared(i + 1, ["view"])),
      ]),
    );
    const user = userEvent.setup();
    renderResources(() => fake);
    await user.click(await screen.findByTestId("sharedWithMe", {}, PAGE_LOAD));
    await screen.findByText("shared-00");
    const calls = () =>
      fake.callsTo("GET", "/resources/shared-with-me").map((call) => Object.fromEntries(call.query.entries()));
    expect(calls()).toEqual([{ first: "0", max: "5" }]);
    const row = rowOf("row[0].name");
    expect(within(row).getByText("view")).toBeInTheDocument();
    expect(within(row).getByText("edit")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /next page/i }));
    await waitFor(() => expect(names()).toEqual(["shared-05", "shared-06"]));
    expect(calls().at(-1)).toEqual({ first: "5", max: "5" });
    await user.type(screen.getByRole("textbox"), "shared-06{Enter}");
    await waitFor(() => expect(names()).toEqual(["shared-06"]));
    expect(calls().at(-1)).toEqual({ first: "0", max: "5", name: "shared-06" });
  });

  it("says when nothing is shared with the user, and shows a load error", async () => {
    const user = userEvent.setup();
    renderResources(() => fake);
    await user.click(await screen.findByTestId("sharedWithMe", {}, PAGE_LOAD));
    expect(await screen.findByText("There are no resources shared with you")).toBeInTheDocument();
    await user.click(screen.getByTestId("myResources"));
    fake.fail({ path: /shared-with-me$/, status: 500, body: { error: "down" } });
    await user.click(screen.getByTestId("sharedWithMe"));
    expect(await screen.findByTestId("load-error")).toHaveTextContent("down");
  });
});
