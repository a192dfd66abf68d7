import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { FakeUmaServer, resource } from "../testing/fakeUmaServer";
import { openActionsMenuItem, PAGE_LOAD, renderResources } from "../testing/resourcesPage";

/*
 * The fault matrix for the resources screen (docs/hardening.md): share, edit, unshare, accept and deny
 * under HTTP 500, HTTP 403 and a network failure. The page talks to the stateful fake UMA server (as in
 * Resources.test.tsx), whose PUTs fail on demand; a network failure rejects before the server is reached.
 */
const SLOW = { timeout: 60_000 };

const users = [
  { username: "bob", email: "bob@example.org", firstName: "Bob", lastName: "Builder" },
  { username: "carol", email: "carol@example.org", firstName: "Carol" },
];
const album = resource("r1", "album", { displayName: "Holiday album" });

type Fault = { name: string; status?: number; reason: string };
const FAULTS: Fault[] = [
  { name: "HTTP 500", status: 500, reason: "Database unavailable" },
  { name: "HTTP 403", status: 403, reason: "HTTP 403 Forbidden" },
  { name: "network failure", reason: "Failed to fetch" },
];

let fake: FakeUmaServer;
/** What answers the page: the fake server, or a stand-in in front of it. */
let server: { fetch: typeof fetch };
/** Every PUT of permissions fails with the fault; everything else reaches the fake server. */
function inject(fault: Fault) {
  if (fault.status) {
    fake.fail({ method: "PUT", path: /permissions$/, status: fault.status, body: { error: fault.reason } });
    server = fake;
  } else {
    server = {
      fetch: (input, init) =>
        init?.method === "PUT" && /permissions$/.test(new URL(String(input)).pathname)
          ? Promise.reject(new TypeError("Failed to fetch"))
          : fake.fetch(input, init),
    };
  }
}

const lastAlert = () => screen.getByTestId("last-alert");
async function expectDanger(reason: string, success: string) {
  await waitFor(() => expect(lastAlert()).toHaveTextContent(reason));
  expect(lastAlert().className).toMatch(/danger/);
  expect(screen.queryByText(success)).toBeNull();
}

const openMenuItem = (item: string) => openActionsMenuItem(() => server, "album", item);

beforeEach(() => {
  fake = new FakeUmaServer([album], users);
  server = fake;
});

describe.each(FAULTS)("fault matrix, resources: $name", SLOW, (fault) => {
  it("share: danger alert, the typed user and chosen scope kept in the open dialog, nothing shared", async () => {
    inject(fault);
    const user = userEvent.setup();
    renderResources(() => server);
    await user.click(await screen.findByTestId("share-album", {}, PAGE_LOAD));
    const dialog = await screen.findByRole("dialog", { name: /Share the resource - / });
    await within(dialog).findByTestId(/^shared-with-/);
    await user.type(within(dialog).getByTestId("users"), "bob{Enter}");
    const permissions = within(dialog).getByTestId("permissions");
    await user.click(within(permissions).getByRole("button", { expanded: false }));
    await user.click(await screen.findByRole("option", { name: "view" }));
    await user.click(within(permissions).getByRole("button", { expanded: true }));
    await user.click(within(dialog).getByTestId("done"));
    await expectDanger(fault.reason, "Resource successfully shared.");
    expect(screen.getByRole("dialog")).toBe(dialog);
    expect(within(dialog).getByRole("group", { name: "Share with" })).toHaveTextContent("bob");
    expect(within(dialog).getByTestId("permissions")).toHaveTextContent("view");
    expect(fake.granted.get("r1")?.get("bob")).toBeUndefined();
  });

  it("edit: danger alert, the dialog and its change kept, the server unchanged", async () => {
    fake.grant("r1", "bob", ["view", "edit"]);
    inject(fault);
    const { user, dialog } = await openMenuItem("Edit");
    const bob = await within(dialog).findByTestId("edit-permissions-bob");
    await user.click(within(bob).getByRole("button", { name: "Remove view" }));
    await user.click(within(dialog).getByTestId("done"));
    await expectDanger(fault.reason, "Resource successfully updated.");
    expect(screen.getByRole("dialog")).toBe(dialog);
    expect(within(bob).queryByRole("button", { name: "Remove view" })).toBeNull();
    expect(fake.granted.get("r1")?.get("bob")).toEqual(["view", "edit"]);
  });

  it("unshare all: danger alert, still shared", async () => {
    fake.grant("r1", "bob", ["view"]);
    inject(fault);
    const { user, dialog } = await openMenuItem("Unshare all");
    await user.click(await within(dialog).findByRole("button", { name: "Confirm" }));
    await expectDanger(fault.reason, "Resource successfully un-shared.");
    expect(fake.granted.get("r1")?.get("bob")).toEqual(["view"]);
  });

  it.each([
    ["accept", "Accept: bob", "Resource successfully shared."],
    ["deny", "Deny: bob", "Resource successfully updated."],
  ])("%s a request: danger alert, the request still listed", async (_name, button, success) => {
    fake.request("r1", "bob", ["view"]);
    inject(fault);
    const user = userEvent.setup();
    renderResources(() => server);
    await user.click(await screen.findByRole("button", { name: "Permission requests: 1" }, PAGE_LOAD));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: button }));
    await expectDanger(fault.reason, success);
    expect(within(dialog).getByText("Bob Builder")).toBeInTheDocument();
    expect(fake.pending.get("r1")?.size).toBe(1);
  });
});
