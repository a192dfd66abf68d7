import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { CredentialContainer, DeviceRepresentation } from "../../api/representations";
import { PAGE_LOAD, renderPage, type StubRoute } from "../../testing/renderPage";

const PAGE = "account-security/security-checkup";
const EXT = "/realms/demo/account-console-extension";
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.now();

const otp = (credentials: { id: string; userLabel?: string }[] = []): CredentialContainer => ({
  type: "otp",
  category: "two-factor",
  displayName: "Authenticator application",
  createAction: "CONFIGURE_TOTP",
  removeable: true,
  userCredentialMetadatas: credentials.map((credential) => ({ credential: { ...credential, type: "otp" } })),
});

const password: CredentialContainer = {
  type: "password",
  category: "basic-authentication",
  displayName: "Password",
  removeable: false,
  userCredentialMetadatas: [{ credential: { id: "pw", type: "password" } }],
};

const recoveryCodes = (used: number, total = 12): CredentialContainer => ({
  type: "recovery-authn-codes",
  category: "two-factor",
  displayName: "Recovery codes",
  removeable: true,
  userCredentialMetadatas: [
    {
      credential: { id: "rc", type: "recovery-authn-codes" },
      infoMessage: { key: "recovery-codes-number-used", parameters: [`${used}/${total}`] },
    },
  ],
});

const thisDevice: DeviceRepresentation = {
  os: "Linux",
  current: true,
  sessions: [{ id: "s1", current: true, started: Math.floor(NOW / 1000) - 60 }],
};

type Setup = {
  credentials?: CredentialContainer[];
  email?: { email?: string; emailVerified?: boolean };
  devices?: DeviceRepresentation[];
  probe?: Record<string, unknown>;
  extra?: StubRoute[];
};

function server({
  credentials = [password, otp([{ id: "o1" }])],
  email,
  devices = [thisDevice],
  probe,
  extra = [],
}: Setup) {
  return [
    ...extra,
    { path: "/", body: { username: "alice", email: "alice@example.com", emailVerified: true, ...email } },
    { path: "/credentials", body: credentials },
    { path: "/sessions/devices", body: devices },
    probe ? { path: `${EXT}/`, body: probe } : { path: `${EXT}/`, status: 404, body: { error: "not_found" } },
  ] satisfies StubRoute[];
}

const passedChecks = () =>
  within(screen.getByTestId("checkup-passed"))
    .getAllByRole("listitem")
    .map((item) => item.textContent?.trim());

const findings = async () =>
  within(await screen.findByTestId("checkup-findings", {}, PAGE_LOAD))
    .getAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent);

