import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { CredentialContainer } from "../../../api/representations";
import { renderPage, type StubRoute } from "../../../testing/renderPage";

const PAGE = "account-security/signing-in";

const containers = (label: string): CredentialContainer[] => [
  {
    type: "otp",
    category: "two-factor",
    displayName: "otp-display-name",
    removeable: true,
    userCredentialMetadatas: [{ credential: { id: "o1", type: "otp", userLabel: label, createdDate: 1 } }],
  },
];

const row = (label: string) => screen.getByText(label).closest<HTMLElement>(".pf-v6-c-data-list__item")!;

describe("renaming a sign-in method", () => {
  it("checks the name as the profile form does, saves it, and shows the new name", async () => {
    const routes: StubRoute[] = [
      { path: "/credentials", body: containers("Phone") },
      { method: "PUT", path: "/credentials/o1/label", status: 204 },
    ];
    const { fetchStub } = renderPage(PAGE, { routes });
    const rename = await within(await waitFor(() => row("Phone"))).findByRole("button", { name: "Rename" });
    expect(rename).toHaveAccessibleDescription("Phone");
    await userEvent.click(rename);
    const dialog = await screen.findByRole("dialog", { name: "Rename “Phone”" });
    const field = within(dialog).getByRole("textbox", { name: /Name/ });
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.keyboard("{Enter}");
    expect(await within(dialog).findByText("Please specify 'Name'.")).toBeVisible();
    expect(field).toHaveAccessibleDescription(/Please specify 'Name'\./);
    expect(fetchStub.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);

    routes[0] = { path: "/credentials", body: containers("Work phone") };
    await userEvent.type(field, "  Work phone ");
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByText("The sign-in method is now called “Work phone”.")).toBeVisible();
    await waitFor(() => expect(row("Work phone")).toBeVisible());
    const put = fetchStub.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toBe("Work phone");
  });

  it("keeps the dialog and what was typed when the server refuses, and says why", async () => {
    renderPage(PAGE, {
      routes: [
        { path: "/credentials", body: containers("Phone") },
        { method: "PUT", path: "/credentials/o1/label", status: 400, body: { errorMessage: "invalidRequestMessage" } },
      ],
    });
    await userEvent.click(await within(await waitFor(() => row("Phone"))).findByRole("button", { name: "Rename" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename “Phone”" });
    const field = within(dialog).getByRole("textbox", { name: /Name/ });
    await userEvent.clear(field);
    await userEvent.type(field, "Tablet{Enter}");
    expect(await within(dialog).findByText(/The name was not changed/)).toBeVisible();
    expect(field).toHaveValue("Tablet");
    expect(screen.queryByText(/is now called/)).toBeNull();
  });

  it("is offered for authenticator apps and security keys, not for the password", async () => {
    renderPage(PAGE, {
      routes: [
        {
          path: "/credentials",
          body: [
            {
              type: "password",
              category: "basic-authentication",
              displayName: "password-display-name",
              removeable: false,
              userCredentialMetadatas: [{ credential: { id: "p1", type: "password", createdDate: 1 } }],
            },
            ...containers("Phone"),
          ],
        },
      ],
    });
    await within(await waitFor(() => row("Phone"))).findByRole("button", { name: "Rename" });
    expect(screen.getAllByRole("button", { name: "Rename" })).toHaveLength(1);
  });
});
