import { expect, type APIResponse } from "@playwright/test";

/**
 * An error answer of the console extension's REST API (docs/extension.md): `status`, never cached, the machine-readable
 * `error` and a description for people.
 */
export async function expectError(response: APIResponse, status: number, error: string): Promise<void> {
  expect(response.status()).toBe(status);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const body = (await response.json()) as { error: string; errorDescription: string };
  expect(body.error).toBe(error);
  expect(body.errorDescription).toEqual(expect.any(String));
}
