import * as React from "react";
import * as jsxRuntime from "react/jsx-runtime";
import * as ReactDOM from "react-dom";
import * as ReactDOMClient from "react-dom/client";

/**
 * The console's own React, JSX runtime and React DOM, as the content-module frame's shims hand them to a module that
 * imports "react", "react/jsx-runtime" or "react-dom" (public/content-modules/). React DOM gets `createRoot` and
 * `hydrateRoot` too, as the stock console's React DOM module has them. All of it is in the console's start-up code
 * already: this adds nothing to load.
 */
export const sharedReact = {
  react: React,
  jsxRuntime,
  reactDom: { ...ReactDOM, createRoot: ReactDOMClient.createRoot, hydrateRoot: ReactDOMClient.hydrateRoot },
};

export type SharedReact = typeof sharedReact;
