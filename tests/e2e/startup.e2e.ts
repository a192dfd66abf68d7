import type { Request } from "@playwright/test";
import { demoLike } from "./support/admin";
import { accountUrl, expect, test } from "./support/test";

const REALM = "e2e-startup";
// One realm for both tests: the sign-out test ends only the session it signed in itself.
const SESSION_REALM = REALM;

test.use({ realms: { [REALM]: demoLike() } });

test.describe("start-up on a real Keycloak", () => {
  test("loads the console once: check-sso as one request answered by Keycloak's form page, nothing before the profile but sign-in @core", async ({
    openConsole,
  }) => {
    const page = await openConsole(REALM);
    const requests: Request[] = [];
    // What the new page asks for comes after it commits. Until then the sign-in load's page still runs, and its
    // status frame (started once that page was idle) may still be asking.
    let committed = -1;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame() && committed === -1) committed = requests.length;
    });
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") warnings.push(message.text());
    });
    const failed = new Set<Request>();
    page.on("request", (request) => requests.push(request));
    page.on("requestfailed", (request) => failed.add(request));
    page.on("response", (response) => {
      if (response.status() >= 400) failed.add(response.request());
    });

    await page.goto(accountUrl(REALM));
    await expect(page.locator("input#email")).toHaveValue("alice@example.org");

    expect(committed).toBeGreaterThan(-1);
    const ours = requests.slice(committed);
    const urls = ours.map((request) => request.url());
    const consolePages = requests.filter(
      (request) => request.resourceType() === "document" && request.frame() === page.mainFrame(),
    );
    expect(consolePages.map((request) => request.url())).toEqual([accountUrl(REALM)]);
    // keycloak-js's third-party-cookie pages are not needed: the console and Keycloak share one origin.
    expect(urls.filter((url) => url.includes("/3p-cookies/"))).toEqual([]);

    // The check is one request of the page's own (no frame): Keycloak answers it with its form_post page, which holds
    // the code; nothing loads the tiny page the form names, neither as a document nor as a request.
    const checks = requests.filter((request) => request.url().includes("/protocol/openid-connect/auth?"));
    expect(checks, "one authorization request").toHaveLength(1);
    const check = checks[0]!;
    expect(check.resourceType()).toBe("fetch");
    expect(new URL(check.url()).searchParams.get("prompt")).toBe("none");
    expect(new URL(check.url()).searchParams.get("response_mode")).toBe("form_post");
    const answer = (await check.response())!;
    expect(answer.status()).toBe(200);
    expect(await answer.text()).toMatch(/name="code"/i);
    expect(
      urls.filter((url) => url.includes("scope=silent-check-sso&") || url.endsWith("scope=silent-check-sso")),
    ).toEqual([]);
    expect(urls.filter((url) => url.includes("/silent-check-sso.js"))).toEqual([]);

    const profile = urls.findIndex((url) => url.includes("/account/?userProfileMetadata=true"));
    const statusFrame = urls.findIndex((url) => url.includes("login-status-iframe.html"));
    expect(profile).toBeGreaterThan(-1);
    // Session detection starts after the first screen, never before its data.
    if (statusFrame !== -1) expect(statusFrame).toBeGreaterThan(profile);
    // The body face once, and PatternFly's own whole face never.
    expect(urls.filter((url) => url.includes("/assets/red-hat-text-latin-wght-normal-"))).toHaveLength(1);
    expect(urls.filter((url) => url.includes("/assets/RedHatTextVF-"))).toEqual([]);
    // The texts come once, from the extension, gzipped, without a token (they load while sign-in runs); not from
    // Keycloak's uncompressed list.
    const texts = ours.filter((request) => request.url().includes("/account-console-extension/messages/"));
    expect(texts.map((request) => new URL(request.url()).pathname)).toEqual([
      `/realms/${REALM}/account-console-extension/messages/en`,
    ]);
    expect(await texts[0]!.headerValue("authorization")).toBeNull();
    // The page preloads the texts and the menu (index.ftl); the app's calls take those answers instead of asking again.
    const menus = ours.filter((request) => new URL(request.url()).pathname.endsWith("/content.json"));
    expect(menus, "content.json asked for once").toHaveLength(1);
    const preloads = await page
      .locator('link[rel="preload"][as="fetch"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(preloads.sort()).toEqual(
      [new URL(menus[0]!.url()).pathname, `/realms/${REALM}/account-console-extension/messages/en`].sort(),
    );
    expect((await texts[0]!.response())!.headers()["content-encoding"]).toBe("gzip");
    expect(urls.filter((url) => url.includes(`/resources/${REALM}/account/`))).toEqual([]);
    expect(ours.filter((request) => failed.has(request)).map((request) => request.url())).toEqual([]);
    // No frame with a sandbox that allows scripts and its origin (Chrome warns that it can remove its sandbox).
    await expect.poll(() => requests.some((request) => request.url().includes("login-status-iframe.html"))).toBe(true);
    expect(warnings.filter((text) => text.includes("sandbox"))).toEqual([]);
  });

  test("draws the header, the sidebar with the realm's texts and the page's skeleton while Keycloak answers sign-in; the fields when the data comes", async ({
    openConsole,
  }) => {
    const page = await openConsole(REALM);
    // The token request waits until the test has seen the first screen: nothing that needs the token can be drawn.
    let answerSignIn = () => {};
    const signInHeld = new Promise<void>((resolve) => (answerSignIn = resolve));
    let tokenAsked = false;
    await page.route(/\/protocol\/openid-connect\/token$/, async (route) => {
      tokenAsked = true;
      await signInHeld;
      await route.continue();
    });
    await page.goto(accountUrl(REALM));

    await expect(page.getByTestId("page-skeleton")).toBeVisible();
    await expect(page.getByRole("link", { name: "Personal info" })).toBeVisible();
    await expect(page.getByTestId("nav-toggle")).toBeVisible();
    await expect(page.getByTestId("skip-to-content")).toHaveText("Skip to main content");
    // The shell may be drawn before sign-in even asks for the token (the texts can come before Keycloak's redirect
    // answers): wait until the token request is held, then nothing that needs it may be there.
    await expect.poll(() => tokenAsked).toBe(true);
    // Drawn before sign-in had its token: no name yet, no field.
    await expect(page.getByTestId("options-toggle")).not.toContainText("Alice");
    await expect(page.locator("input#email")).toHaveCount(0);

    answerSignIn();
    await expect(page.locator("input#email")).toHaveValue("alice@example.org");
    await expect(page.getByTestId("page-skeleton")).toHaveCount(0);
    await expect(page.getByTestId("options-toggle")).toContainText("Alice Liddell");
  });

  test("notices a sign-out in another tab, says so and leads to the login page (session detection after start)", async ({
    openConsole,
  }) => {
    // It signs this session out: a session of its own.
    const page = await openConsole(SESSION_REALM, { ownSession: true });
    await expect(page.locator("input#email")).toHaveValue("alice@example.org");
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    // The status frame is added once the first screen shows.
    await expect
      .poll(() => page.frames().some((frame) => frame.url().includes("login-status-iframe.html")), { timeout: 30_000 })
      .toBe(true);

    // Signing out in another tab of the same browser (Keycloak's own logout page).
    const other = await page.context().newPage();
    await other.goto(
      `${new URL(accountUrl(SESSION_REALM)).origin}/realms/${SESSION_REALM}/protocol/openid-connect/logout`,
    );
    await other.locator("#kc-logout").click();
    await other.waitForLoadState();
    // The status frame is asked every 5 s; a changed session says so, and leads to the login page.
    await page
      .getByRole("dialog", { name: /Your session has ended/ })
      .getByRole("button", { name: "Log In" })
      .click({ timeout: 30_000 });
    await expect(page.locator("#kc-login")).toBeVisible();
    expect(page.url()).toContain(`/realms/${SESSION_REALM}/protocol/openid-connect/auth`);
    expect(warnings.filter((text) => text.includes("session status frame"))).toEqual([]);
  });
});
