// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_CHECK_UNAVAILABLE, startSessionMonitor } from "./sessionMonitor";

const FRAME_URL = "http://localhost:3000/realms/demo/protocol/openid-connect/login-status-iframe.html";

function frame(): HTMLIFrameElement {
  const element = document.querySelector<HTMLIFrameElement>('iframe[title="keycloak-session-iframe"]');
  if (!element) throw new Error("No session frame.");
  return element;
}

/** The frame's answer, as Keycloak's status page posts it to the console. */
function answer(data: string, source: MessageEventSource | null = frame().contentWindow) {
  window.dispatchEvent(new MessageEvent("message", { data, origin: "http://localhost:3000", source }));
}

describe("startSessionMonitor", () => {
  let stop: () => void = () => undefined;
  let posted: ReturnType<typeof vi.fn<(message: unknown, origin?: unknown) => void>>;
  const onChanged = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    posted = vi.fn<(message: unknown, origin?: unknown) => void>();
    onChanged.mockReset();
    stop = startSessionMonitor({
      frameUrl: FRAME_URL,
      clientId: "account-console",
      sessionId: () => "sid-1",
      onChanged,
    });
    vi.spyOn(frame().contentWindow!, "postMessage").mockImplementation(posted);
    frame().dispatchEvent(new Event("load"));
  });

  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it("asks the frame about the token's session when it loads, then every five seconds", () => {
    // Keycloak's page on the console's origin, with scripts: a sandbox would allow both, which is no sandbox.
    expect(frame().hasAttribute("sandbox")).toBe(false);
    expect(posted).toHaveBeenLastCalledWith("account-console sid-1", "http://localhost:3000");
    vi.advanceTimersByTime(5000);
    expect(posted).toHaveBeenCalledTimes(2);
  });

  it("ends the session here when the server says it changed, and stops asking", () => {
    answer("unchanged");
    expect(onChanged).not.toHaveBeenCalled();
    answer("changed");
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(document.querySelector("iframe")).toBeNull();
    vi.advanceTimersByTime(20000);
    expect(posted).toHaveBeenCalledTimes(1);
  });

  it("ignores messages from other windows", () => {
    answer("changed", window);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("turns detection off with a warning when the frame never answers (a strict CSP blocks its script)", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.advanceTimersByTime(10000);
    expect(warn).toHaveBeenCalledWith(SESSION_CHECK_UNAVAILABLE);
    expect(document.querySelector("iframe")).toBeNull();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("keeps detecting once the frame has answered", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    answer("unchanged");
    vi.advanceTimersByTime(30000);
    expect(warn).not.toHaveBeenCalled();
    expect(posted.mock.calls.length).toBeGreaterThan(5);
  });
});
