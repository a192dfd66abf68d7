import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { extensionFeaturesNow } from "../../api/extension";
import type { UserRepresentation } from "../../api/representations";
import { container } from "../../testing/credentials";
import { renderPage, testEnvironment, type StubRoute } from "../../testing/renderPage";
import { aliceWithProfile } from "../../testing/users";

const user = aliceWithProfile({ emailVerified: true });

// Groups, devices and credentials on; the rest of the realm's switches off.
const features = {
  ...Object.fromEntries(Object.keys(testEnvironment.features).map((flag) => [flag, false])),
  isViewGroupsEnabled: true,
} as typeof testEnvironment.features;
const environment = { ...testEnvironment, features };

const routes = (groups: StubRoute, profile: UserRepresentation = user): StubRoute[] => [
  { path: "/", body: profile },
  groups,
  { path: "/sessions/devices", body: [{ id: "d1", os: "Linux", sessions: [{ id: "s1", ipAddress: "10.0.0.1" }] }] },
  {
    path: "/credentials",
    body: [
      container(
        "password",
        "basic-authentication",
        [{ credential: { id: "c1", type: "password", createdDate: 1700000000000, credentialData: '{"x":1}' } }],
        "Password",
      ),
    ],
  },
];

/** jsdom's Blob has no text(): read it as a browser of old would. */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsText(blob);
  });
}

describe("your data", () => {
  let blobs: Blob[];
  beforeEach(() => {
    blobs = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:http://kc.test/1";
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
  });

  it("downloads one file with every offered part and says so", async () => {
    renderPage("", {
      routes: routes({ path: "/groups", body: [{ id: "g1", name: "tea", path: "/tea" }] }),
      environment,
    });
    await userEvent.click(await screen.findByRole("button", { name: "Download your data" }));
    expect(await screen.findByTestId("last-alert")).toHaveTextContent("Your data has been downloaded.");
    expect(blobs).toHaveLength(1);
    const file = JSON.parse(await textOf(blobs[0]!)) as Record<string, unknown> & {
      parts: Record<string, { status: string; data?: unknown }>;
    };
    expect(file).toMatchObject({ version: 1, realm: "demo", failedParts: [] });
    expect(file.parts.groups).toEqual({ status: "included", data: [{ id: "g1", name: "tea", path: "/tea" }] });
    expect(file.parts.credentials).toEqual({
      status: "included",
      data: [{ type: "password", createdDate: 1700000000000 }],
    });
    expect(file.parts.organizations).toEqual({ status: "notOffered" });
    expect(file.header).toContain("alice");
  });

  it("a failed part: still a file, which names it, and a warning alert that names it too", async () => {
    renderPage("", { routes: routes({ path: "/groups", status: 500, body: { error: "unknown_error" } }), environment });
    await userEvent.click(await screen.findByRole("button", { name: "Download your data" }));
    const alert = await screen.findByTestId("last-alert");
    expect(alert).toHaveTextContent("Your file is not complete");
    expect(alert).toHaveTextContent("Groups");
    expect(screen.queryByText("Your data has been downloaded.")).toBeNull();
    const file = JSON.parse(await textOf(blobs[0]!)) as { failedParts: string[]; parts: Record<string, unknown> };
    expect(file.failedParts).toEqual(["groups"]);
    expect(file.parts.groups).toMatchObject({ status: "failed" });
  });
});

describe("the email's verification", () => {
  it("a verified email says so and offers no action", async () => {
    renderPage("", { routes: routes({ path: "/groups", body: [] }), environment });
    expect(await screen.findByTestId("email-verified")).toHaveTextContent("Verified");
    expect(screen.queryByRole("button", { name: /Verify email/ })).toBeNull();
  });

  const probe = (verifyEmailAction: boolean): StubRoute => ({
    path: "/realms/demo/account-console-extension/",
    body: { accountActivity: true, defaultSecondFactor: true, eventsEnabled: true, verifyEmailAction },
  });

  it("an unverified email: Verify email starts Keycloak's VERIFY_EMAIL action where the realm starts it", async () => {
    const { auth } = renderPage("", {
      routes: [probe(true), ...routes({ path: "/groups", body: [] }, { ...user, emailVerified: false })],
      environment,
    });
    expect(await screen.findByTestId("email-not-verified")).toHaveTextContent("Not verified");
    await userEvent.click(await screen.findByRole("button", { name: /Verify email/ }));
    expect(auth.startAction).toHaveBeenLastCalledWith("VERIFY_EMAIL");
  });

  it.each([
    ["the server does not start VERIFY_EMAIL from the console (Keycloak 26.0)", probe(false)],
    ["the server has no extension to ask", { path: "/elsewhere" }],
  ])("an unverified email where %s: the state, and no Verify email", async (_case, answer: StubRoute) => {
    const { api } = renderPage("", {
      routes: [answer, ...routes({ path: "/groups", body: [] }, { ...user, emailVerified: false })],
      environment,
    });
    expect(await screen.findByTestId("email-not-verified")).toHaveTextContent("Not verified");
    // The page has the probe's answer once it is known (the same store the page reads).
    await waitFor(() => expect(extensionFeaturesNow(api)?.verifyEmailAction).toBe(false));
    expect(screen.queryByRole("button", { name: /Verify email/ })).toBeNull();
    expect(screen.queryByTestId("verify-email")).toBeNull();
  });

  it("after saving a new address: the state Keycloak reports for it, not the old one", async () => {
    const stubs = [...routes({ path: "/groups", body: [] }), { method: "POST", path: "/", status: 204 }];
    renderPage("", { routes: stubs, environment });
    expect(await screen.findByTestId("email-verified")).toBeInTheDocument();
    // From now on the server holds the new, unverified address.
    stubs.unshift({ path: "/", body: { ...user, email: "alice@wonderland.example", emailVerified: false } });
    await userEvent.clear(screen.getByTestId("email"));
    await userEvent.type(screen.getByTestId("email"), "alice@wonderland.example");
    await userEvent.click(screen.getByTestId("save"));
    expect(await screen.findByTestId("email-not-verified")).toHaveTextContent("Not verified");
    expect(screen.queryByTestId("email-verified")).toBeNull();
  });
});
