/** Loads an ES module by URL at run time (the bundler leaves this import alone). Its own file so tests can replace it. */
export function importModule(url: string): Promise<Record<string, unknown>> {
  return import(/* @vite-ignore */ url) as Promise<Record<string, unknown>>;
}
