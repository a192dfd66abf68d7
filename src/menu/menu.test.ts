import { describe, expect, it } from "vitest";
import { NO_EXTENSION } from "../api/extension";
import { extensionMenu, isActive, menuLeaves, parseMenu, relativePath, visibleMenu, type MenuItem } from "./menu";

const content: MenuItem[] = [
  { label: "personalInfo", path: "" },
  {
    label: "accountSecurity",
    children: [
      { label: "signingIn", path: "account-security/signing-in" },
      { label: "linkedAccounts", path: "account-security/linked-accounts", isVisible: "isLinkedAccountsEnabled" },
    ],
  },
  { label: "groups", path: "groups", isVisible: "isViewGroupsEnabled" },
  { label: "hidden", children: [{ label: "x", path: "x", isVisible: "isMyResourcesEnabled" }] },
];

describe("visibleMenu", () => {
  it("keeps items without a flag and those whose flag is on", () => {
    const menu = visibleMenu(content, { isViewGroupsEnabled: true });
    expect(menuLeaves(menu).map((leaf) => leaf.path)).toEqual(["", "account-security/signing-in", "groups"]);
  });

  it("drops items whose flag is off and groups left empty", () => {
    const menu = visibleMenu(content, { isLinkedAccountsEnabled: true });
    expect(menu.map((item) => item.label)).toEqual(["personalInfo", "accountSecurity"]);
    expect(menuLeaves(menu).map((leaf) => leaf.label)).toContain("linkedAccounts");
  });
});

describe("items gated by the server extension", () => {
  const withActivity: MenuItem[] = [
    { label: "personalInfo", path: "" },
    {
      label: "accountSecurity",
      children: [{ label: "accountActivity", path: "account-security/account-activity", isVisible: "accountActivity" }],
    },
  ];

  it("keep their routes at start-up, before the extension has answered", () => {
    expect(menuLeaves(visibleMenu(withActivity, {})).map((leaf) => leaf.path)).toContain(
      "account-security/account-activity",
    );
  });

  it("show in the sidebar only once the extension offers them; a group left empty goes too", () => {
    const shown = (extension?: typeof NO_EXTENSION) => menuLeaves(extensionMenu(withActivity, extension));
    expect(shown(undefined).map((leaf) => leaf.path)).toEqual([""]);
    expect(extensionMenu(withActivity, NO_EXTENSION).map((item) => item.label)).toEqual(["personalInfo"]);
    expect(shown({ ...NO_EXTENSION, accountActivity: true }).map((leaf) => leaf.path)).toEqual([
      "",
      "account-security/account-activity",
    ]);
    // The template's flags are not the sidebar's to judge again.
    expect(extensionMenu(content, undefined)).toEqual(content);
  });
});

describe("active items", () => {
  it("matches the location relative to the base path", () => {
    const current = relativePath("/realms/demo/account/account-security/signing-in", "/realms/demo/account");
    expect(current).toBe("account-security/signing-in");
    expect(isActive(content[1]!, current)).toBe(true);
    expect(isActive(content[0]!, current)).toBe(false);
    expect(isActive(content[0]!, relativePath("/realms/demo/account/", "/realms/demo/account"))).toBe(true);
  });
});

describe("isActive", () => {
  it("marks the item of the page in any letter case, as the routes match it", () => {
    expect(isActive({ label: "groups", path: "groups" }, relativePath("/Groups/", ""))).toBe(true);
    expect(isActive({ label: "groups", path: "groups" }, "GROUPS")).toBe(true);
    expect(isActive({ label: "groups", path: "groups" }, "groupsx")).toBe(false);
  });
});

describe("content.json from a theme that extends ours", () => {
  it("keeps the good items and names each bad one, at any depth", () => {
    const { menu, problems } = parseMenu([
      { label: "personalInfo", path: "" },
      "groups",
      { label: "travel" },
      { label: 7, path: "seven" },
      {
        label: "accountSecurity",
        children: [
          { label: "signingIn", path: "account-security/signing-in" },
          { label: "extension", path: "content/x", modulePath: ["x.js"] },
        ],
      },
    ]);
    expect(menu).toEqual([
      { label: "personalInfo", path: "" },
      { label: "accountSecurity", children: [{ label: "signingIn", path: "account-security/signing-in" }] },
    ]);
    expect(problems).toEqual([
      "item 2 is not an object; it is left out of the menu.",
      'item 3 ("travel") has neither a "path" (text) nor "children" (a list); it is left out of the menu.',
      'item 4 needs "label" as text; it is left out of the menu.',
      'item 5 ("accountSecurity"), child 2 ("extension") needs "modulePath" as text; it is left out of the menu.',
    ]);
  });
});
