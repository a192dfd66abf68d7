import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { probeExtension } from "../../../api/extension";
import type { CredentialContainer } from "../../../api/representations";
import { container, credential } from "../../../testing/credentials";
import { renderPage, type stubServer, type StubRoute } from "../../../testing/renderPage";
import { knownDefault } from "./DefaultSecondFactor";
import { secondFactors } from "./loader";

const PAGE = "account-security/signing-in";
const PROBE = "/realms/demo/account-console-extension/";
const ORDER = "/realms/demo/account-console-extension/credentials/second-factors";

/** The extension's order of the user's second factors, all kinds together (the first is the default). */
const order = (...factors: [string, string][]): StubRoute => ({
  path: ORDER,
  body: { secondFactors: factors.map(([id, type]) => ({ id, type })) },
});

const probe = (defaultSecondFactor = true): StubRoute => ({
  path: PROBE,
  body: { accountActivity: true, defaultSecondFactor, eventsEnabled: true },
});

const password = container("password", "basic-authentication", [credential("p1", "password", "")]);
const otps = (...labels: [string, string][]) =>
  container(
    "otp",
    "two-factor",
    labels.map(([id, label]) => credential(id, "otp", label)),
  );

/** The row of the credential named `label`. */
const row = (label: string) => screen.getByText(label).closest<HTMLElement>(".pf-v6-c-data-list__item")!;

