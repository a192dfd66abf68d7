import type { Page } from "@playwright/test";
import { DEMO_USER, demoLike, STRICT_CSP_HEADERS, STRICT_CSP } from "./support/admin";
import { expectAccessible } from "./support/axe";
import { signIn, signOutByAdmin, submitLogin } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { accountUrl, expect, test } from "./support/test";
import { consoleRedirectsAnonymous, keycloakAtLeast } from "./support/version";

const REALM = "e2e-csp";

/** The strict policy: nothing inline, nothing from elsewhere. */
test.use({
  realms: {
    [REALM]: demoLike({
      ...STRICT_CSP_HEADERS,
      // The screens behind features, so that they are visited too.
      organizationsEnabled: true,
      verifiableCredentialsEnabled: true,
      userManagedAccessAllowed: true,
    }),
  },
});

type Violation = { documentURI: string; blockedURI: string; directive: string; sourceFile: string; sample: string };

/**
 * Records every `securitypolicyviolation` event of every frame of the page (the console, its silent check-sso frame,
 * Keycloak's status frame, the login pages), from before any script of the page runs, and the console's errors.
 */
async function recordViolations(page: Page) {
  const violations: Violation[] = [];
  const errors: string[] = [];
  const warnings: string[] = [];
  await page.exposeBinding("__reportCspViolation", (_source, violation: Violation) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation?: (v: unknown) => void }).__reportCspViolation;
      report?.({
        documentURI: event.documentURI,
        blockedURI: event.blockedURI,
        directive: event.effectiveDirective,
        sourceFile: event.sourceFile,
        sample: event.sample,
      });
    });
  });
  page.on("console", (message) => {
    const where = message.location().url;
    // Errors of Keycloak's own pages (login, status frame) are Keycloak's; ours come from the console's page or files.
    if (message.type() === "error" && (where === "" || where.includes("/account/"))) {
      errors.push(`${message.text()} (${where})`);
    }
    if (message.type() === "warning") warnings.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  return { violations, errors, warnings };
}

/** Documents the console serves: its page and the silent check-sso page (not Keycloak's login or status pages). */
const ours = (violation: Violation) => violation.documentURI.includes(`/realms/${REALM}/account/`);

test.describe("a realm with a strict Content-Security-Policy", () => {
  test("signs in, loads and saves personal info, switches every page: no violation from the console @core", async ({
    page,
  }) => {
    const recorded = await recordViolations(page);
    const documentResponse = page.waitForResponse((response) => response.url() === accountUrl(REALM));
    await page.goto(accountUrl(REALM));
    // The policy is on the console's own page, as the realm says (else this test proves nothing). 26.1 and 26.2
    // answer this first request with a redirect to the login page; the signed-in request below has the page.
    if (!consoleRedirectsAnonymous) {
      expect((await documentResponse).headers()["content-security-policy"]).toBe(STRICT_CSP);
    }
    await signIn(page, DEMO_USER.username, DEMO_USER.password);
    const consoleResponse = await page.request.get(accountUrl(REALM));
    expect(consoleResponse.headers()["content-security-policy"]).toBe(STRICT_CSP);

    // Personal info loads and saves.
    await expect(page.locator("input#email")).toHaveValue("alice@example.org");
    await page.locator("input#firstName").fill("Alicia");
    await page.getByTestId("save").click();
    await expect(page.getByTestId("last-alert")).toContainText("Your account has been updated.");
    await page.locator("input#firstName").fill("Alice");
    await page.getByTestId("save").click();
    await expect(page.locator("input#firstName")).toHaveValue("Alice");
    // The start-up spinner's and the theme's styles came from files: the page is styled.
    await expect(page.getByTestId("save")).toHaveCSS("background-color", /rgb\(/);

    // Every page of the sidebar, by clicking (a leaf's group opened first).
    const leaves = page.locator("#page-sidebar a[data-testid]");
    const routes = await leaves.evaluateAll((links) => links.map((link) => link.getAttribute("data-testid") ?? ""));
    expect(routes).toEqual(
      expect.arrayContaining([
        "account-security/signing-in",
        "account-security/device-activity",
        "applications",
        "organizations",
        "resources",
        // The verifiable credentials list needs 26.7's Account REST API (docs/versions.md).
        ...(keycloakAtLeast("26.7.0") ? ["verifiable-credentials"] : []),
      ]),
    );
    for (const route of routes) {
      const leaf = page.locator("#page-sidebar").getByTestId(route);
      if (!(await leaf.isVisible())) {
        await page.locator(`#page-sidebar li:has(a[data-testid="${route}"]) > button`).click();
      }
      await leaf.click();
      await expect(page).toHaveURL(new RegExp(route ? `/account/${route}$` : "/account/?$"));
      await expect(page.getByTestId("page-heading")).toBeVisible();
      await expect(page.locator("[aria-busy='true'], .pf-v6-c-spinner")).toHaveCount(0, { timeout: 20_000 });
    }
    await screenshot(page, "csp-last-page");

    // Keycloak's status frame runs an inline script, which the policy blocks: the console turns session detection
    // off with a warning (token refresh and 401 handling find an ended session instead; next test).
    await expect
      .poll(() => recorded.warnings.some((text) => text.includes("session status frame did not answer")), {
        timeout: 30_000,
      })
      .toBe(true);
    // The recorder works: it heard the status frame's blocked inline script (Keycloak's page, not ours).
    expect(recorded.violations.some((v) => v.documentURI.includes("login-status-iframe.html"))).toBe(true);
    expect(recorded.violations.filter(ours)).toEqual([]);
    expect(recorded.errors).toEqual([]);
  });

  test("without session detection, an admin's sign-out is found at the next save: the dialog, the login, the draft", async ({
    page,
    admin,
  }) => {
    const recorded = await recordViolations(page);
    await page.goto(accountUrl(REALM));
    await signIn(page, DEMO_USER.username, DEMO_USER.password);
    await expect(page.locator("input#email")).toHaveValue("alice@example.org");
    await page.locator("input#lastName").fill("Pleasance");

    await signOutByAdmin(page, admin, REALM, DEMO_USER.username);
    await page.getByTestId("save").click();

    const dialog = page.getByRole("dialog", { name: /Your session has ended/ });
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId("save")).toBeEnabled();
    await expect(page.getByTestId("last-alert")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Log In" }).click();
    await submitLogin(page, DEMO_USER.username, DEMO_USER.password);
    await expect(page.getByTestId("draft-restored")).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("input#lastName")).toHaveValue("Pleasance");
    await expectAccessible(page, "personal info with a restored draft");
    await page.getByTestId("cancel").click();
    await expect(page.locator("input#lastName")).toHaveValue("Liddell");
    expect(recorded.violations.filter(ours)).toEqual([]);
  });
});
