/**
 * Session detection off the path to the first screen: after the console has shown, a hidden frame on Keycloak's
 * `login-status-iframe.html` is asked every few seconds whether the browser's session is still the token's
 * (message `"<clientId> <sessionId>"`, answers `unchanged` / `changed` / `error`, as keycloak-js's own check).
 * `changed` ends the session here too. When the frame never answers (a Content-Security-Policy that blocks its
 * inline script, say) detection is turned off with a warning; token refresh still finds an ended session.
 */
export type SessionMonitorOptions = {
  /** `{realm URL}/protocol/openid-connect/login-status-iframe.html` */
  frameUrl: string;
  clientId: string;
  sessionId: () => string | undefined;
  /** Called once when the server says the session is no longer the token's. */
  onChanged: () => void;
  intervalMs?: number;
  /** How long the first answer may take before detection is turned off. */
  answerTimeoutMs?: number;
};

export const SESSION_CHECK_UNAVAILABLE =
  "[account console] The session status frame did not answer; detecting a session ended elsewhere is off.";

/** Starts polling; returns the function that stops it and removes the frame. */
export function startSessionMonitor({
  frameUrl,
  clientId,
  sessionId,
  onChanged,
  intervalMs = 5000,
  answerTimeoutMs = 10000,
}: SessionMonitorOptions): () => void {
  const origin = new URL(frameUrl, window.location.href).origin;
  const frame = document.createElement("iframe");
  frame.src = frameUrl;
  frame.title = "keycloak-session-iframe";
  frame.hidden = true;
  // No sandbox: the frame is Keycloak's own page on the console's origin, and needs scripts and that origin, and a
  // sandbox that allows both is none (Chrome warns that the frame can remove it).

  let timer: ReturnType<typeof setInterval> | undefined;
  let waiting: ReturnType<typeof setTimeout> | undefined;
  let answered = false;
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    clearTimeout(waiting);
    window.removeEventListener("message", onMessage);
    frame.remove();
  };

  const ask = () => {
    const sid = sessionId();
    if (sid) frame.contentWindow?.postMessage(`${clientId} ${sid}`, origin);
  };

  function onMessage(event: MessageEvent) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    if (event.data !== "unchanged" && event.data !== "changed" && event.data !== "error") return;
    answered = true;
    clearTimeout(waiting);
    if (event.data === "changed") {
      stop();
      onChanged();
    } else if (event.data === "error") {
      stop();
    }
  }

  window.addEventListener("message", onMessage);
  frame.addEventListener("load", () => {
    if (stopped) return;
    ask();
    timer = setInterval(ask, intervalMs);
    waiting = setTimeout(() => {
      if (answered) return;
      console.warn(SESSION_CHECK_UNAVAILABLE);
      stop();
    }, answerTimeoutMs);
  });
  document.body.appendChild(frame);
  return stop;
}