describe("the default second factor on Signing in", () => {
  it("marks the first of two OTP devices as the default and offers the other one", async () => {
    renderPage(PAGE, {
      routes: [probe(), { path: "/credentials", body: [password, otps(["o1", "Phone"], ["o2", "Tablet"])] }],
    });
    expect(
      await within(await waitFor(() => row("Tablet"))).findByRole("button", { name: "Make default" }),
    ).toBeVisible();
    expect(within(row("Phone")).getByText("Default")).toBeVisible();
    expect(within(row("Phone")).queryByRole("button", { name: "Make default" })).toBeNull();
    // The password is no second factor.
    expect(within(row("My password")).queryByRole("button", { name: "Make default" })).toBeNull();
    expect(within(row("My password")).queryByText("Default")).toBeNull();
  });

  it("makes one the default, says so, and loads the list again so the new order shows", async () => {
    const { fetchStub } = renderPage(PAGE, {
      routes: [
        probe(),
        { method: "POST", path: "/realms/demo/account-console-extension/credentials/o2/default", status: 204 },
        { path: "/credentials", body: [password, otps(["o1", "Phone"], ["o2", "Tablet"])] },
      ],
    });
    const button = await within(await waitFor(() => row("Tablet"))).findByRole("button", { name: "Make default" });
    expect(button).toHaveAccessibleDescription("Tablet");
    // The server's new order, as the reload after the change reads it.
    fetchStub.mockImplementation(
      stubAnswers([{ path: "/credentials", body: [password, otps(["o2", "Tablet"], ["o1", "Phone"])] }], fetchStub),
    );
    await userEvent.click(button);
    expect(
      await screen.findByText("“Tablet” is now your default second factor: it is offered first when you sign in."),
    ).toBeVisible();
    const labels = () => screen.getAllByText(/^(Phone|Tablet)$/).map((element) => element.textContent);
    await waitFor(() => expect(labels()).toEqual(["Tablet", "Phone"]));
    expect(within(row("Tablet")).getByText("Default")).toBeVisible();
    expect(within(row("Phone")).getByRole("button", { name: "Make default" })).toBeVisible();
    const posts = fetchStub.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts.map(([input]) => new URL(String(input)).pathname)).toEqual([
      "/realms/demo/account-console-extension/credentials/o2/default",
    ]);
  });

  it("a failed change shows the error and never a success; the default stays", async () => {
    const { fetchStub } = renderPage(PAGE, {
      routes: [
        probe(),
        {
          method: "POST",
          path: "/realms/demo/account-console-extension/credentials/o2/default",
          status: 500,
          body: { error: "the store is down" },
        },
        { path: "/credentials", body: [password, otps(["o1", "Phone"], ["o2", "Tablet"])] },
      ],
    });
    const credentialLoads = () => fetchStub.mock.calls.filter(([input]) => String(input).endsWith("/credentials"));
    const button = await within(await waitFor(() => row("Tablet"))).findByRole("button", { name: "Make default" });
    const before = credentialLoads().length;
    await userEvent.click(button);
    expect(await screen.findByText("Your default second factor was not changed: the store is down")).toBeVisible();
    expect(screen.queryByText(/is now your default second factor/)).toBeNull();
    expect(within(row("Phone")).getByText("Default")).toBeVisible();
    expect(within(row("Tablet")).getByRole("button", { name: "Make default" })).toBeEnabled();
    expect(credentialLoads().length).toBe(before);
  });

  it.each([
    ["one second factor", [probe()], [password, otps(["o1", "Phone"])]],
    ["the extension offers no default choice", [probe(false)], [password, otps(["o1", "Phone"], ["o2", "Tablet"])]],
    ["the extension is not installed (404)", [], [password, otps(["o1", "Phone"], ["o2", "Tablet"])]],
  ])("offers nothing with %s", async (_case, routes: StubRoute[], containers) => {
    const { api } = renderPage(PAGE, { routes: [...routes, { path: "/credentials", body: containers }] });
    await screen.findByText("Phone");
    // The page's probe (asked once per client) has answered, and React has drawn what it said.
    await act(() => probeExtension(api));
    expect(screen.queryByRole("button", { name: "Make default" })).toBeNull();
    expect(screen.queryByText("Default")).toBeNull();
  });

  it("with an OTP device and a security key, marks the one the server's order puts first, whatever its kind", async () => {
    const keys = container("webauthn", "two-factor", [credential("w1", "webauthn", "YubiKey")]);
    const { fetchStub } = renderPage(PAGE, {
      routes: [
        probe(),
        order(["w1", "webauthn"], ["o1", "otp"]),
        { method: "POST", path: "/realms/demo/account-console-extension/credentials/o1/default", status: 204 },
        { path: "/credentials", body: [password, otps(["o1", "Phone"]), keys] },
      ],
    });
    // The security key comes after the OTP device on the page, but Keycloak offers it first.
    expect(await within(await waitFor(() => row("YubiKey"))).findByText("Default")).toBeVisible();
    expect(within(row("Phone")).getByRole("button", { name: "Make default" })).toBeVisible();
    expect(within(row("YubiKey")).queryByRole("button", { name: "Make default" })).toBeNull();

    // After a change the order is asked again, and it is the server's new order that marks the default.
    fetchStub.mockImplementation(stubAnswers([order(["o1", "otp"], ["w1", "webauthn"])], fetchStub));
    await userEvent.click(within(row("Phone")).getByRole("button", { name: "Make default" }));
    const orderCalls = () => fetchStub.mock.calls.filter(([input]) => new URL(String(input)).pathname === ORDER);
    await waitFor(() => expect(orderCalls().length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(within(row("Phone")).getByText("Default")).toBeVisible());
    expect(within(row("YubiKey")).getByRole("button", { name: "Make default" })).toBeVisible();
  });

  it("marks nothing when the first of the server's order is no factor the page offers (recovery codes)", async () => {
    const keys = container("webauthn", "two-factor", [credential("w1", "webauthn", "YubiKey")]);
    renderPage(PAGE, {
      routes: [
        probe(),
        order(["r1", "recovery-authn-codes"], ["o1", "otp"], ["w1", "webauthn"]),
        { path: "/credentials", body: [password, otps(["o1", "Phone"]), keys] },
      ],
    });
    expect(
      await within(await waitFor(() => row("YubiKey"))).findByRole("button", { name: "Make default" }),
    ).toBeVisible();
    await waitFor(() => expect(within(row("Phone")).getByRole("button", { name: "Make default" })).toBeVisible());
    expect(screen.queryByText("Default")).toBeNull();
  });

  it("without the server's order (an older extension), offers each kind and marks only the one the user chose", async () => {
    const keys = container("webauthn", "two-factor", [credential("w1", "webauthn", "YubiKey")]);
    renderPage(PAGE, {
      routes: [
        probe(),
        { method: "POST", path: "/realms/demo/account-console-extension/credentials/w1/default", status: 204 },
        { path: "/credentials", body: [password, otps(["o1", "Phone"]), keys] },
      ],
    });
    await within(await waitFor(() => row("YubiKey"))).findByRole("button", { name: "Make default" });
    expect(within(row("Phone")).getByRole("button", { name: "Make default" })).toBeVisible();
    expect(screen.queryByText("Default")).toBeNull();
    await userEvent.click(within(row("YubiKey")).getByRole("button", { name: "Make default" }));
    await waitFor(() => expect(within(row("YubiKey")).getByText("Default")).toBeVisible());
    expect(within(row("Phone")).getByRole("button", { name: "Make default" })).toBeVisible();
  });
});

