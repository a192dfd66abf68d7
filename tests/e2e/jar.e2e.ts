import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_KEYCLOAK_VERSION, OLDEST_SUPPORTED_VERSION } from "../../scripts/lib/keycloak-config.mjs";
import { chooseJavaHome } from "../../scripts/lib/keycloak-server.mjs";
import { ensureStockMessages, parseProperties, readStockBundle } from "../../scripts/lib/message-bundles.mjs";
import { JAR_PATH } from "./global-setup";
import { expect, test } from "./support/test";

// The global setup built the jar from the current sources; this looks inside it.
const theme = "theme/keycloak-account-console/account";
let directory: string;

// Keycloak's own bundles, from the distribution the tests run (downloaded once).
const stock = ensureStockMessages(process.env.KC_VERSION || DEFAULT_KEYCLOAK_VERSION);

test.beforeAll(() => {
  directory = mkdtempSync(path.join(os.tmpdir(), "theme-jar-"));
  const javaHome = chooseJavaHome();
  const jarTool = javaHome ? path.join(javaHome, "bin", "jar") : "jar";
  execFileSync(jarTool, ["xf", JAR_PATH], { cwd: directory });
});
test.afterAll(() => rmSync(directory, { recursive: true, force: true }));

const read = (file: string) => readFileSync(path.join(directory, file), "utf8");
/** Every bundle in the jar, parsed. */
const bundles = () =>
  readdirSync(path.join(directory, theme, "messages")).map((file) => ({
    locale: file.replace(/^messages_|\.properties$/g, ""),
    messages: parseProperties(read(`${theme}/messages/${file}`)),
  }));

