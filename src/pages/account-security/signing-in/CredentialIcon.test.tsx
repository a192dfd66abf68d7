import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CredentialContainer, CredentialMetadata } from "../../../api/representations";
import { renderPage } from "../../../testing/renderPage";
import { iconSource } from "./CredentialIcon";
import { propertyValue } from "./CredentialProperties";

const RESOURCES = "http://kc.test/resources/x/account/theme";

const passkeys = (metadatas: CredentialMetadata[], type = "webauthn-passwordless"): CredentialContainer => ({
  type,
  category: "passwordless",
  displayName: `${type}-display-name`,
  helptext: `${type}-help-text`,
  removeable: true,
  userCredentialMetadatas: metadatas,
});

function renderSigningIn(containers: CredentialContainer[]) {
  return renderPage("account-security/signing-in", { routes: [{ path: "/credentials", body: containers }] });
}

describe("iconSource", () => {
  it("finds a file the server names among the theme's passkeys resources", () => {
    expect(iconSource(RESOURCES, "google-light.png")).toBe(`${RESOURCES}/passkeys/google-light.png`);
    expect(iconSource(RESOURCES, "thales1-dark.svg")).toBe(`${RESOURCES}/passkeys/thales1-dark.svg`);
  });

  it("uses an image data URI as it is", () => {
    expect(iconSource(RESOURCES, "data:image/svg+xml;base64,PHN2Zy8+")).toBe("data:image/svg+xml;base64,PHN2Zy8+");
  });

  it.each([
    undefined,
    "",
    "../../../admin/x.png",
    "a/../b.png",
    "https://evil.test/x.png",
    "/etc/x.png",
    "data:text/html,x",
  ])("loads nothing for %j", (icon) => {
    expect(iconSource(RESOURCES, icon)).toBeUndefined();
  });
});

describe("propertyValue", () => {
  it("spaces a list the server wrote with bare commas and joins several parameters", () => {
    expect(propertyValue({ key: "webauthn-transports", parameters: ["usb,nfc"] })).toBe("usb, nfc");
    expect(propertyValue({ key: "x", parameters: ["a", "b"] })).toBe("a, b");
    expect(propertyValue({ key: "x" })).toBe("");
  });
});

describe("a passkey's vendor icon and details", () => {
  it("shows the vendor's icon, with its dark variant beside it, and lists the other properties in the server's words", async () => {
    renderSigningIn([
      passkeys([
        {
          credential: { id: "k1", type: "webauthn-passwordless", userLabel: "Work laptop" },
          iconLight: "thales1-light.svg",
          iconDark: "thales1-dark.svg",
          infoProperties: [
            { key: "webauthn-authenticator-provider", parameters: ["Thales Bio iOS SDK"] },
            { key: "webauthn-transports", parameters: ["internal,hybrid"] },
          ],
        },
      ]),
    ]);
    const list = await screen.findByTestId("webauthn-passwordless/credential-list");
    const icon = list.querySelector("[data-testrole=credential-icon]")!;
    const [light, dark] = icon.querySelectorAll("img");
    expect(light).toHaveAttribute("src", `${RESOURCES}/passkeys/thales1-light.svg`);
    expect(light).toHaveClass("credential-icon-light");
    expect(dark).toHaveAttribute("src", `${RESOURCES}/passkeys/thales1-dark.svg`);
    expect(dark).toHaveClass("credential-icon-dark");
    // Decorative: the name beside it says what the credential is.
    expect(light).toHaveAttribute("alt", "");

    expect(list).toHaveTextContent("Thales Bio iOS SDK");
    const properties = within(list).getByRole("term").closest("dl")!;
    // The provider is the subtitle, not repeated in the list; the transports' name comes from the server's bundle.
    expect(
      within(properties)
        .getAllByRole("term")
        .map((term) => term.textContent),
    ).toEqual(["Transport media"]);
    expect(within(properties).getByRole("definition")).toHaveTextContent("internal, hybrid");
  });

  it("shows one image when both variants are the same file, and a key when it does not load", async () => {
    renderSigningIn([
      passkeys(
        [
          {
            credential: { id: "k2", type: "webauthn", userLabel: "YubiKey" },
            iconLight: "yubikey-light.png",
            iconDark: "yubikey-light.png",
          },
        ],
        "webauthn",
      ),
    ]);
    const list = await screen.findByTestId("webauthn/credential-list");
    const image = list.querySelector("img[data-testrole=credential-icon]")!;
    expect(image).toHaveAttribute("src", `${RESOURCES}/passkeys/yubikey-light.png`);
    expect(list.querySelectorAll("img")).toHaveLength(1);

    fireEvent.error(image);
    expect(list.querySelector("img")).toBeNull();
    expect(list.querySelector("svg[data-testrole=credential-icon]")).not.toBeNull();
  });

  it("falls back to the light icon alone when the dark one fails", async () => {
    renderSigningIn([
      passkeys([
        {
          credential: { id: "k3", type: "webauthn-passwordless" },
          iconLight: "a-light.svg",
          iconDark: "a-dark.svg",
        },
      ]),
    ]);
    const list = await screen.findByTestId("webauthn-passwordless/credential-list");
    fireEvent.error(list.querySelector("img.credential-icon-dark")!);
    const images = list.querySelectorAll("img");
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute("src", `${RESOURCES}/passkeys/a-light.svg`);
  });

  it("shows a key for a passkey of an authenticator the server does not know, and no icon for a password", async () => {
    renderSigningIn([
      passkeys([{ credential: { id: "k4", type: "webauthn-passwordless", userLabel: "Unknown key" } }]),
      {
        ...passkeys([{ credential: { id: "p1", type: "password" } }], "password"),
        category: "basic-authentication",
      },
    ]);
    const keys = await screen.findByTestId("webauthn-passwordless/credential-list");
    expect(keys.querySelector("svg[data-testrole=credential-icon]")).not.toBeNull();
    expect(keys.querySelector("img")).toBeNull();
    expect(within(keys).queryByRole("term")).toBeNull();
    const passwords = screen.getByTestId("password/credential-list");
    expect(passwords.querySelector("[data-testrole=credential-icon]")).toBeNull();
  });
});
