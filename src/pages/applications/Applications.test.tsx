import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { extensionFeaturesNow } from "../../api/extension";
import type { ClientRepresentation } from "../../api/representations";
import { PAGE_LOAD, renderPage } from "../../testing/renderPage";

const shop: ClientRepresentation = {
  clientId: "shop",
  clientName: "Web Shop",
  description: "Buy things",
  userConsentRequired: true,
  inUse: true,
  offlineAccess: true,
  effectiveUrl: "https://shop.example.org/",
  tosUri: "https://shop.example.org/terms",
  policyUri: "javascript:alert('policy')",
  logoUri: "javascript:alert('logo')",
  consent: {
    createdDate: Date.UTC(2026, 0, 2, 10, 30),
    grantedScopes: [
      { id: "s1", name: "profile", displayText: "${profileScopeConsentText}" },
      { id: "s2", name: "email", displayText: "${emailScopeConsentText}" },
    ],
  },
};
const evil: ClientRepresentation = { clientId: "evil", clientName: "Archive", effectiveUrl: "javascript:alert(1)" };
const console_: ClientRepresentation = { clientId: "account-console", clientName: "${personalInfo}", inUse: true };

const rowOf = (name: string) =>
  screen.getAllByTestId("applications-list-item").find((row) => row.textContent?.includes(name)) as HTMLElement;

/** How often the page read the list of applications (GET /applications). */
const listReads = (fetchStub: ReturnType<typeof renderPage>["fetchStub"]) =>
  fetchStub.mock.calls.filter(([url, init]) => String(url).endsWith("/applications") && init?.method === "GET").length;