describe("Security checkup", () => {
  it("finds a session from a country new to the account, leaving the console's own session out, and names the country", async () => {
    const other: DeviceRepresentation = {
      os: "Windows",
      sessions: [{ id: "s2", started: Math.floor(NOW / 1000) - 3600 }],
    };
    renderPage(PAGE, {
      routes: server({
        devices: [thisDevice, other],
        probe: { places: true, eventsEnabled: true },
        extra: [
          {
            path: `${EXT}/places/new-countries`,
            body: {
              eventsEnabled: true,
              sessions: [
                { sessionId: "s2", country: "GB", started: NOW - 3600 * 1000 },
                { sessionId: "s1", country: "FR", started: NOW - 60 * 1000 },
              ],
            },
          },
        ],
      }),
    });
    expect(await findings()).toEqual(["Sign-in from a new country", "New devices"]);
    const finding = screen.getByTestId("checkup-newCountries");
    expect(finding).toHaveTextContent(
      "A device signed in from United Kingdom, where your account had not signed in during the 90 days before.",
    );
    expect(finding).not.toHaveTextContent("France");
    expect(within(finding).getByRole("link", { name: "Check device activity" })).toHaveAttribute(
      "href",
      expect.stringContaining("account-security/device-activity") as string,
    );
  });

  it("passes the new-country check when no other session is from a new country", async () => {
    renderPage(PAGE, {
      routes: server({
        probe: { places: true, eventsEnabled: true },
        extra: [{ path: `${EXT}/places/new-countries`, body: { eventsEnabled: true, sessions: [] } }],
      }),
    });
    expect(await screen.findByTestId("checkup-all-clear", {}, PAGE_LOAD)).toBeVisible();
    expect(passedChecks()).toContain(
      "No device is signed in from a country your account had not used in the 90 days before.",
    );
  });

  it("says plainly that there is nothing to do", async () => {
    renderPage(PAGE, { routes: server({}) });
    expect(await screen.findByTestId("checkup-all-clear", {}, PAGE_LOAD)).toHaveTextContent(
      "The checkup found nothing to do: your account looks safe.",
    );
    expect(screen.getByRole("heading", { level: 2, name: "Nothing to do" })).toBeVisible();
    expect(screen.queryByTestId("checkup-findings")).toBeNull();
    // Every check made is listed as fine, not only the ones with something to tell.
    expect(screen.getByRole("heading", { level: 2, name: "Checked and fine: 3" })).toBeVisible();
    expect(passedChecks()).toEqual([
      "A second factor protects your sign-in.",
      "No other device signed in during the last 30 days.",
      "Your email address is verified.",
    ]);
  });

  it("lists every check of the extension's features as fine when it finds nothing", async () => {
    renderPage(PAGE, {
      routes: server({
        probe: { offlineSessions: true, lastUsed: true, appPasswords: true, signInAlerts: true },
        extra: [
          { path: `${EXT}/offline-sessions`, body: { first: 0, max: 1, hasMore: false, sessions: [] } },
          { path: `${EXT}/credentials/last-used`, body: { lastUsed: [] } },
          { path: `${EXT}/app-passwords`, body: { limit: 20, appPasswords: [] } },
          { path: `${EXT}/sign-in-alerts`, body: { offered: true, enabled: true } },
        ],
      }),
    });
    expect(await screen.findByTestId("checkup-all-clear", {}, PAGE_LOAD)).toBeVisible();
    expect(passedChecks()).toEqual([
      "A second factor protects your sign-in.",
      "No other device signed in during the last 30 days.",
      "No application can use your account while you are signed out.",
      "Your email address is verified.",
      "No sign-in method has gone unused for 180 days.",
      "No app password has gone unused for 90 days.",
      "Sign-in alerts are on: a new device signing in sends you an email.",
    ]);
  });

  it("without a second factor offers to set one up, through Keycloak's action", async () => {
    const { auth } = renderPage(PAGE, { routes: server({ credentials: [password, otp()] }) });
    expect(await findings()).toEqual(["No second factor"]);
    const item = screen.getByTestId("checkup-secondFactor");
    expect(item).toHaveAttribute("data-severity", "danger");
    await userEvent.click(within(item).getByRole("button", { name: "Set up a second factor" }));
    expect(auth.startAction).toHaveBeenLastCalledWith("CONFIGURE_TOTP");
  });

  it("counts the recovery codes left, warns at two, and makes new ones with Keycloak's own action", async () => {
    const { auth } = renderPage(PAGE, {
      routes: server({ credentials: [password, otp([{ id: "o1" }]), recoveryCodes(10)] }),
    });
    expect(await findings()).toEqual(["Few recovery codes left"]);
    expect(screen.getByTestId("checkup-recoveryCodes")).toHaveTextContent("Recovery codes left: 2.");
    await userEvent.click(screen.getByRole("button", { name: "Make new recovery codes" }));
    expect(auth.startAction).toHaveBeenLastCalledWith("CONFIGURE_RECOVERY_AUTHN_CODES");
  });

  it("with enough recovery codes says how many are left among the checks that passed", async () => {
    renderPage(PAGE, { routes: server({ credentials: [password, otp([{ id: "o1" }]), recoveryCodes(3)] }) });
    expect(await screen.findByTestId("checkup-all-clear", {}, PAGE_LOAD)).toBeVisible();
    expect(screen.getByTestId("checkup-passed-recoveryCodes")).toHaveTextContent("Recovery codes left: 9");
  });

  it("reads the count from the credential's data where the info message is missing", async () => {
    const codes = recoveryCodes(0);
    codes.userCredentialMetadatas = [
      {
        credential: { id: "rc", type: "recovery-authn-codes", credentialData: '{"remainingCodes":1,"totalCodes":12}' },
      },
    ];
    renderPage(PAGE, { routes: server({ credentials: [password, otp([{ id: "o1" }]), codes] }) });
    expect(await findings()).toEqual(["Few recovery codes left"]);
    expect(screen.getByTestId("checkup-recoveryCodes")).toHaveTextContent("Recovery codes left: 1.");
  });

  it("an unverified email is verified through Keycloak's action where the server starts it, else in personal info", async () => {
    const { auth } = renderPage(PAGE, {
      routes: server({ email: { emailVerified: false }, probe: { verifyEmailAction: true } }),
    });
    expect(await findings()).toEqual(["Email address not verified"]);
    await userEvent.click(screen.getByRole("button", { name: "Verify email" }));
    expect(auth.startAction).toHaveBeenLastCalledWith("VERIFY_EMAIL");
  });

  it("an unverified email on a server that cannot start the action links to personal info", async () => {
    renderPage(PAGE, { routes: server({ email: { emailVerified: false } }) });
    expect(await findings()).toEqual(["Email address not verified"]);
    expect(
      within(screen.getByTestId("checkup-emailNotVerified")).getByRole("link", { name: "Personal info" }),
    ).toHaveAttribute("href", "/");
  });

  it("lists other devices that signed in within 30 days, not this one nor older sign-ins", async () => {
    const seconds = (ms: number) => Math.floor(ms / 1000);
    const devices: DeviceRepresentation[] = [
      { ...thisDevice, sessions: [...thisDevice.sessions!, { id: "s2", started: seconds(NOW - 2 * DAY) }] },
      { os: "Windows", sessions: [{ id: "s3", started: seconds(NOW - 40 * DAY) }] },
      { os: "Mac OS X", sessions: [{ id: "s4", started: seconds(NOW - 29 * DAY) }] },
      // Token requests of command-line programs: Keycloak knows no system and no device for them.
      {
        os: "Other",
        osVersion: "Unknown",
        device: "Other",
        sessions: [
          { id: "s5", browser: "curl/7.88.1", started: seconds(NOW - DAY) },
          { id: "s6", browser: "Python Requests/2.31", started: seconds(NOW - DAY) },
        ],
      },
    ];
    renderPage(PAGE, { routes: server({ devices }) });
    expect(await findings()).toEqual(["New devices"]);
    const item = screen.getByTestId("checkup-newDevices");
    expect(item).toHaveTextContent("Other devices that signed in within the last 30 days: 2.");
    expect(within(item).getByRole("link", { name: "Review devices" })).toHaveAttribute(
      "href",
      "/account-security/device-activity",
    );
  });

  it("turns sign-in alerts on from the finding, and the finding goes", async () => {
    let enabled = false;
    const routes: StubRoute[] = server({ probe: { signInAlerts: true } });
    const { fetchStub } = renderPage(PAGE, {
      fetch: async (input, init) => {
        const url = new URL(String(input));
        if (url.pathname === `${EXT}/sign-in-alerts`) {
          if (init?.method === "PUT") enabled = true;
          return Response.json({ offered: true, enabled });
        }
        const path = url.pathname.replace(/^\/realms\/demo\/account(?=\/|$)/, "") || "/";
        const route = routes.find((r) => r.path === path);
        return Response.json(route?.body ?? {}, { status: route?.status ?? (route ? 200 : 404) });
      },
    });
    expect(await findings()).toEqual(["Sign-in alerts are off"]);
    await userEvent.click(screen.getByRole("button", { name: "Turn on sign-in alerts" }));
    expect(await screen.findByTestId("checkup-all-clear")).toBeVisible();
    expect(fetchStub.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(true);
  });

  it("a failed save of sign-in alerts keeps the finding and says why", async () => {
    renderPage(PAGE, {
      routes: server({
        probe: { signInAlerts: true },
        extra: [
          {
            method: "PUT",
            path: `${EXT}/sign-in-alerts`,
            status: 500,
            body: { error: "x", errorDescription: "Down." },
          },
          { path: `${EXT}/sign-in-alerts`, body: { offered: true, enabled: false } },
        ],
      }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Turn on sign-in alerts" }, PAGE_LOAD));
    expect(await screen.findByText(/Your choice about sign-in emails was not saved: Down\./)).toBeVisible();
    expect(screen.getByTestId("checkup-signInAlerts")).toBeVisible();
  });

  it("with the other features on: lasting access, unused sign-in methods and app passwords, most serious first", async () => {
    renderPage(PAGE, {
      routes: server({
        credentials: [password, otp()],
        probe: { offlineSessions: true, lastUsed: true, appPasswords: true, signInAlerts: true },
        extra: [
          {
            path: `${EXT}/offline-sessions`,
            body: {
              first: 0,
              max: 1,
              hasMore: false,
              sessions: [{ id: "off", started: 1, lastRefresh: 2, clients: [] }],
            },
          },
          {
            path: `${EXT}/credentials/last-used`,
            body: { lastUsed: [{ credentialId: null, type: "password", time: NOW - 200 * DAY }] },
          },
          {
            path: `${EXT}/app-passwords`,
            body: {
              limit: 20,
              appPasswords: [
                { id: "a", name: "Mail", created: NOW - 300 * DAY, expires: null, lastUsed: NOW - 100 * DAY },
                { id: "b", name: "Calendar", created: NOW - 300 * DAY, expires: null, lastUsed: NOW - DAY },
              ],
            },
          },
          { path: `${EXT}/sign-in-alerts`, body: { offered: true, enabled: false } },
        ],
      }),
    });
    expect(await findings()).toEqual([
      "No second factor",
      "Applications with lasting access",
      "Sign-in methods unused for long",
      "App passwords unused for long",
      "Sign-in alerts are off",
    ]);
    expect(screen.getByTestId("checkup-unusedMethods")).toHaveTextContent("Not used for 180 days: Password.");
    expect(screen.getByTestId("checkup-appPasswords")).toHaveTextContent("Not used for 90 days: Mail.");
    expect(within(screen.getByTestId("checkup-lastingAccess")).getByRole("link")).toHaveAttribute(
      "href",
      "/account-security/device-activity#lasting-access",
    );
    expect(screen.getByRole("heading", { level: 2, name: "Needs your attention: 5 of 7 checks" })).toBeVisible();
    expect(passedChecks()).toEqual([
      "No other device signed in during the last 30 days.",
      "Your email address is verified.",
    ]);
  });

  it("leaves out the checks of features the server does not offer, and says when one could not be done", async () => {
    const { fetchStub } = renderPage(PAGE, {
      routes: server({
        probe: { offlineSessions: true, lastUsed: false, appPasswords: false },
        extra: [{ path: `${EXT}/offline-sessions`, status: 500, body: { error: "x", errorDescription: "Down." } }],
      }),
    });
    expect(await screen.findByTestId("checkup-failed", {}, PAGE_LOAD)).toHaveTextContent(
      "Some checks could not be done",
    );
    // A check that failed is no finding and no pass.
    expect(screen.getByTestId("checkup-all-clear")).toBeVisible();
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    const asked = fetchStub.mock.calls.map(([input]) => new URL(String(input)).pathname);
    expect(asked).not.toContain(`${EXT}/credentials/last-used`);
    expect(asked).not.toContain(`${EXT}/app-passwords`);
  });

  it("on a server without recovery codes there is no recovery-code finding", async () => {
    renderPage(PAGE, { routes: server({ credentials: [password, otp([{ id: "o1" }])] }) });
    expect(await screen.findByTestId("checkup-all-clear", {}, PAGE_LOAD)).toBeVisible();
    expect(screen.queryByTestId("checkup-passed-recoveryCodes")).toBeNull();
    expect(screen.queryByTestId("checkup-recoveryCodes")).toBeNull();
  });
});
