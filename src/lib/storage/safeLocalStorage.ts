/** The browser's localStorage, or undefined where reading it throws (storage disabled, sandboxed frames). */
export function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
