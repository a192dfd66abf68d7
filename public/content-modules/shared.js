// What the shims of this folder read: the console puts its own React, JSX runtime and React DOM on the frame's
// window (src/pages/content/moduleFrame.ts) before it imports a module here, so a module and the console share one
// React instance (two would break hooks, and React 18's elements do not render in React 19).

/** The console's module `name` ("react", "jsxRuntime" or "reactDom"). */
export function shared(name) {
  const modules = globalThis.__accountConsoleShared;
  if (!modules || !modules[name]) {
    throw new Error(`The console did not share "${name}": load content modules through the account console.`);
  }
  return modules[name];
}

/** A React 18 function that React 19 (the console's) no longer has: it throws when called, saying so. */
export function removedInReact19(name) {
  return () => {
    throw new Error(`${name} is not available: the account console runs React 19, which removed it.`);
  };
}
