// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { definePage, type PageDefinition } from "../../pages/page";
import { preloadPageCode } from "./pageCode";
import type { ApiClient } from "../../api/client";
import { pageRoutes, prefetchMenuPage, type PageHandle } from "./routes";

function fakePages() {
  const load = () => {
    const module = vi.fn(async () => ({ default: () => null }));
    return { ...definePage({ module }), module };
  };
  return {
    "": load(),
    "account-security/device-activity": load(),
    content: load(),
  } satisfies Record<string, PageDefinition>;
}

/** The pages' code functions, as the entry's preload takes them. */
const code = (pages: Record<string, PageDefinition>) =>
  Object.fromEntries(Object.entries(pages).map(([id, page]) => [id, page.module]));

describe("loading page code ahead of the router", () => {
  it("starts the code of the page at the address the console opens on (during sign-in)", () => {
    const pages = fakePages();
    preloadPageCode("/realms/demo/account/account-security/device-activity/", "/realms/demo/account", code(pages));
    expect(pages["account-security/device-activity"].module).toHaveBeenCalledTimes(1);
    expect(pages[""].module).not.toHaveBeenCalled();
  });

  it("starts personal info's code for the console's root, and nothing for an unknown page or another path", () => {
    const pages = fakePages();
    preloadPageCode("/realms/demo/account/", "/realms/demo/account", code(pages));
    preloadPageCode("/realms/demo/account/nothing-here", "/realms/demo/account", code(pages));
    preloadPageCode("/elsewhere/account-security/device-activity", "/realms/demo/account", code(pages));
    expect(pages[""].module).toHaveBeenCalledTimes(1);
    expect(pages["account-security/device-activity"].module).not.toHaveBeenCalled();
  });

  it("starts nothing for an address that cannot be decoded, and does not throw (the router then shows not-found)", () => {
    const pages = fakePages();
    expect(() => preloadPageCode("/realms/demo/account/%E0%A4%A", "/realms/demo/account", code(pages))).not.toThrow();
    expect(pages[""].module).not.toHaveBeenCalled();
  });

  it("starts the page's code whatever the letter case of its address, as the router matches it", () => {
    const pages = fakePages();
    preloadPageCode("/realms/demo/account/Account-Security/Device-Activity", "/realms/demo/account", code(pages));
    expect(pages["account-security/device-activity"].module).toHaveBeenCalledTimes(1);
  });

  it("prefetches a menu item's page by its id or path, and content pages through the content page", () => {
    const pages = fakePages();
    prefetchMenuPage({ path: "/account-security/device-activity" }, pages);
    prefetchMenuPage({ path: "extension", modulePath: "/extension.js" }, pages);
    expect(pages["account-security/device-activity"].module).toHaveBeenCalledTimes(1);
    expect(pages.content.module).toHaveBeenCalledTimes(1);
  });

  it("swallows a failed prefetch: the router reports failures when the page is really opened", async () => {
    const module = vi.fn(async () => Promise.reject(new Error("offline")));
    const pages = { "": { ...definePage({ module }), module } };
    expect(() => prefetchMenuPage({ path: "" }, pages)).not.toThrow();
    await Promise.resolve();
  });
});

describe("page routes", () => {
  it("name an unlisted page's title in its handle, for the browser tab, and none for a page the menu names", () => {
    const pages = { ...fakePages(), "account-security/secure-your-account": definePage({ module: vi.fn() }) };
    const features = {} as Parameters<typeof pageRoutes>[1];
    const routes = pageRoutes([{ label: "personalInfo", path: "" }], features, {} as ApiClient, pages);
    const handles = Object.fromEntries(routes.map((route) => [route.path ?? "", route.handle as PageHandle]));
    expect(handles["account-security/secure-your-account"]).toEqual({ title: "secureAccountTitle" });
    expect(handles[""]).toEqual({ title: undefined });
  });
});