test.describe("the theme jar", () => {
  test("declares one theme named after the project: the account console, and the email theme of the sign-in alert", () => {
    expect(JSON.parse(read("META-INF/keycloak-themes.json"))).toEqual({
      themes: [{ name: "keycloak-account-console", types: ["account", "email"] }],
    });
  });

  test("carries the sign-in alert: its listener's service entry, templates and a bundle per language", () => {
    // The sign-in alerts' listener and the one that records when each sign-in method was last used.
    const listeners = "META-INF/services/org.keycloak.events.EventListenerProviderFactory";
    expect(read(listeners).trim().split("\n").sort()).toEqual([
      "io.github.kcaccountconsole.extension.lastused.LastUsedListenerFactory",
      "io.github.kcaccountconsole.extension.signinalerts.SignInAlertListenerFactory",
    ]);
    // The app password step for direct-grant flows.
    expect(read("META-INF/services/org.keycloak.authentication.AuthenticatorFactory").trim()).toBe(
      "io.github.kcaccountconsole.extension.apppasswords.AppPasswordAuthenticator",
    );
    const email = "theme/keycloak-account-console/email";
    expect(read(`${email}/theme.properties`)).toContain("parent=keycloak");
    expect(read(`${email}/text/account-console-sign-in-alert.ftl`)).toContain('output_format="plainText"');
    expect(read(`${email}/html/account-console-sign-in-alert.ftl`)).toContain('output_format="HTML"');
    const languages = bundles().map((bundle) => bundle.locale);
    const mailLanguages = readdirSync(path.join(directory, email, "messages")).map((file) =>
      file.replace(/^messages_|\.properties$/g, ""),
    );
    expect(mailLanguages.sort()).toEqual(languages.sort());
  });

  test("holds our template and theme properties", () => {
    const template = read(`${theme}/index.ftl`);
    expect(template).toContain('<script id="environment" type="application/json">');
    expect(template).toContain("entryScript");
    expect(template).not.toContain("kcContext");
    const properties = read(`${theme}/theme.properties`);
    // Keycloak's own account theme underneath supplies the stock message bundles in every language.
    expect(properties).toMatch(/^parent=keycloak\.v3$/m);
    expect(properties).toMatch(/^contentHashPattern=assets\/\.\*$/m);
  });

  test("links every chunk and stylesheet the entry imports, by file, and every linked file is in the jar", () => {
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

  test("holds our bundles: only the keys the console adds, in every language, none of them a stock key", () => {
    const english = parseProperties(read(`${theme}/messages/messages_en.properties`));
    expect(Object.keys(english)).toEqual(
      expect.arrayContaining(["help", "unsavedChanges", "colorScheme", "colorSchemeDark"]),
    );
    // Stock keys of the oldest supported Keycloak; a newer one's keys that it lacks are ours (docs/versions.md).
    const stockEnglish = readStockBundle(ensureStockMessages(OLDEST_SUPPORTED_VERSION), "keycloak.v3", "en");
    expect(Object.keys(english).filter((key) => key in stockEnglish)).toEqual([]);
    expect(bundles().map(({ locale }) => locale)).toEqual(
      expect.arrayContaining(["ar", "de", "fa", "ja", "pt_BR", "zh_Hans"]),
    );
  });

  test("has no bundle value of 20 characters or more that is the stock value for the same key and language", () => {
    const copies: string[] = [];
    for (const { locale, messages } of bundles()) {
      const stockValues = {
        ...readStockBundle(stock, "base", locale),
        ...readStockBundle(stock, "keycloak.v3", locale),
      };
      for (const [key, value] of Object.entries(messages)) {
        if (value.length >= 20 && stockValues[key] === value) copies.push(`${locale}: ${key}`);
      }
    }
    expect(copies).toEqual([]);
  });

  test("serves the colour-scheme script from its resources and references no inline script", () => {
    expect(read(`${theme}/resources/color-scheme.js`)).toContain("pf-v6-theme-dark");
    const template = read(`${theme}/index.ftl`);
    expect(template).toContain('<script src="${resourceUrl}/color-scheme.js"></script>');
    // Every <script> outside the dev-server block has a src or is the environment's JSON data.
    const production = template.replace(/<#if devServerUrl\?has_content>[\s\S]*?<\/#if>/, "");
    const inline = [...production.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/json)[^>]*>/g)];
    expect(inline.map((match) => match[0])).toEqual([]);
    // Nor an inline style: the start-up spinner's rules are in the first screen's stylesheet, a file the page links (a
    // strict style-src 'self' allows it), and cost no request of their own.
    expect(production.replace(/<#--[\s\S]*?-->/g, "")).not.toMatch(/<style[\s>]/);
    expect(template).toContain('<link rel="stylesheet" href="${resourceUrl}/${style}">');
    const linked = [
      ...read(`${theme}/entry-links.ftl`).matchAll(/<link rel="stylesheet" href="\$\{resourceUrl\}\/([^"]+)">/g),
    ];
    expect(linked.map(([, file]) => read(`${theme}/resources/${file}`)).join("\n")).toContain(".kc-loading__spinner");
  });

  test("holds the Vite build: manifest with one entry, hashed assets, content.json and logo", () => {
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

  test("ships production builds of its libraries, not React's development build", () => {
    const assets = path.join(directory, theme, "resources", "assets");
    const scripts = readdirSync(assets).filter((file) => file.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(1);
    for (const file of scripts) {
      // A development-only warning of react-dom; absent from its production build.
      expect(readFileSync(path.join(assets, file), "utf8")).not.toContain(
        "This will treat the attribute as if it were false",
      );
    }
  });

  test("carries the server extension: its classes and the service entry that registers its factory", () => {
    const services = "META-INF/services/org.keycloak.services.resource.RealmResourceProviderFactory";
    const factory = "io.github.kcaccountconsole.extension.AccountConsoleExtensionFactory";
    expect(read(services).trim().split(/\s+/)).toEqual([factory]);
    const classes = readdirSync(path.join(directory, "io/github/kcaccountconsole/extension"));
    for (const name of ["AccountConsoleExtensionFactory", "AccountConsoleExtensionProvider", "ExtensionResource"]) {
      expect(classes).toContain(`${name}.class`);
    }
    // Compiled for Java 17 (class file version 61), the oldest Java a supported Keycloak runs on.
    const bytes = readFileSync(path.join(directory, `${factory.replaceAll(".", "/")}.class`));
    expect(bytes.readUInt32BE(0)).toBe(0xcafebabe);
    expect(bytes.readUInt16BE(6)).toBe(61);
    // The classes of the extension only, not its tests.
    expect(classes.some((file) => file.endsWith("Test.class"))).toBe(false);
  });
});
