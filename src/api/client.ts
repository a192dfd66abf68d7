import { SessionEndedError } from "../auth/sessionEnded";
import { joinPath, type Environment } from "../environment/environment";

/** Every failed Account REST call becomes one of these: a message to show, and what the server said. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    readonly status: number,
    readonly description?: string,
    /** The parsed error body, e.g. `{ errors: [{ field, errorMessage, params }] }` for profile validation. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  searchParams?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
};

export type ApiClient = {
  /** A call under `/realms/{realm}/account/`; resolves to the parsed JSON (undefined for empty bodies). */
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** The same call, also handing back the response headers (e.g. the `Link` header of a paged list). */
  requestWithHeaders<T>(path: string, options?: RequestOptions): Promise<{ body: T; headers: Headers }>;
  /**
   * A call to another endpoint of the server (an absolute URL outside `/account`, such as the realm's credential
   * issuer): the same token, the same status checks and the same session-ended handling as an Account REST call.
   */
  requestUrl<T>(url: string, options?: RequestOptions): Promise<T>;
  /** The URL of a call, for links that leave the app. */
  url(path: string, searchParams?: RequestOptions["searchParams"]): string;
};

export type ApiClientOptions = {
  /**
   * Asked after a 401: true when the session is over (the call then rejects with SessionEndedError, which pages
   * leave to the session-ended dialog), false when it lives on (the 401 is reported as any other failure).
   */
  confirmSessionEnded?: () => Promise<boolean>;
};

/** The Account API's address for `path`, with `searchParams` (undefined values left out). */
export function accountApiUrl(
  environment: Pick<Environment, "serverBaseUrl" | "realm">,
  path: string,
  searchParams: RequestOptions["searchParams"] = {},
): string {
  return withSearchParams(
    joinPath(environment.serverBaseUrl, "realms", encodeURIComponent(environment.realm), "account", path),
    searchParams,
  );
}

function withSearchParams(address: string, searchParams: RequestOptions["searchParams"] = {}): string {
  const target = new URL(address);
  for (const [key, value] of Object.entries(searchParams)) {
    if (value !== undefined) target.searchParams.set(key, String(value));
  }
  return target.toString();
}

export function createApiClient(
  environment: Pick<Environment, "serverBaseUrl" | "realm">,
  token: () => Promise<string>,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  { confirmSessionEnded }: ApiClientOptions = {},
): ApiClient {
  const url = (path: string, searchParams: RequestOptions["searchParams"] = {}) =>
    accountApiUrl(environment, path, searchParams);

  const send = async <T>(address: string, { method = "GET", body, signal }: RequestOptions = {}) => {
    const response = await fetchImpl(address, {
      method,
      signal,
      // Account data changes under us (other tabs, the admin): never answer from the HTTP cache.
      cache: "no-store",
      headers: {
        accept: "application/json",
        authorization: `Bearer ${await token()}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = await readBody(response);
    if (response.status === 401 && confirmSessionEnded && (await confirmSessionEnded())) {
      throw new SessionEndedError();
    }
    if (!response.ok) throw errorFrom(response, parsed);
    return { body: parsed as T, headers: response.headers };
  };

  return {
    url,
    requestWithHeaders: (path, options) => send(url(path, options?.searchParams), options),
    async request<T>(path: string, options?: RequestOptions) {
      return (await send<T>(url(path, options?.searchParams), options)).body;
    },
    async requestUrl<T>(address: string, options?: RequestOptions) {
      return (await send<T>(withSearchParams(address, options?.searchParams), options)).body;
    },
  };
}

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A JSON object (not an array, not null): what a body's fields can be read from. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Keycloak's answer to a failure it did not expect (`unknown_error`, "consult the server log"): words for an admin,
 * not for the user, who is told plainly instead (a message key).
 */
export const SERVER_FAILED = "serverErrorTryAgain";

export function errorFrom(response: Response, body: unknown): ApiError {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  if (response.status >= 500 && record.error === "unknown_error") {
    return new ApiError(SERVER_FAILED, response.status, undefined, body);
  }
  const first = (value: unknown) =>
    typeof value === "string" ? value : Array.isArray(value) && typeof value[0] === "string" ? value[0] : undefined;
  const message =
    first(record.errorMessage) ??
    first(record.error) ??
    (typeof body === "string" && body.length > 0 && body.length < 200 ? body : undefined) ??
    `${response.status} ${response.statusText}`.trim();
  const description = typeof record.error_description === "string" ? record.error_description : undefined;
  return new ApiError(message, response.status, description, body);
}
