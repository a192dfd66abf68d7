import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { fakeAuth, renderPage, testEnvironment } from "../../testing/renderPage";
import { canUpdateEmail } from "./PersonalInfo";
import { aliceWithProfile } from "../../testing/users";

const user = aliceWithProfile({ emailField: { annotations: { "kc.required.action.supported": true } } });
const load = [
  { path: "/", body: user },
  { path: "/supportedLocales", body: [] },
];

describe("personal info", () => {
  it("asks for the realm's locales only when the realm has internationalization on", async () => {
    const withLocales = renderPage("", { routes: load });
    await screen.findByTestId("firstName");
    const asked = (stub: typeof withLocales.fetchStub) =>
      stub.mock.calls
        .map(([url]) => new URL(String(url)).pathname)
        .filter((path) => path.endsWith("/supportedLocales"));
    expect(asked(withLocales.fetchStub)).toHaveLength(1);
    withLocales.unmount();

    const features = { ...testEnvironment.features, isInternationalizationEnabled: false };
    const without = renderPage("", { routes: [load[0]!], environment: { ...testEnvironment, features } });
    expect(await screen.findByTestId("firstName")).toHaveValue("Alice");
    expect(asked(without.fetchStub)).toEqual([]);
  });

  it("saves and says so", async () => {
    const { fetchStub, auth } = renderPage("", { routes: [...load, { method: "POST", path: "/", status: 204 }] });
    await userEvent.clear(await screen.findByTestId("firstName"));
    await userEvent.type(screen.getByTestId("firstName"), "Alicia");
    await userEvent.click(screen.getByTestId("save"));
    expect(await screen.findByTestId("last-alert")).toHaveTextContent("Your account has been updated.");
    const post = fetchStub.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ firstName: "Alicia", email: "alice@example.org" });
    expect(auth.refresh).toHaveBeenCalled();
  });

  it("keeps what the user typed and never claims success when the server fails", async () => {
    renderPage("", {
      routes: [...load, { method: "POST", path: "/", status: 500, body: { error: "unknown_error" } }],
    });
    await userEvent.clear(await screen.findByTestId("lastName"));
    await userEvent.type(screen.getByTestId("lastName"), "Pleasance");
    await userEvent.click(screen.getByTestId("save"));
    expect(await screen.findByTestId("last-alert")).toHaveTextContent("Your changes were not saved");
    expect(screen.queryByText("Your account has been updated.")).toBeNull();
    expect(screen.getByTestId("lastName")).toHaveValue("Pleasance");
  });

  it("a value the client rules refuse: the field says why, the danger alert says nothing was saved", async () => {
    const { fetchStub } = renderPage("", { routes: load });
    await userEvent.clear(await screen.findByTestId("email"));
    await userEvent.type(screen.getByTestId("email"), "not-an-address");
    await userEvent.click(screen.getByTestId("save"));
    expect(await screen.findByTestId("last-alert")).toHaveTextContent(
      "Could not update account due to validation errors",
    );
    expect(screen.getByTestId("email-helper")).toHaveTextContent("Invalid email address.");
    expect(fetchStub.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
    expect(screen.getByTestId("email")).toHaveValue("not-an-address");
  });

  it("puts Keycloak's field errors on the fields", async () => {
    renderPage("", {
      routes: [
        ...load,
        {
          method: "POST",
          path: "/",
          status: 400,
          body: { errors: [{ field: "email", errorMessage: "error-invalid-email", params: ["${email}"] }] },
        },
      ],
    });
    await userEvent.click(await screen.findByTestId("save"));
    expect(await screen.findByTestId("email-helper")).toHaveTextContent("Invalid email address.");
    expect(screen.getByTestId("last-alert")).toHaveTextContent("Could not update account due to validation errors");
  });

  it("a profile that cannot be loaded is a route failure: the error dialog with the server's reason", async () => {
    renderPage("", { routes: [{ path: "/", status: 503, body: { errorMessage: "Keycloak is starting" } }] });
    const dialog = await screen.findByRole("dialog", { name: /Something went wrong/ });
    expect(dialog).toHaveTextContent("Keycloak is starting");
    expect(screen.queryByTestId("save")).not.toBeInTheDocument();
  });

  it("cancel returns to the saved values", async () => {
    renderPage("", { routes: load });
    await userEvent.type(await screen.findByTestId("firstName"), "xyz");
    await userEvent.click(screen.getByTestId("cancel"));
    expect(screen.getByTestId("firstName")).toHaveValue("Alice");
  });

  it("asks before leaving with unsaved changes, and keeps them when the user stays", async () => {
    const { router } = renderPage("", { routes: load });
    await userEvent.type(await screen.findByTestId("firstName"), "xyz");
    await act(() => router.navigate("/elsewhere"));
    expect(await screen.findByText("Leave this page without saving? Your changes will be lost.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Keep editing" }));
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByTestId("firstName")).toHaveValue("Alicexyz");

    await act(() => router.navigate("/elsewhere"));
    await userEvent.click(await screen.findByRole("button", { name: "Discard changes" }));
    expect(await screen.findByRole("heading", { name: "Elsewhere" })).toBeInTheDocument();
  });

  it("leaves without asking when nothing changed", async () => {
    const { router } = renderPage("", { routes: load });
    await screen.findByTestId("firstName");
    await act(() => router.navigate("/elsewhere"));
    expect(await screen.findByRole("heading", { name: "Elsewhere" })).toBeInTheDocument();
  });

  it("hides Save and Cancel when every attribute is read-only", async () => {
    const readOnly = {
      ...user,
      userProfileMetadata: { attributes: user.userProfileMetadata!.attributes.map((a) => ({ ...a, readOnly: true })) },
    };
    renderPage("", {
      routes: [
        { path: "/", body: readOnly },
        { path: "/supportedLocales", body: [] },
      ],
    });
    await screen.findByTestId("firstName");
    expect(screen.queryByTestId("save")).toBeNull();
    expect(screen.queryByTestId("cancel")).toBeNull();
  });

  it("offers update email only when the feature, the action and the attribute allow it", () => {
    const email = user.userProfileMetadata!.attributes[1]!;
    const features = { ...testEnvironment.features, isRegistrationEmailAsUsername: false };
    expect(canUpdateEmail(features, email)).toBe(true);
    expect(canUpdateEmail({ ...features, updateEmailActionEnabled: false }, email)).toBe(false);
    expect(canUpdateEmail(features, { ...email, annotations: {} })).toBe(false);
    expect(
      canUpdateEmail({ ...features, isRegistrationEmailAsUsername: true, isEditUserNameAllowed: false }, email),
    ).toBe(false);
  });

  it("starts the update-email and delete-account actions", async () => {
    const { auth } = renderPage("", { routes: load });
    await userEvent.click(await screen.findByRole("button", { name: /Update email/ }));
    expect(auth.startAction).toHaveBeenLastCalledWith("UPDATE_EMAIL");
    await userEvent.click(screen.getByRole("button", { name: "Delete account" }));
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(auth.startAction).toHaveBeenLastCalledWith("delete_account");
  });
});