describe("applications", () => {
  it("lists applications sorted by the name users see, with type and status", async () => {
    renderPage("applications", { routes: [{ path: "/applications", body: [shop, evil, console_] }] });
    const rows = await screen.findAllByTestId("applications-list-item", {}, PAGE_LOAD);
    expect(rows.map((row) => within(row).getByRole("button").id)).toEqual([
      "toggle-evil",
      "toggle-account-console",
      "toggle-shop",
    ]);
    expect(rows[2]).toHaveTextContent("Third-party, Offline access");
    expect(rows[2]).toHaveTextContent("In use");
    expect(rows[0]).toHaveTextContent("Internal");
    expect(rows[0]).toHaveTextContent("Not in use");
    expect(rows[1]).toHaveTextContent("Personal info");
  });

  it("translates a description written as ${key} and a consent text Keycloak sent back as a bare key", async () => {
    const keyed: ClientRepresentation = {
      ...shop,
      clientId: "keyed",
      clientName: "Keyed",
      description: "${applicationsIntroMessage}",
      consent: {
        grantedScopes: [
          { id: "k1", name: "orders", displayText: "Read your orders" },
          // Keycloak sends a key its theme lacks bare; the realm's translations (here, the bundle) have it.
          { id: "k2", name: "history", displayText: "groupDescriptionLabel" },
        ],
      },
    };
    renderPage("applications", { routes: [{ path: "/applications", body: [keyed] }] });
    await userEvent.click(await screen.findByTestId("toggle-keyed", {}, PAGE_LOAD));
    const row = rowOf("Keyed");
    expect(row).not.toHaveTextContent("${");
    expect(row).toHaveTextContent("View applications your account has access to");
    expect(within(row).getByText("Read your orders")).toBeVisible();
    expect(within(row).getByText("View groups that you are associated with")).toBeVisible();
  });

  it("links an application's name only to an http(s) URL, in a new tab without opener or referrer", async () => {
    renderPage("applications", { routes: [{ path: "/applications", body: [shop, evil] }] });
    await screen.findAllByTestId("applications-list-item", {}, PAGE_LOAD);
    const link = within(rowOf("Web Shop")).getByRole("link", { name: /Web Shop/ });
    expect(link).toHaveAttribute("href", "https://shop.example.org/");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(within(rowOf("Archive")).queryByRole("link")).toBeNull();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();

    await userEvent.click(screen.getByTestId("toggle-evil"));
    expect(screen.getByTestId("toggle-evil")).toHaveAttribute("aria-expanded", "true");
    expect(within(rowOf("Archive")).getByText("javascript:alert(1)")).toBeVisible();
    expect(within(rowOf("Archive")).queryByRole("link")).toBeNull();
  });

  it("shows the details of a consent, with unsafe policy and logo URLs never becoming links or images", async () => {
    renderPage("applications", { routes: [{ path: "/applications", body: [shop] }] });
    const toggle = await screen.findByTestId("toggle-shop", {}, PAGE_LOAD);
    expect(toggle).toHaveAccessibleName("Application details for Web Shop");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    const row = rowOf("Web Shop");
    expect(row).toHaveTextContent("Buy things");
    expect(within(row).getByText("User profile")).toBeVisible();
    expect(within(row).getByText("Email address")).toBeVisible();
    expect(row).toHaveTextContent("Access granted on:");
    expect(row).toHaveTextContent("January 2, 2026");
    expect(within(row).getByRole("link", { name: /shop\.example\.org\/terms/ })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );
    expect(within(row).getByText("javascript:alert('policy')")).toBeVisible();
    expect(within(row).queryByRole("img", { name: "Web Shop" })).toBeNull();
    expect(document.querySelector('a[href^="javascript"], img[src^="javascript"]')).toBeNull();
  });

  it("removes access only after confirmation, and says so only after the server agreed", async () => {
    const { fetchStub } = renderPage("applications", {
      routes: [
        { path: "/applications", body: [shop] },
        { method: "DELETE", path: "/applications/shop/consent", status: 204 },
      ],
    });
    await userEvent.click(await screen.findByTestId("toggle-shop", {}, PAGE_LOAD));
    await userEvent.click(screen.getByRole("button", { name: "Remove access" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove access" }, PAGE_LOAD);
    expect(dialog).toHaveTextContent("This will remove the currently granted access permission for Web Shop.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(fetchStub.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Remove access" }));
    await userEvent.click(await screen.findByRole("button", { name: "Confirm" }, PAGE_LOAD));
    expect(await screen.findByTestId("last-alert", {}, PAGE_LOAD)).toHaveTextContent("Successfully removed consent");
    // The list is read again after the change.
    await waitFor(() => expect(listReads(fetchStub)).toBe(2));
  });

  it("reports a refused removal with the server's reason, never as success, and keeps the row", async () => {
    const { fetchStub } = renderPage("applications", {
      routes: [
        { path: "/applications", body: [shop] },
        { method: "DELETE", path: "/applications/shop/consent", status: 403, body: { error: "access_denied" } },
      ],
    });
    await userEvent.click(await screen.findByTestId("toggle-shop", {}, PAGE_LOAD));
    await userEvent.click(screen.getByRole("button", { name: "Remove access" }));
    await userEvent.click(await screen.findByRole("button", { name: "Confirm" }, PAGE_LOAD));
    const alert = await screen.findByTestId("last-alert", {}, PAGE_LOAD);
    expect(alert).toHaveTextContent("Could not remove consent due to: Access denied");
    expect(screen.queryByText("Successfully removed consent")).toBeNull();
    expect(screen.getAllByTestId("applications-list-item")).toHaveLength(1);
    expect(fetchStub.mock.calls.filter(([url]) => String(url).endsWith("/applications"))).toHaveLength(1);
  });

  describe("ending an application's session", () => {
    const PROBE = "/realms/demo/account-console-extension/";
    const END = "/realms/demo/account-console-extension/application-sessions";
    const mail: ClientRepresentation = { clientId: "mail", clientName: "Mail", inUse: true };
    const archive: ClientRepresentation = { clientId: "archive", clientName: "Archive", inUse: false };
    const probe = (applicationSessions: boolean) => ({
      path: PROBE,
      body: { accountActivity: true, defaultSecondFactor: true, eventsEnabled: true, applicationSessions },
    });
    const isEnd = ([url, init]: [RequestInfo | URL, RequestInit?]) =>
      String(url).includes("/application-sessions") && init?.method === "DELETE";

    it("is offered for an application in use, never for one not in use or the console itself", async () => {
      renderPage("applications", {
        routes: [probe(true), { path: "/applications", body: [mail, archive, console_] }],
      });
      await userEvent.click(await screen.findByTestId("toggle-mail", {}, PAGE_LOAD));
      await userEvent.click(screen.getByTestId("toggle-archive"));
      await userEvent.click(screen.getByTestId("toggle-account-console"));
      expect(await within(rowOf("Mail")).findByRole("button", { name: "End session" }, PAGE_LOAD)).toBeVisible();
      expect(within(rowOf("Archive")).queryByRole("button", { name: "End session" })).toBeNull();
      expect(within(rowOf("Personal info")).queryByRole("button", { name: "End session" })).toBeNull();
    });

    it("is not offered by a server whose extension cannot do it", async () => {
      const { api } = renderPage("applications", { routes: [probe(false), { path: "/applications", body: [mail] }] });
      await userEvent.click(await screen.findByTestId("toggle-mail", {}, PAGE_LOAD));
      // The page has the probe's answer once it is known (the same store the page reads).
      await waitFor(() => expect(extensionFeaturesNow(api)?.applicationSessions).toBe(false));
      expect(screen.getByTestId("toggle-mail")).toHaveAttribute("aria-expanded", "true");
      expect(within(rowOf("Mail")).queryByRole("button", { name: "End session" })).toBeNull();
    });

    it("asks first, then ends it, says so after the server agreed, and reads the list again", async () => {
      const { fetchStub } = renderPage("applications", {
        routes: [probe(true), { path: "/applications", body: [mail] }, { method: "DELETE", path: END, status: 204 }],
      });
      await userEvent.click(await screen.findByTestId("toggle-mail", {}, PAGE_LOAD));
      await userEvent.click(await screen.findByRole("button", { name: "End session" }, PAGE_LOAD));
      const dialog = await screen.findByRole("dialog", { name: "End your session with Mail?" }, PAGE_LOAD);
      expect(dialog).toHaveTextContent(
        "Mail will be signed out on every device where you use it, and its lasting access ends too.",
      );
      await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
      expect(fetchStub.mock.calls.some(isEnd)).toBe(false);

      await userEvent.click(screen.getByRole("button", { name: "End session" }));
      const again = await screen.findByRole("dialog", { name: "End your session with Mail?" }, PAGE_LOAD);
      await userEvent.click(within(again).getByRole("button", { name: "End session" }));
      expect(await screen.findByTestId("last-alert", {}, PAGE_LOAD)).toHaveTextContent("You are signed out of Mail.");
      const ends = fetchStub.mock.calls.filter(isEnd);
      expect(ends).toHaveLength(1);
      expect(new URL(String(ends[0]![0])).searchParams.getAll("clientId")).toEqual(["mail"]);
      await waitFor(() => expect(listReads(fetchStub)).toBe(2));
    });

    it("reports a refusal with the server's sentence, never as success, and leaves the list as it was", async () => {
      const { fetchStub } = renderPage("applications", {
        routes: [
          probe(true),
          { path: "/applications", body: [mail] },
          {
            method: "DELETE",
            path: END,
            status: 404,
            body: { error: "session_not_found", errorDescription: "You have no session with this application." },
          },
        ],
      });
      await userEvent.click(await screen.findByTestId("toggle-mail", {}, PAGE_LOAD));
      await userEvent.click(await screen.findByRole("button", { name: "End session" }, PAGE_LOAD));
      const dialog = await screen.findByRole("dialog", { name: "End your session with Mail?" }, PAGE_LOAD);
      await userEvent.click(within(dialog).getByRole("button", { name: "End session" }));
      const alert = await screen.findByTestId("last-alert", {}, PAGE_LOAD);
      expect(alert).toHaveTextContent("The session was not ended: You have no session with this application.");
      expect(screen.queryByText("You are signed out of Mail.")).toBeNull();
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(rowOf("Mail")).toHaveTextContent("In use");
      expect(fetchStub.mock.calls.filter(([url]) => String(url).endsWith("/applications"))).toHaveLength(1);
    });

    it("reports a network failure as a failure", async () => {
      renderPage("applications", {
        routes: [probe(true), { path: "/applications", body: [mail] }, { method: "DELETE", path: END, network: true }],
      });
      await userEvent.click(await screen.findByTestId("toggle-mail", {}, PAGE_LOAD));
      await userEvent.click(await screen.findByRole("button", { name: "End session" }, PAGE_LOAD));
      const dialog = await screen.findByRole("dialog", { name: "End your session with Mail?" }, PAGE_LOAD);
      await userEvent.click(within(dialog).getByRole("button", { name: "End session" }));
      expect(await screen.findByTestId("last-alert", {}, PAGE_LOAD)).toHaveTextContent("The session was not ended:");
      expect(screen.queryByText("You are signed out of Mail.")).toBeNull();
    });
  });

  it("says so when there is no application", async () => {
    renderPage("applications", { routes: [{ path: "/applications", body: [] }] });
    expect(await screen.findByText("No applications", {}, PAGE_LOAD)).toBeVisible();
    expect(screen.queryByTestId("applications-list-item")).toBeNull();
  });
});
