import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PAGE_LOAD, renderInApp, renderPage, stubServer, type StubRoute } from "../../testing/renderPage";
import Organizations from "./Organizations";

const MEMBERSHIPS = "/realms/demo/account-console-extension/organizations";
const organizations: StubRoute = {
  path: "/organizations",
  body: [
    { id: "1", name: "Wonderland", alias: "wonderland", enabled: true, domains: [] },
    { id: "2", name: "Partner", alias: "partner", enabled: true, domains: [] },
  ],
};
const memberships: StubRoute = {
  path: MEMBERSHIPS,
  body: {
    organizations: [
      { id: "1", managed: false },
      { id: "2", managed: true },
    ],
  },
};

const rowOf = async (name: string) =>
  (await screen.findAllByTestId("organizations-list-item", {}, PAGE_LOAD)).find((row) =>
    row.textContent?.includes(name),
  )!;

/** The server's answer to leaving Wonderland. */
const leaveAnswer = (status: number, body?: unknown): StubRoute => ({
  method: "DELETE",
  path: `${MEMBERSHIPS}/1`,
  status,
  body,
});

const askToLeaveWonderland = async () =>
  userEvent.click(within(await rowOf("Wonderland")).getByRole("button", { name: "Leave Wonderland" }));

/** Asks to leave Wonderland and confirms. */
async function leaveWonderland() {
  await askToLeaveWonderland();
  await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Leave" }));
}

describe("leaving an organization", () => {
  it("offers leave for an unmanaged membership, and says why not and whom to ask for a managed one", async () => {
    renderPage("organizations", { routes: [organizations, memberships] });
    const wonderland = await rowOf("Wonderland");
    expect(within(wonderland).getByRole("button", { name: "Leave Wonderland" })).toBeVisible();
    const partner = await rowOf("Partner");
    expect(within(partner).queryByRole("button")).toBeNull();
    expect(within(partner).getByTestId("organization-managed")).toHaveTextContent(
      "so you cannot leave it here. Ask your organization's administrator.",
    );
    expect(screen.getByText("Your membership")).toBeInTheDocument();
  });

  it("asks first, then leaves: the row goes at once and an alert says so", async () => {
    const { fetchStub } = renderPage("organizations", {
      routes: [organizations, memberships, leaveAnswer(204)],
    });
    await askToLeaveWonderland();
    const dialog = await screen.findByRole("dialog", { name: "Leave “Wonderland”?" });
    expect(dialog).toHaveTextContent("identity provider");
    expect(fetchStub.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Leave" }));
    expect(await screen.findByText("You left “Wonderland”.")).toBeVisible();
    expect(
      fetchStub.mock.calls.some(([url, init]) => init?.method === "DELETE" && String(url).endsWith(`${MEMBERSHIPS}/1`)),
    ).toBe(true);
    // The stub still lists it (as a reload that raced the change would): the page keeps it out.
    expect(screen.getAllByTestId("organizations-list-item")).toHaveLength(1);
    expect(screen.queryByText("Wonderland")).toBeNull();
  });

  it("cancel changes nothing", async () => {
    const { fetchStub } = renderPage("organizations", { routes: [organizations, memberships] });
    await askToLeaveWonderland();
    const dialog = await screen.findByRole("dialog", { name: "Leave “Wonderland”?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fetchStub.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    expect(screen.getAllByTestId("organizations-list-item")).toHaveLength(2);
  });

  it("a failed request shows the server's reason and no success; the row stays", async () => {
    renderPage("organizations", {
      routes: [
        organizations,
        memberships,
        leaveAnswer(500, { error: "unknown_error", errorDescription: "Something broke." }),
      ],
    });
    await leaveWonderland();
    expect(await screen.findByText("You have not left the organization: Something broke.")).toBeVisible();
    expect(screen.queryByText("You left “Wonderland”.")).toBeNull();
    expect(await rowOf("Wonderland")).toBeVisible();
  });

  it("a membership already ended elsewhere (404) says so and loads the list again, so the stale row goes", async () => {
    // The server as after a leave in another tab: the DELETE finds nothing, and a new load no longer lists Wonderland.
    let asked = 0;
    const before = stubServer([organizations, memberships]);
    const after = stubServer([
      { path: "/organizations", body: (organizations.body as unknown[]).slice(1) },
      { path: MEMBERSHIPS, body: { organizations: [{ id: "2", managed: true }] } },
      leaveAnswer(404, {
        error: "organization_not_found",
        errorDescription: "You are not a member of such an organization.",
      }),
    ]);
    renderPage("organizations", {
      fetch: (input, init) => ((asked += init?.method === "DELETE" ? 1 : 0) > 0 ? after : before)(input, init),
    });
    await leaveWonderland();
    expect(
      await screen.findByText("You have not left the organization: You are not a member of such an organization."),
    ).toBeVisible();
    expect(screen.queryByText("You left “Wonderland”.")).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId("organizations-list-item")).toHaveLength(1));
    expect(screen.getByText("Partner")).toBeVisible();
    expect(screen.queryByText("Wonderland")).toBeNull();
  });

  it("a reload that fails after a leave that worked reports a load failure, not a failed leave", async () => {
    const reload = vi.fn(async () => {
      throw new Error("The list could not be fetched.");
    });
    renderInApp(
      <Organizations
        data={{
          organizations: organizations.body as never,
          memberships: new Map([
            ["1", false],
            ["2", true],
          ]),
        }}
        reloading={false}
        reload={reload}
      />,
      { routes: [leaveAnswer(204)] },
    );
    await leaveWonderland();
    expect(await screen.findByText("You left “Wonderland”.")).toBeVisible();
    expect(await screen.findByText("We could not load this page: The list could not be fetched.")).toBeVisible();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/You have not left/)).toBeNull();
    expect(screen.getAllByTestId("organizations-list-item")).toHaveLength(1);
  });

  it("a managed membership refused by the server is explained in the user's language", async () => {
    renderPage("organizations", {
      routes: [
        organizations,
        { path: MEMBERSHIPS, body: { organizations: [{ id: "1", managed: false }] } },
        leaveAnswer(409, { error: "managed_member", errorDescription: "English only." }),
      ],
    });
    await leaveWonderland();
    expect(
      await screen.findByText(/You have not left the organization: Your account came with this organization/),
    ).toBeVisible();
    expect(screen.queryByText(/You left/)).toBeNull();
  });

  it("offers nothing where the server cannot leave an organization (the extension answers 404)", async () => {
    renderPage("organizations", {
      routes: [organizations, { path: MEMBERSHIPS, status: 404, body: { error: "not_found" } }],
    });
    await rowOf("Wonderland");
    expect(screen.queryByRole("button", { name: /Leave/ })).toBeNull();
    expect(screen.queryByText("Your membership")).toBeNull();
    expect(screen.queryByTestId("organization-managed")).toBeNull();
  });
});
