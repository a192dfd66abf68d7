import { describe, expect, it } from "vitest";
import type { ClientRepresentation } from "../../api/representations";
import { testI18n } from "../../testing/i18n";
import { applicationName, applicationType, canEndSession, scopeLabel, sortApplications } from "./applications";

const t = testI18n.t;
const app = (
  clientId: string,
  clientName?: string,
  extra: Partial<ClientRepresentation> = {},
): ClientRepresentation => ({
  clientId,
  clientName,
  ...extra,
});

describe("applicationName", () => {
  it("translates a ${key} client name, shows a plain one as written, and falls back to the client id", () => {
    expect(applicationName(t, app("account-console", "${personalInfo}"))).toBe("Personal info");
    expect(applicationName(t, app("shop", "Web Shop"))).toBe("Web Shop");
    expect(applicationName(t, app("bare"))).toBe("bare");
    expect(applicationName(t, app("blank", ""))).toBe("blank");
  });
});

describe("sortApplications", () => {
  it("orders by the name users see, ignoring case and accents, numbers by value, client id breaking ties", () => {
    const sorted = sortApplications(
      [
        app("zeta", "zebra shop"),
        app("acct", "${personalInfo}"),
        app("app10", "App 10"),
        app("app9", "App 9"),
        app("eclair", "Éclair"),
        app("b-twin", "Bakery"),
        app("a-twin", "bakery"),
        app("delta"),
      ],
      t,
      "en",
    );
    expect(sorted.map((a) => a.clientId)).toEqual([
      "app9",
      "app10",
      "a-twin",
      "b-twin",
      "delta",
      "eclair",
      "acct",
      "zeta",
    ]);
  });

  it("does not change what it was given, and survives an unknown locale", () => {
    const apps = [app("b"), app("a")];
    expect(sortApplications(apps, t, "not a locale!").map((a) => a.clientId)).toEqual(["a", "b"]);
    expect(apps.map((a) => a.clientId)).toEqual(["b", "a"]);
  });
});

describe("scopeLabel", () => {
  it("uses the consent screen text when it is a bundle key", () => {
    expect(scopeLabel(t, testI18n, { name: "email", displayText: "${emailScopeConsentText}" })).toBe("Email address");
  });

  it("reads the older shape (before 26.4): the consent text as the name, the server's translation beside it", () => {
    expect(scopeLabel(t, testI18n, { name: "${profileScopeConsentText}", displayTest: "Profil" })).toBe("User profile");
    expect(scopeLabel(t, testI18n, { name: "${noSuchKey}", displayTest: "Bestellungen" })).toBe("Bestellungen");
  });

  it("falls back to a bundle text for the scope name, then the text as written, then the name", () => {
    expect(scopeLabel(t, testI18n, { name: "profileScopeConsentText", displayText: "${noSuchKey}" })).toBe(
      "User profile",
    );
    expect(scopeLabel(t, testI18n, { name: "orders", displayText: "Read your orders" })).toBe("Read your orders");
    expect(scopeLabel(t, testI18n, { name: "orders" })).toBe("orders");
  });
});

describe("applicationType", () => {
  it("says whether the application is third-party and whether it has offline access", () => {
    expect(applicationType(t, app("a"))).toBe("Internal");
    expect(applicationType(t, app("a", undefined, { userConsentRequired: true, offlineAccess: true }))).toBe(
      "Third-party, Offline access",
    );
  });
});

describe("canEndSession", () => {
  it("is true for an application in use, never for one not in use or the console itself", () => {
    expect(canEndSession(app("shop", undefined, { inUse: true }))).toBe(true);
    expect(canEndSession(app("shop", undefined, { inUse: false }))).toBe(false);
    expect(canEndSession(app("shop"))).toBe(false);
    expect(canEndSession(app("account-console", undefined, { inUse: true }))).toBe(false);
    // The old account client is an application like any other.
    expect(canEndSession(app("account", undefined, { inUse: true }))).toBe(true);
  });

  it("is true for an application that holds only an offline token: ending its session ends that too", () => {
    expect(canEndSession(app("cli", undefined, { inUse: false, offlineAccess: true }))).toBe(true);
    expect(canEndSession(app("account-console", undefined, { offlineAccess: true }))).toBe(false);
  });
});
