import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chooseJavaHome } from "../../scripts/lib/keycloak-server.mjs";

// The global setup built the jar from the current sources; this looks inside it.
const theme = "theme/keycloak-account-console/account";
let directory: string;

beforeAll(() => {
  directory = mkdtempSync(path.join(os.tmpdir(), "theme-jar-"));
  const javaHome = chooseJavaHome();
  const jarTool = javaHome ? path.join(javaHome, "bin", "jar") : "jar";
  execFileSync(jarTool, ["xf", inject("jarPath")], { cwd: directory });
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const read = (file: string) => readFileSync(path.join(directory, file), "utf8");

describe("the theme jar", () => {
  it("declares one account theme named after the project", () => {
    expect(JSON.parse(read("META-INF/keycloak-themes.json"))).toEqual({
      themes: [{ name: "keycloak-account-console", types: ["account"] }],
    });
  });

  it("holds our template and theme properties", () => {
    const template = read(`${theme}/index.ftl`);
    expect(template).toContain('<script id="environment" type="application/json">');
    expect(template).toContain("entryScript");
    expect(template).not.toContain("kcContext");
    const properties = read(`${theme}/theme.properties`);
    expect(properties).toMatch(/^parent=base$/m);
    expect(properties).toMatch(/^contentHashPattern=assets\/\.\*$/m);
  });

  it("links every chunk and stylesheet the entry imports, by file, and every linked file is in the jar", () => {
    expect(read(`${theme}/index.ftl`)).toContain('<#include "entry-links.ftl">');
    const links = read(`${theme}/entry-links.ftl`);
    const files = [...links.matchAll(/href="\$\{resourceUrl\}\/([^"]+)"/g)].map((match) => match[1]!);
    expect(files.some((file) => file.endsWith(".js"))).toBe(true);
    expect(files.some((file) => file.endsWith(".css"))).toBe(true);
    for (const file of files) {
      expect(file).toMatch(/^assets\//);
      expect(() => read(`${theme}/resources/${file}`)).not.toThrow();
    }
  });

  it("holds a complete English bundle and other languages", () => {
    const english = read(`${theme}/messages/messages_en.properties`);
    for (const key of ["personalInfo", "signOut", "somethingWentWrong", "pageNotFound", "unknownUser", "backTo"]) {
      expect(english).toMatch(new RegExp(`^${key}=`, "m"));
    }
    expect(readdirSync(path.join(directory, theme, "messages"))).toContain("messages_de.properties");
  });

  it("holds the Vite build: manifest with one entry, hashed assets, content.json and logo", () => {
    const manifest = JSON.parse(read(`${theme}/resources/.vite/manifest.json`)) as Record<
      string,
      { file: string; isEntry?: boolean; css?: string[] }
    >;
    const entries = Object.values(manifest).filter((chunk) => chunk.isEntry);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry!.file).toMatch(/^assets\/main-[\w-]{8}\.js$/);
    for (const file of [entry!.file, ...(entry!.css ?? [])]) {
      expect(readdirSync(path.join(directory, theme, "resources", "assets"))).toContain(path.basename(file));
    }
    const menu = JSON.parse(read(`${theme}/resources/content.json`)) as { label: string }[];
    expect(menu.map((item) => item.label)).toContain("personalInfo");
    expect(read(`${theme}/resources/logo.svg`)).toContain("<svg");
  });

  it("ships production builds of its libraries, not React's development build", () => {
    const assets = path.join(directory, theme, "resources", "assets");
    const scripts = readdirSync(assets).filter((file) => file.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(1);
    for (const file of scripts) {
      // A development-only warning of react-dom; absent from its production build.
      expect(readFileSync(path.join(assets, file), "utf8")).not.toContain("This will treat the attribute as if it were false");
    }
  });
});
