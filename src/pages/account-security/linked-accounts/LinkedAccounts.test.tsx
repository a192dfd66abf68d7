import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LinkedAccountRepresentation } from "../../../api/representations";
import { renderPage, testEnvironment } from "../../../testing/renderPage";
import { fetchPage } from "./loader";

const account = (
  alias: string,
  connected: boolean,
  extra: Partial<LinkedAccountRepresentation> = {},
): LinkedAccountRepresentation => ({
  connected,
  providerAlias: alias,
  providerName: alias,
  displayName: alias.toUpperCase(),
  social: false,
  ...extra,
});

describe("linked accounts", () => {
  it("asks for one row more than a page, to know whether a next page exists", async () => {
    const asked: number[] = [];
    const load = async ({ max }: { max: number }) => {
      asked.push(max);
      return Array.from({ length: 6 }, (_, i) => account(`p${i}`, false));
    };
    const page = await fetchPage(load, { first: 0, pageSize: 5, search: "" });
    expect(asked).toEqual([6]);
    expect(page.rows).toHaveLength(5);
    expect(page.hasNext).toBe(true);
    expect((await fetchPage(async () => [account("a", false)], { first: 5, pageSize: 5, search: "" })).hasNext).toBe(
      false,
    );
  });

  it("shows both lists, with labels, empty states and the search sent to the server", async () => {
    const { fetchStub } = renderPage("account-security/linked-accounts", {
      routes: [{ path: "/linked-accounts", body: [] }],
    });
    expect(await screen.findByText("No linked providers")).toBeInTheDocument();
    expect(await screen.findByText("No unlinked providers")).toBeInTheDocument();
    const [linkedSearch] = screen.getAllByPlaceholderText("Filter by name...");
    await userEvent.type(linkedSearch!, "git{Enter}");
    await waitFor(() =>
      expect(fetchStub.mock.calls.map(([url]) => String(url))).toContainEqual(
        "http://kc.test/realms/demo/account/linked-accounts?linked=true&first=0&max=6&search=git",
      ),
    );
    expect(await screen.findByText("Nothing matches your search")).toBeInTheDocument();
  });

  describe("linking", () => {
    afterEach(() => vi.unstubAllGlobals());
    const routes = [{ path: "/linked-accounts", body: [account("partner", false)] }];

    it("starts Keycloak's idp_link action where the realm has it (26.3+)", async () => {
      const { auth } = renderPage("account-security/linked-accounts", { routes });
      const [row] = await screen.findAllByTestId("linked-accounts/partner");
      await userEvent.click(within(row!).getByRole("button", { name: "Link account" }));
      expect(auth.startAction).toHaveBeenCalledWith("idp_link:partner");
    });

    it("before 26.3, goes to the broker's link address the server gives, coming back here", async () => {
      const assign = vi.fn();
      vi.stubGlobal("location", { ...window.location, href: window.location.href, assign });
      const environment = {
        ...testEnvironment,
        features: { ...testEnvironment.features, isIdpLinkActionEnabled: false },
      };
      const linkUri = "http://kc.test/realms/demo/broker/partner/link?nonce=n&hash=h";
      const { auth, fetchStub } = renderPage("account-security/linked-accounts", {
        environment,
        routes: [
          { path: "/linked-accounts/partner", body: { accountLinkUri: linkUri, nonce: "n", hash: "h" } },
          ...routes,
        ],
      });
      const [row] = await screen.findAllByTestId("linked-accounts/partner");
      await userEvent.click(within(row!).getByRole("button", { name: "Link account" }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith(linkUri));
      expect(auth.startAction).not.toHaveBeenCalled();
      const asked = new URL(
        fetchStub.mock.calls.map(([url]) => String(url)).find((url) => url.includes("/linked-accounts/partner"))!,
      );
      expect(asked.searchParams.get("providerId")).toBe("partner");
      expect(asked.searchParams.get("redirectUri")).toBe(window.location.href);
    });

    it("before 26.3, says why when the server refuses the link address, and stays", async () => {
      const environment = {
        ...testEnvironment,
        features: { ...testEnvironment.features, isIdpLinkActionEnabled: false },
      };
      renderPage("account-security/linked-accounts", {
        environment,
        routes: [
          { path: "/linked-accounts/partner", status: 400, body: { errorMessage: "invalidRedirectUri" } },
          ...routes,
        ],
      });
      const [row] = await screen.findAllByTestId("linked-accounts/partner");
      await userEvent.click(within(row!).getByRole("button", { name: "Link account" }));
      expect(await screen.findByTestId("last-alert")).toHaveTextContent("Could not link due to");
      expect(within(row!).getByRole("button", { name: "Link account" })).toBeEnabled();
    });
  });

  it("shows the server's reason when it refuses to unlink", async () => {
    renderPage("account-security/linked-accounts", {
      routes: [
        { path: "/linked-accounts", body: [account("github", true, { social: true, linkedUsername: "alice-gh" })] },
        {
          method: "DELETE",
          path: "/linked-accounts/github",
          status: 400,
          body: { errorMessage: "You can not remove last federated identity as you do not have a password." },
        },
      ],
    });
    const [row] = await screen.findAllByTestId("linked-accounts/github");
    expect(row).toHaveTextContent("Social login");
    expect(row).toHaveTextContent("alice-gh");
    await userEvent.click(within(row!).getByRole("button", { name: "Unlink account" }));
    expect(await screen.findByTestId("last-alert")).toHaveTextContent(
      "Could not unlink due to: You can not remove last federated identity as you do not have a password.",
    );
    expect(screen.queryByText("Successfully unlinked account")).toBeNull();
  });
});
