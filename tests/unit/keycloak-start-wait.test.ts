import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { KeycloakError, waitUntilReady } from "../../scripts/lib/keycloak-server.mjs";

// The start-up wait of `npm start` and the browser tests: a slow start whose log moves is waited for; a silent log, a
// dead process or an explicit bound ends it.
let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A health endpoint that answers 503 until `readyAfter` requests have come, then 200. */
async function health(readyAfter: number): Promise<string> {
  let asked = 0;
  server = http.createServer((_request, response) => {
    asked += 1;
    response.statusCode = asked > readyAfter ? 200 : 503;
    response.end();
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/health/ready`;
}

const quick = { pollMilliseconds: 5, lastLogLine: () => "a line" };

describe("waitUntilReady", () => {
  it("waits past the silence limit's length while the log keeps moving", async () => {
    const url = await health(40);
    let size = 0;
    const started = Date.now();
    await waitUntilReady(url, { ...quick, silenceSeconds: 0.05, hasExited: () => false, logSize: () => (size += 1) });
    expect(Date.now() - started).toBeGreaterThan(50);
  });

  it("gives up on a silent log, saying so", async () => {
    const url = await health(Number.POSITIVE_INFINITY);
    const waiting = waitUntilReady(url, { ...quick, silenceSeconds: 0.05, hasExited: () => false, logSize: () => 7 });
    await expect(waiting).rejects.toThrow(/log has been silent for 0.05s/);
  });

  it("gives up at once when the process has ended", async () => {
    const url = await health(Number.POSITIVE_INFINITY);
    const waiting = waitUntilReady(url, { ...quick, hasExited: () => true, logSize: () => 0 });
    await expect(waiting).rejects.toBeInstanceOf(KeycloakError);
    await expect(waiting).rejects.toThrow("exited during start-up");
  });

  it("keeps an explicit bound even while the log moves", async () => {
    const url = await health(Number.POSITIVE_INFINITY);
    let size = 0;
    const waiting = waitUntilReady(url, {
      ...quick,
      timeoutSeconds: 0.05,
      hasExited: () => false,
      logSize: () => (size += 1),
    });
    await expect(waiting).rejects.toThrow(/not ready within 0.05s/);
  });
});
