import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { container, credential } from "../../../testing/credentials";
import { renderPage, stubServer, type StubRoute } from "../../../testing/renderPage";
import { lastUseOf, typeOnlyUseOf } from "./LastUsed";

const PAGE = "account-security/signing-in";
const PROBE = "/realms/demo/account-console-extension/";
const LAST_USED = "/realms/demo/account-console-extension/credentials/last-used";

const probe = (lastUsed: boolean): StubRoute => ({
  path: PROBE,
  body: { accountActivity: true, defaultSecondFactor: false, eventsEnabled: true, lastUsed },
});

const containers = [
  container("password", "basic-authentication", [credential("p1", "password", "")]),
  container("otp", "two-factor", [credential("o1", "otp", "Phone"), credential("o2", "otp", "Tablet")]),
  container("recovery-authn-codes", "two-factor", [credential("r1", "recovery-authn-codes", "Recovery codes")]),
];

const row = (label: string) => screen.getByText(label).closest<HTMLElement>(".pf-v6-c-data-list__item")!;

describe("when each sign-in method was last used", () => {
  it("tells a credential by its own row, and by its type's row only when it is the only one of its type", () => {
    const uses = [
      { credentialId: null, type: "password", time: 10 },
      { credentialId: "o1", type: "otp", time: 20 },
      { credentialId: null, type: "otp", time: 30 },
    ];
    const password = containers[0]!.userCredentialMetadatas[0]!.credential;
    const [phone, tablet] = containers[1]!.userCredentialMetadatas.map((metadata) => metadata.credential);
    expect(lastUseOf(uses, password, 1)).toBe(10);
    expect(lastUseOf(uses, phone!, 2)).toBe(20);
    expect(lastUseOf(uses, tablet!, 2)).toBeUndefined();
    expect(lastUseOf(uses, phone!, 1)).toBe(30);
    expect(typeOnlyUseOf(uses, containers[1]!)).toBe(30);
    expect(typeOnlyUseOf(uses, containers[0]!)).toBeUndefined();
  });

  it("shows the date of last use per credential, per type where only the type is known, and what is not recorded", async () => {
    renderPage(PAGE, {
      routes: [
        probe(true),
        { path: "/credentials", body: containers },
        {
          path: LAST_USED,
          body: {
            lastUsed: [
              { credentialId: null, type: "password", time: Date.UTC(2026, 10, 20, 12) },
              { credentialId: "o2", type: "otp", time: Date.UTC(2026, 10, 21, 12) },
              { credentialId: null, type: "otp", time: Date.UTC(2026, 10, 22, 12) },
            ],
          },
        },
      ],
    });
    await waitFor(() => expect(within(row("My password")).getByText(/Last used/)).toBeVisible());
    expect(row("My password")).toHaveTextContent("Last used: November 20, 2026");
    expect(row("Tablet")).toHaveTextContent("Last used: November 21, 2026");
    // Phone has no row of its own, and the type's row could be either device: said once, for the type.
    expect(row("Phone")).not.toHaveTextContent("Last used");
    expect(screen.getByTestId("otp/last-used")).toHaveTextContent("One of these was last used November 22, 2026");
    expect(within(row("Recovery codes")).getByText("No use recorded since tracking began")).toBeVisible();
  });

  it("says once that the dates could not be loaded, and shows the list without them", async () => {
    renderPage(PAGE, {
      routes: [
        probe(true),
        { path: "/credentials", body: containers },
        { path: LAST_USED, status: 500, body: { error: "down", errorDescription: "Down." } },
      ],
    });
    expect(await screen.findByTestId("last-used-failed")).toHaveTextContent(
      "When your sign-in methods were last used could not be loaded.",
    );
    expect(row("Tablet")).not.toHaveTextContent("Last used");
    expect(row("Tablet")).not.toHaveTextContent("No use recorded");
  });

  it("asks nothing and shows nothing where the extension does not record use", async () => {
    const { fetchStub } = renderPage(PAGE, {
      routes: [probe(false), { path: "/credentials", body: containers }],
    });
    await waitFor(() => expect(row("Tablet")).toBeVisible());
    await waitFor(() => expect(fetchStub.mock.calls.some(([url]) => String(url).endsWith(PROBE))).toBe(true));
    expect(fetchStub.mock.calls.some(([url]) => String(url).includes("last-used"))).toBe(false);
    expect(screen.queryByText(/Last used|No use recorded/)).toBeNull();
  });

  it("keeps the dates while the page loads again (after a change), and shows the new ones when they come", async () => {
    const server = stubServer([
      probe(true),
      { path: "/credentials", body: containers },
      { path: LAST_USED, body: { lastUsed: [{ credentialId: "o2", type: "otp", time: Date.UTC(2026, 10, 21, 12) }] } },
    ]);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    const { router, fetchStub } = renderPage(PAGE, {
      fetch: async (input, init) => {
        if (holding && String(input).endsWith(LAST_USED)) {
          await held;
          return Response.json({ lastUsed: [{ credentialId: "o2", type: "otp", time: Date.UTC(2026, 10, 23, 12) }] });
        }
        return server(input, init);
      },
    });
    await waitFor(() => expect(row("Tablet")).toHaveTextContent("Last used: November 21, 2026"));

    holding = true;
    const asked = fetchStub.mock.calls.length;
    await act(() => void router.revalidate());
    await waitFor(() =>
      expect(fetchStub.mock.calls.slice(asked).some(([url]) => String(url).endsWith(LAST_USED))).toBe(true),
    );
    expect(row("Tablet")).toHaveTextContent("Last used: November 21, 2026");
    release();
    await waitFor(() => expect(row("Tablet")).toHaveTextContent("Last used: November 23, 2026"));
  });
});
