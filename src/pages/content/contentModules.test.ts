// The files of the content-module frame (public/content-modules/): its import map, and the shims that hand a module
// written for the stock console the console's own React.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as React from "react";
import * as jsxRuntime from "react/jsx-runtime";
import * as ReactDOM from "react-dom";
import * as ReactDOMClient from "react-dom/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODULE_FRAME_PATH } from "./moduleFrame";
import { sharedReact } from "./sharedReact";

const root = path.resolve(import.meta.dirname, "..", "..", "..");
const folder = path.join(root, "public", path.dirname(MODULE_FRAME_PATH));
type Shim = Record<string, unknown>;
const load = (file: string): Promise<Shim> =>
  import(/* @vite-ignore */ pathToFileURL(path.join(folder, file)).href) as Promise<Shim>;

// What Keycloak 26.7.4's vendored React 18 modules export (resourceCommonUrl/vendor/, the stock console's import
// map): a module written for the stock console may import any of these names.
const STOCK_EXPORTS = {
  react: [
    "Children",
    "Component",
    "Fragment",
    "Profiler",
    "PureComponent",
    "StrictMode",
    "Suspense",
    "__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED",
    "act",
    "cloneElement",
    "createContext",
    "createElement",
    "createFactory",
    "createRef",
    "default",
    "forwardRef",
    "isValidElement",
    "lazy",
    "memo",
    "startTransition",
    "unstable_act",
    "useCallback",
    "useContext",
    "useDebugValue",
    "useDeferredValue",
    "useEffect",
    "useId",
    "useImperativeHandle",
    "useInsertionEffect",
    "useLayoutEffect",
    "useMemo",
    "useReducer",
    "useRef",
    "useState",
    "useSyncExternalStore",
    "useTransition",
    "version",
  ],
  jsxRuntime: ["Fragment", "default", "jsx", "jsxs"],
  reactDom: [
    "__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED",
    "createPortal",
    "createRoot",
    "default",
    "findDOMNode",
    "flushSync",
    "hydrate",
    "hydrateRoot",
    "render",
    "unmountComponentAtNode",
    "unstable_batchedUpdates",
    "unstable_renderSubtreeIntoContainer",
    "version",
  ],
};

/** The public names of one of the console's modules (not React's internals, which a module must not use). */
const publicNames = (module: object) => Object.keys(module).filter((name) => !name.startsWith("__"));

let shims: { react: Shim; jsxRuntime: Shim; reactDom: Shim };
const global = globalThis as { __accountConsoleShared?: unknown };

beforeAll(async () => {
  global.__accountConsoleShared = sharedReact;
  shims = {
    react: await load("react.js"),
    jsxRuntime: await load("react-jsx-runtime.js"),
    reactDom: await load("react-dom.js"),
  };
});

afterAll(() => {
  delete global.__accountConsoleShared;
});

describe("the content-module frame's shims", () => {
  it("are the console's own React, JSX runtime and React DOM: the same functions, not copies", () => {
    expect(shims.react.default).toBe(sharedReact.react);
    expect(shims.react.useState).toBe(React.useState);
    expect(shims.react.createElement).toBe(React.createElement);
    expect(shims.jsxRuntime.jsx).toBe(jsxRuntime.jsx);
    expect(shims.jsxRuntime.jsxs).toBe(jsxRuntime.jsxs);
    expect(shims.jsxRuntime.Fragment).toBe(React.Fragment);
    expect(shims.reactDom.createPortal).toBe(ReactDOM.createPortal);
    expect(shims.reactDom.createRoot).toBe(ReactDOMClient.createRoot);
    expect(shims.reactDom.hydrateRoot).toBe(ReactDOMClient.hydrateRoot);
  });

  it("export every public name of the console's React (an upgrade that adds one fails here)", () => {
    for (const name of publicNames(React).filter((name) => name !== "default")) {
      expect(shims.react[name], `react: ${name}`).toBe((React as Shim)[name]);
    }
    for (const name of publicNames(jsxRuntime).filter((name) => name !== "default")) {
      expect(shims.jsxRuntime[name], `react/jsx-runtime: ${name}`).toBe((jsxRuntime as Shim)[name]);
    }
    for (const name of publicNames(ReactDOM).filter((name) => name !== "default")) {
      expect(shims.reactDom[name], `react-dom: ${name}`).toBe((ReactDOM as Shim)[name]);
    }
  });

  it("export every name the stock console's React 18 modules export, so a module written for them links", () => {
    expect(Object.keys(shims.react)).toEqual(expect.arrayContaining(STOCK_EXPORTS.react));
    expect(Object.keys(shims.jsxRuntime)).toEqual(expect.arrayContaining(STOCK_EXPORTS.jsxRuntime));
    expect(Object.keys(shims.reactDom)).toEqual(expect.arrayContaining(STOCK_EXPORTS.reactDom));
  });

  it("make what React 19 removed fail when called, saying why", () => {
    expect(() => (shims.reactDom.render as () => void)()).toThrow(/render is not available.*React 19/);
    expect(() => (shims.react.createFactory as () => void)()).toThrow(/createFactory is not available/);
  });

  it("refuse to load outside the console, which shares its React with the frame", async () => {
    const { shared } = (await load("shared.js")) as { shared: (name: string) => unknown };
    delete global.__accountConsoleShared;
    try {
      expect(() => shared("react")).toThrow(/did not share "react"/);
    } finally {
      global.__accountConsoleShared = sharedReact;
    }
  });
});

/** The loader page's import map: its exact text (what a CSP hash covers) and its parsed form. */
function importMap() {
  const html = readFileSync(path.join(root, "public", MODULE_FRAME_PATH), "utf8");
  const maps = [...html.matchAll(/<script type="importmap">([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  expect(maps).toHaveLength(1);
  return { text: maps[0]!, map: JSON.parse(maps[0]!) as { imports: Record<string, string> }, html };
}

describe("the content-module frame's page", () => {
  it("maps the stock console's three names, and only those, to shims beside it", () => {
    const { map } = importMap();
    expect(Object.keys(map).sort()).toEqual(["imports"]);
    expect(Object.keys(map.imports).sort()).toEqual(["react", "react-dom", "react/jsx-runtime"]);
    for (const target of Object.values(map.imports)) {
      expect(target).toMatch(/^\.\/[a-z-]+\.js$/);
      expect(existsSync(path.join(folder, target)), target).toBe(true);
    }
  });

  it("runs no other inline script: its one script is loader.js", () => {
    const { html } = importMap();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts).toEqual(['<script type="importmap">', '<script type="module" src="./loader.js">']);
  });

  it("has the import map whose hash docs/content-pages.md gives for a policy on theme resources", () => {
    const hash = `'sha256-${createHash("sha256").update(importMap().text).digest("base64")}'`;
    expect(readFileSync(path.join(root, "docs", "content-pages.md"), "utf8")).toContain(hash);
  });
});
