// Every Account REST call the console makes, one small typed function each. Pages call these, never URLs.
import type { ApiClient } from "./client";
import type { UserRepresentation } from "./representations";

export function fetchPersonalInfo(api: ApiClient, signal?: AbortSignal): Promise<UserRepresentation> {
  return api.request<UserRepresentation>("/", { searchParams: { userProfileMetadata: true }, signal });
}

export async function fetchSupportedLocales(api: ApiClient, signal?: AbortSignal): Promise<string[]> {
  return (await api.request<string[] | undefined>("/supportedLocales", { signal })) ?? [];
}

/** Saves the whole user (204). A validation failure is an ApiError whose body is `{ errors: FieldError[] }`. */
export async function savePersonalInfo(api: ApiClient, user: UserRepresentation): Promise<void> {
  await api.request<void>("/", { method: "POST", body: user });
}
