import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { UserVerifiableCredentialRepresentation } from "../../api/representations";
import { PAGE_LOAD, renderPage } from "../../testing/renderPage";
import { DAY, issued, jwt, renderCredentials } from "../../testing/verifiableCredentials";

const sd: UserVerifiableCredentialRepresentation = {
  credentialScopeName: "another_sd",
  createdDate: Date.UTC(2025, 10, 23, 9, 0),
  updatedDate: Date.UTC(2025, 10, 23, 9, 0),
};

const calls = (fetchStub: ReturnType<typeof renderPage>["fetchStub"], method: string) =>
  fetchStub.mock.calls
    .filter(([, init]) => (init?.method ?? "GET") === method)
    .map(([url]) => new URL(String(url)).pathname);

describe("verifiable credentials", () => {
  it("lists the credentials by name with created and updated dates in the user's language", async () => {
    renderCredentials([{ path: "/verifiable-credentials", body: [jwt, sd] }]);
    const rows = await screen.findAllByTestId("credentials-list-item", {}, PAGE_LOAD);
    expect(rows.map((row) => row.id)).toEqual(["credential-another_sd", "credential-natural_person_jwt"]);
    expect(screen.getByTestId("credential-natural_person_jwt-created")).toHaveTextContent("January 2, 2026");
    expect(screen.getByTestId("credential-natural_person_jwt-updated")).toHaveTextContent("March 4, 2026");
    expect(within(rows[1]!).getByRole("button", { name: "View Issued Credentials" })).toHaveAttribute(
      "id",
      "credential-natural_person_jwt-view-issued",
    );
    expect(within(rows[1]!).getByRole("button", { name: "Issue to Wallet" })).toHaveAttribute(
      "id",
      "credential-natural_person_jwt-issue",
    );
    expect(await within(rows[1]!).findByRole("button", { name: "Revoke" })).toBeVisible();
  });

  it("says when there are none", async () => {
    renderCredentials([{ path: "/verifiable-credentials", body: [] }]);
    expect(await screen.findByText("You have no verifiable credentials yet", {}, PAGE_LOAD)).toBeVisible();
    expect(screen.queryByTestId("credentials-list-item")).toBeNull();
  });

  it("shows the error dialog with the server's reason when the list cannot be loaded", async () => {
    renderCredentials([
      { path: "/verifiable-credentials", status: 400, body: { error: "Verifiable credentials not enabled" } },
    ]);
    const dialog = await screen.findByTestId("error-dialog", {}, PAGE_LOAD);
    expect(dialog).toHaveTextContent("Something went wrong");
    expect(dialog).toHaveTextContent("Verifiable credentials not enabled");
  });

  it("does not offer Revoke without manage-account or manage-verifiable-credentials", async () => {
    const { tokenChecked } = renderCredentials(
      [{ path: "/verifiable-credentials", body: [jwt] }],
      ["view-verifiable-credentials"],
    );
    await screen.findByTestId("credentials-list-item", {}, PAGE_LOAD);
    await tokenChecked();
    expect(screen.getByRole("button", { name: "Issue to Wallet" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Revoke" })).toBeNull();
  });

  it("Revoke asks first, deletes the credential type and reloads the list", async () => {
    const { fetchStub } = renderCredentials([
      { path: "/verifiable-credentials", body: [jwt] },
      { method: "DELETE", path: "/verifiable-credentials/natural_person_jwt", status: 204 },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Revoke" }, PAGE_LOAD));
    const dialog = screen.getByRole("dialog", { name: "Revoke verifiable credential" });
    expect(dialog).toHaveTextContent('Are you sure you want to revoke the credential "natural_person_jwt"?');
    expect(calls(fetchStub, "DELETE")).toEqual([]);
    await userEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("Verifiable credential deleted successfully")).toBeVisible();
    expect(calls(fetchStub, "DELETE")).toEqual(["/realms/demo/account/verifiable-credentials/natural_person_jwt"]);
    await waitFor(() =>
      expect(calls(fetchStub, "GET").filter((p) => p.endsWith("/verifiable-credentials"))).toHaveLength(2),
    );
  });

  it("a refused revoke is an error alert with the server's reason, never a success", async () => {
    renderCredentials([
      { path: "/verifiable-credentials", body: [jwt] },
      {
        method: "DELETE",
        path: /verifiable-credentials/,
        status: 404,
        body: { error: "Verifiable credential not found" },
      },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Revoke" }, PAGE_LOAD));
    await userEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("Failed to delete verifiable credential")).toBeVisible();
    expect(screen.getByText("Verifiable credential not found")).toBeVisible();
    expect(screen.queryByText("Verifiable credential deleted successfully")).toBeNull();
    expect(screen.getByTestId("credentials-list-item")).toBeVisible();
  });

  it("Issue to Wallet starts Keycloak's verifiable_credential_offer action for the configuration", async () => {
    const { auth } = renderCredentials([{ path: "/verifiable-credentials", body: [jwt] }]);
    await userEvent.click(await screen.findByRole("button", { name: "Issue to Wallet" }, PAGE_LOAD));
    expect(auth.startAction).toHaveBeenCalledTimes(1);
    const action = String(auth.startAction.mock.calls[0]![0]);
    expect(action.startsWith("verifiable_credential_offer:")).toBe(true);
    expect(JSON.parse(atob(action.split(":")[1]!))).toEqual({
      credentialConfigurationId: "natural_person_jwt_config",
      preAuthorized: false,
    });
  });
});

describe("issued credentials dialog", () => {
  const expired = issued("old-one", { issuedAt: Date.now() - 400 * DAY, expiresAt: Date.now() - 35 * DAY });
  const other = issued("other-type", { credentialType: "another_sd" });
  const unsafe = issued("unsafe", { clientId: "evil", clientName: "Evil", clientBaseUrl: "javascript:alert(1)" });

  it("lists this type's issued credentials with dates, the wallet, and expired ones marked in words", async () => {
    renderCredentials([
      { path: "/verifiable-credentials", body: [jwt] },
      { path: "/issued-verifiable-credentials", body: [issued("fresh"), expired, other, unsafe] },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "View Issued Credentials" }, PAGE_LOAD));
    const dialog = await screen.findByTestId("issued-credentials-dialog");
    expect(within(dialog).getByRole("heading", { name: /Issued Credentials: natural_person_jwt/ })).toBeVisible();
    const rows = await within(dialog).findAllByTestId("issued-credential");
    expect(rows).toHaveLength(3);
    expect(within(dialog).getAllByTestId("credential-expired")).toHaveLength(1);
    expect(within(dialog).getByTestId("credential-expired")).toHaveTextContent("Expired");
    expect(within(dialog).getAllByRole("link", { name: /My Wallet/ })[0]).toHaveAttribute(
      "href",
      "https://wallet.example.org/",
    );
    expect(within(dialog).getByText("Evil")).toBeVisible();
    expect(within(dialog).queryByRole("link", { name: /Evil/ })).toBeNull();
    // Newest first: the expired one comes last.
    expect(within(rows[2]!).getByTestId("credential-expired")).toBeVisible();
  });

  it("searches and pages on the client", async () => {
    const many = Array.from({ length: 12 }, (_, i) => issued(`cred-${i}`, { issuedAt: Date.now() - i * DAY }));
    renderCredentials([
      { path: "/verifiable-credentials", body: [jwt] },
      { path: "/issued-verifiable-credentials", body: [...many, issued("special", { clientName: "Special Wallet" })] },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "View Issued Credentials" }, PAGE_LOAD));
    const dialog = await screen.findByTestId("issued-credentials-dialog");
    expect(await within(dialog).findAllByTestId("issued-credential")).toHaveLength(10);
    await userEvent.click(within(dialog).getAllByRole("button", { name: "Go to next page" })[0]!);
    expect(within(dialog).getAllByTestId("issued-credential")).toHaveLength(3);

    await userEvent.type(within(dialog).getByRole("textbox"), "special{Enter}");
    expect(within(dialog).getAllByTestId("issued-credential")).toHaveLength(1);
    expect(within(dialog).getByText("Special Wallet")).toBeVisible();
    await userEvent.clear(within(dialog).getByRole("textbox"));
    await userEvent.type(within(dialog).getByRole("textbox"), "zzz{Enter}");
    expect(within(dialog).getByText("Nothing matches your search")).toBeVisible();
  }, 20_000);

  it("says when none were issued, and shows a failed load with a way to try again", async () => {
    renderCredentials([
      { path: "/verifiable-credentials", body: [jwt] },
      { path: "/issued-verifiable-credentials", status: 500, body: { error: "unknown_error" } },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "View Issued Credentials" }, PAGE_LOAD));
    const dialog = await screen.findByTestId("issued-credentials-dialog");
    expect(await within(dialog).findByTestId("load-error")).toHaveTextContent(
      "The server ran into an error and could not finish. Try again in a moment.",
    );
    expect(within(dialog).getByRole("button", { name: "Try again" })).toBeVisible();
  });

  it("revokes one issued credential after a confirmation, and reloads the list", async () => {
    const { fetchStub } = renderCredentials([
      { path: "/verifiable-credentials", body: [jwt] },
      { path: "/issued-verifiable-credentials", body: [issued("fresh")] },
      { method: "DELETE", path: "/issued-verifiable-credentials/fresh", status: 204 },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "View Issued Credentials" }, PAGE_LOAD));
    const dialog = await screen.findByTestId("issued-credentials-dialog");
    await userEvent.click(await within(dialog).findByRole("button", { name: "Revoke" }));
    const confirm = screen.getByRole("dialog", { name: "Revoke Issued Credential" });
    expect(confirm).toHaveTextContent("Are you sure you want to revoke the issued credential?");
    await userEvent.click(within(confirm).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("Revoke Issued Credential Success")).toBeVisible();
    expect(calls(fetchStub, "DELETE")).toEqual(["/realms/demo/account/issued-verifiable-credentials/fresh"]);
    await waitFor(() =>
      expect(calls(fetchStub, "GET").filter((p) => p.endsWith("/issued-verifiable-credentials"))).toHaveLength(2),
    );
    expect(await screen.findByTestId("issued-credentials-dialog")).toBeVisible();
  });

  it("no revoke of issued credentials without the roles to", async () => {
    renderCredentials(
      [
        { path: "/verifiable-credentials", body: [jwt] },
        { path: "/issued-verifiable-credentials", body: [issued("fresh")] },
      ],
      ["view-verifiable-credentials"],
    );
    await userEvent.click(await screen.findByRole("button", { name: "View Issued Credentials" }, PAGE_LOAD));
    const dialog = await screen.findByTestId("issued-credentials-dialog");
    await within(dialog).findByTestId("issued-credential");
    expect(within(dialog).queryByRole("button", { name: "Revoke" })).toBeNull();
  });
});
