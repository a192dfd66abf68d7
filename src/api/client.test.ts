import { describe, expect, it, vi } from "vitest";
import { SessionEndedError } from "../auth/sessionEnded";
import { ApiError, SERVER_FAILED, createApiClient } from "./client";

const environment = { serverBaseUrl: "https://id.example.org", realm: "my realm" };

function respond(status: number, body?: unknown, type = "application/json") {
  return vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body), {
        status,
        headers: { "content-type": type },
      }),
  );
}

describe("the Account REST client", () => {
  it("calls the account URL with a fresh bearer token and a JSON body", async () => {
    const fetchMock = respond(200, { ok: 1 });
    const client = createApiClient(environment, async () => "tok", fetchMock);
    await expect(
      client.request("credentials", { method: "POST", body: { a: 1 }, searchParams: { first: 0, max: undefined } }),
    ).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("https://id.example.org/realms/my%20realm/account/credentials?first=0");
    expect(init?.headers).toMatchObject({ authorization: "Bearer tok", "content-type": "application/json" });
    expect(init?.body).toBe('{"a":1}');
  });

  it("resolves empty bodies (204) to undefined", async () => {
    const client = createApiClient(environment, async () => "t", respond(204));
    await expect(client.request("sessions/x", { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("rejects every non-2xx answer with the server's message, never as success", async () => {
    const client = createApiClient(
      environment,
      async () => "t",
      respond(400, { errorMessage: "invalidEmailMessage", error_description: "bad" }),
    );
    const error = await client.request("").catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "invalidEmailMessage", status: 400, description: "bad" });
  });

  it("keeps the error body (field errors) and falls back to the status text", async () => {
    const body = { errors: [{ field: "email", errorMessage: "invalidEmailMessage", params: ["email"] }] };
    const withBody = createApiClient(environment, async () => "t", respond(400, body));
    await expect(withBody.request("")).rejects.toMatchObject({ body });
    const plain = createApiClient(environment, async () => "t", respond(500, "<html>oops</html>", "text/html"));
    await expect(plain.request("")).rejects.toMatchObject({ status: 500, message: "<html>oops</html>" });
  });

  it("words Keycloak's unexpected failure for the user, without its pointer to the server log", async () => {
    const body = { error: "unknown_error", error_description: "For more on this error consult the server log." };
    const failed = createApiClient(environment, async () => "t", respond(500, body));
    const error = await failed.request("").catch((reason: unknown) => reason);
    expect(error).toMatchObject({ status: 500, message: SERVER_FAILED, description: undefined, body });
    // Another server error keeps its own reason.
    const other = createApiClient(environment, async () => "t", respond(503, { error: "Database unavailable" }));
    await expect(other.request("")).rejects.toMatchObject({ status: 503, message: "Database unavailable" });
  });

  it("a 401 the session check confirms is the session's end, not the call's failure", async () => {
    const confirmSessionEnded = vi.fn(async () => true);
    const client = createApiClient(environment, async () => "t", respond(401, { error: "HTTP 401 Unauthorized" }), {
      confirmSessionEnded,
    });
    await expect(client.request("")).rejects.toBeInstanceOf(SessionEndedError);
    expect(confirmSessionEnded).toHaveBeenCalledTimes(1);
  });

  it("a 401 while the session lives on is reported as any failure; other statuses never ask", async () => {
    const confirmSessionEnded = vi.fn(async () => false);
    const unauthorized = createApiClient(environment, async () => "t", respond(401, { error: "HTTP 401" }), {
      confirmSessionEnded,
    });
    await expect(unauthorized.request("")).rejects.toMatchObject({ status: 401, message: "HTTP 401" });
    const forbidden = createApiClient(environment, async () => "t", respond(403, { error: "forbidden" }), {
      confirmSessionEnded,
    });
    await expect(forbidden.request("")).rejects.toBeInstanceOf(ApiError);
    expect(confirmSessionEnded).toHaveBeenCalledTimes(1);
  });
});
