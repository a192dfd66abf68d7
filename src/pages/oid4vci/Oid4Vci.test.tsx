import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { CredentialIssuerMetadata } from "../../api/representations";
import { PAGE_LOAD, renderPage, type StubRoute } from "../../testing/renderPage";
import { configurationOptions } from "./configurations";

const METADATA = "/realms/demo/.well-known/openid-credential-issuer";
const OFFER = "/realms/demo/protocol/oid4vc/create-credential-offer";

const metadata: CredentialIssuerMetadata = {
  credential_issuer: "http://kc.test/realms/demo",
  credential_configurations_supported: {
    natural_person_jwt: {
      format: "jwt_vc_json",
      credential_metadata: { display: [{ name: "Natural person", locale: "en" }] },
    },
    plain_config: { format: "dc+sd-jwt" },
  },
};

/** The issuer calls are not under /account, but they go through the one API client (its token, its checks). */
function renderIssuerPage(routes: StubRoute[]) {
  const page = renderPage("oid4vci", { routes });
  return { ...page, issuerFetch: page.fetchStub };
}

/** The option of a configuration (its test id sits on the list item, as in the stock console). */
const option = (id: string) => within(screen.getByTestId(id)).getByRole("option");

describe("issuer credential page", () => {
  it("offers one option per configuration, by display name, and shows the offer as a QR code", async () => {
    const { issuerFetch } = renderIssuerPage([
      { path: METADATA, body: metadata },
      {
        path: OFFER,
        body: { issuer: "http://kc.test/realms/demo/protocol/oid4vc/credential-offer", nonce: "abc:def" },
      },
    ]);
    const toggle = await screen.findByTestId("menu-toggle", {}, PAGE_LOAD);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Verifiable Credentials");
    expect(toggle).toHaveTextContent("Select a credential configuration.");
    await userEvent.click(toggle);
    expect(screen.getByTestId("natural_person_jwt")).toHaveTextContent("Natural person");
    expect(screen.getByTestId("natural_person_jwt")).toHaveTextContent("natural_person_jwt");
    expect(screen.getByTestId("plain_config")).toHaveTextContent("plain_config");
    await userEvent.click(option("natural_person_jwt"));

    const qr = await screen.findByTestId("qr-code");
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(qr).toHaveAccessibleName("QR code of the credential offer for Natural person");
    const uri = `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(
      "http://kc.test/realms/demo/protocol/oid4vc/credential-offer/abc:def",
    )}`;
    expect(screen.getByTestId("offer-link")).toHaveAttribute("href", uri);

    const offerCall = issuerFetch.mock.calls.map(([url]) => new URL(String(url))).find((u) => u.pathname === OFFER)!;
    expect(offerCall.searchParams.get("credential_configuration_id")).toBe("natural_person_jwt");
    // Sent as the signed-in user.
    const init = issuerFetch.mock.calls.find(([url]) => String(url).includes(OFFER))![1]!;
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer token");
  }, 15_000);

  it("shows the server's reason when it refuses an offer, and tries again on request", async () => {
    const routes: StubRoute[] = [
      { path: METADATA, body: metadata },
      {
        path: OFFER,
        status: 403,
        body: { error: "invalid_client", error_description: "Client not enabled for OID4VCI" },
      },
    ];
    renderIssuerPage(routes);
    await userEvent.click(await screen.findByTestId("menu-toggle", {}, PAGE_LOAD));
    await userEvent.click(option("plain_config"));
    const error = await screen.findByTestId("offer-error");
    expect(error).toHaveTextContent("Was not able to retrieve an offer.");
    expect(error).toHaveTextContent("Client not enabled for OID4VCI");
    expect(screen.queryByTestId("qr-code")).toBeNull();
    // The same failure also reaches the alert list.
    await waitFor(() => expect(screen.getAllByText("Client not enabled for OID4VCI").length).toBeGreaterThanOrEqual(2));

    routes[1] = { path: OFFER, body: { issuer: "http://kc.test/o", nonce: "n" } };
    await userEvent.click(within(error).getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("qr-code")).toBeVisible();
  }, 15_000);

  it("says when the issuer cannot be read", async () => {
    renderIssuerPage([{ path: METADATA, status: 400, body: { error: "Feature oid4vc-vci not enabled" } }]);
    const error = await screen.findByTestId("issuer-error", {}, PAGE_LOAD);
    expect(error).toHaveTextContent("Was not able to retrieve the issuer information.");
    expect(error).toHaveTextContent("Feature oid4vc-vci not enabled");
    expect(screen.queryByTestId("menu-toggle")).toBeNull();
  });

  it("says when the issuer has no credential configuration", async () => {
    renderIssuerPage([{ path: METADATA, body: { ...metadata, credential_configurations_supported: {} } }]);
    expect(await screen.findByTestId("config-alert", {}, PAGE_LOAD)).toHaveTextContent(
      "Was not able to retrieve the credential configuration.",
    );
  });
});

describe("configuration options", () => {
  it("labels by the display name of the user's language, else the id, sorted by label", () => {
    const options = configurationOptions(
      {
        credential_issuer: "x",
        credential_configurations_supported: {
          b: {
            display: [
              { name: "Zertifikat", locale: "de" },
              { name: "Certificate", locale: "en" },
            ],
          },
          a: {},
          c: { credential_metadata: { display: [{ name: "Ausweis", locale: "de-AT" }] } },
        },
      },
      "de-CH",
    );
    expect(options).toEqual([
      { id: "a", label: "a" },
      { id: "c", label: "Ausweis", description: "c" },
      { id: "b", label: "Zertifikat", description: "b" },
    ]);
  });
});