describe("which credentials are second factors", () => {
  it.each<[string, CredentialContainer[], string[]]>([
    [
      "takes every type of the two-factor category, a custom one too, but not recovery codes",
      [
        container("webauthn", "two-factor", [credential("w1", "webauthn", "YubiKey")]),
        container("sms-code", "two-factor", [credential("s1", "sms-code", "Phone number")]),
        container("recovery-authn-codes", "two-factor", [credential("r1", "recovery-authn-codes", "")]),
      ],
      ["o1", "w1", "s1"],
    ],
    [
      "takes no password and no passkey that signs in on its own, whatever the type is called",
      [
        container("webauthn-passwordless", "passwordless", [credential("k1", "webauthn-passwordless", "Laptop")]),
        container("otp-like", "basic-authentication", [credential("x1", "otp-like", "Not one")]),
      ],
      ["o1"],
    ],
  ])("%s", (_rule, others, ids) => {
    const factors = secondFactors([password, otps(["o1", "Phone"]), ...others]);
    expect(factors.map((factor) => factor.id)).toEqual(ids);
  });

  const phone = { id: "o1", type: "otp" };
  const tablet = { id: "o2", type: "otp" };
  const key = { id: "w1", type: "webauthn" };

  it("knows the default within one kind, or the one just chosen", () => {
    expect(knownDefault([phone, tablet])).toBe("o1");
    expect(knownDefault([phone, key])).toBeUndefined();
    expect(knownDefault([phone, key], "w1")).toBe("w1");
    expect(knownDefault([phone, tablet], "gone")).toBe("o1");
  });

  it("takes the first of the server's order across kinds, when it is one of the factors shown", () => {
    expect(knownDefault([phone, key], undefined, ["w1", "o1"])).toBe("w1");
    expect(knownDefault([phone, key], undefined, ["o1", "w1"])).toBe("o1");
    expect(knownDefault([phone, key], undefined, ["r1", "o1"])).toBeUndefined();
    expect(knownDefault([phone, key], undefined, [])).toBeUndefined();
    expect(knownDefault([phone, key], "o1", ["w1", "o1"])).toBe("o1");
  });
});

/** A fetch that answers `routes` first and falls back to the test's original stub. */
function stubAnswers(routes: StubRoute[], original: ReturnType<typeof stubServer>) {
  const fallback = original.getMockImplementation()!;
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname.replace(/^\/realms\/demo\/account(?=\/|$)/, "");
    const route = routes.find((r) => (init?.method ?? "GET") === (r.method ?? "GET") && r.path === path);
    if (route) return new Response(JSON.stringify(route.body), { headers: { "content-type": "application/json" } });
    return fallback(input, init);
  };
}