describe("personal info when the session ends mid-edit", () => {
  afterEach(() => window.sessionStorage.clear());
  const bob = { sub: "bob-id", given_name: "Bob" };
  const storedKeys = () => Object.keys(window.sessionStorage);

  it("a save answered 401: the session-ended dialog, no failure alert, no spinner, the typed value kept as a draft", async () => {
    const { auth } = renderPage("", {
      routes: [...load, { method: "POST", path: "/", status: 401, body: { error: "HTTP 401 Unauthorized" } }],
    });
    await userEvent.clear(await screen.findByTestId("lastName"));
    await userEvent.type(screen.getByTestId("lastName"), "Pleasance");
    await userEvent.click(screen.getByTestId("save"));

    const dialog = await screen.findByRole("dialog", { name: /Your session has ended/ });
    expect(dialog).toHaveTextContent("Sign in again to continue.");
    expect(screen.queryByTestId("last-alert")).toBeNull();
    expect(screen.getByTestId("save")).not.toBeDisabled();
    expect(screen.getByTestId("lastName")).toHaveValue("Pleasance");
    expect(storedKeys()).toEqual(["kc-account-draft:demo:personal-info:alice-id"]);
    const draft = window.sessionStorage.getItem(storedKeys()[0]!) ?? "";
    expect(JSON.parse(draft)).toMatchObject({ lastName: "Pleasance", firstName: "Alice" });
    expect(draft).not.toContain("token");

    await userEvent.click(screen.getByRole("button", { name: "Log In" }));
    expect(auth.login).toHaveBeenCalledTimes(1);
  });

  it("an untouched form keeps no draft", async () => {
    const { auth } = renderPage("", { routes: load });
    await screen.findByTestId("lastName");
    act(() => auth.endSession());
    expect(await screen.findByRole("dialog", { name: /Your session has ended/ })).toBeInTheDocument();
    expect(storedKeys()).toEqual([]);
  });

  /** Alice types "Alicia" as her first name, her session ends (the draft is written), and the page goes away. */
  async function leaveDraftAsAlice() {
    const first = renderPage("", { routes: load });
    await userEvent.clear(await screen.findByTestId("firstName"));
    await userEvent.type(screen.getByTestId("firstName"), "Alicia");
    act(() => first.auth.endSession());
    first.unmount();
  }

  it("after signing in again as the same user: the draft, unsaved, marked as restored; saving clears it", async () => {
    await leaveDraftAsAlice();

    const { fetchStub } = renderPage("", { routes: [...load, { method: "POST", path: "/", status: 204 }] });
    expect(await screen.findByTestId("draft-restored")).toHaveTextContent("Unsaved changes restored");
    await expect.poll(() => (screen.getByTestId("firstName") as HTMLInputElement).value).toBe("Alicia");
    expect(fetchStub.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
    expect(storedKeys()).toEqual([]);
    await userEvent.click(screen.getByTestId("save"));
    expect(await screen.findByTestId("last-alert")).toHaveTextContent("Your account has been updated.");
    expect(screen.queryByTestId("draft-restored")).toBeNull();
    const post = fetchStub.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ firstName: "Alicia" });
  });

  it("cancel discards a restored draft", async () => {
    window.sessionStorage.setItem(
      "kc-account-draft:demo:personal-info:alice-id",
      JSON.stringify({ username: "alice", email: "alice@example.org", firstName: "Alicia", lastName: "Liddell" }),
    );
    renderPage("", { routes: load });
    await expect.poll(() => (screen.queryByTestId("firstName") as HTMLInputElement | null)?.value).toBe("Alicia");
    await userEvent.click(screen.getByTestId("cancel"));
    expect(screen.getByTestId("firstName")).toHaveValue("Alice");
    expect(screen.queryByTestId("draft-restored")).toBeNull();
    expect(storedKeys()).toEqual([]);
  });

  it("'Discard changes' after the session ended: the draft written then is gone, the next sign-in shows the saved values", async () => {
    const first = renderPage("", { routes: load });
    await userEvent.clear(await screen.findByTestId("firstName"));
    await userEvent.type(screen.getByTestId("firstName"), "Alicia");
    act(() => first.auth.endSession());
    expect(storedKeys()).toHaveLength(1);
    await act(() => first.router.navigate("/elsewhere"));
    await userEvent.click(await screen.findByRole("button", { name: "Discard changes" }));
    expect(await screen.findByRole("heading", { name: "Elsewhere" })).toBeInTheDocument();
    expect(storedKeys()).toEqual([]);
    first.unmount();

    renderPage("", { routes: load });
    expect(await screen.findByTestId("firstName")).toHaveValue("Alice");
    expect(screen.queryByTestId("draft-restored")).toBeNull();
  });

  it("another user never sees the draft, and it is gone from the tab once they load the form", async () => {
    await leaveDraftAsAlice();
    expect(storedKeys()).toHaveLength(1);

    const bobUser = { ...user, id: "bob-id", username: "bob", firstName: "Bob", lastName: "Builder" };
    renderPage("", {
      auth: fakeAuth(bob),
      routes: [
        { path: "/", body: bobUser },
        { path: "/supportedLocales", body: [] },
      ],
    });
    expect(await screen.findByTestId("firstName")).toHaveValue("Bob");
    expect(screen.queryByTestId("draft-restored")).toBeNull();
    expect(storedKeys()).toEqual([]);
  });
});
