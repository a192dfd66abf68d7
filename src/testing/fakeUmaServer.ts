// A stateful stand-in for Keycloak's UMA endpoints of the Account REST API, for component tests: paging with Link
// headers as the server writes them, the PUT .../permissions semantics, and failures on demand.
import type { ResourcePermission, ResourceRepresentation } from "../api/representations";

type User = { username: string; email?: string; firstName?: string; lastName?: string };
export type Call = { method: string; path: string; query: URLSearchParams; body?: unknown };
type Failure = { method?: string; path: RegExp; status: number; body?: unknown; times?: number };

export class FakeUmaServer {
  readonly calls: Call[] = [];
  /** resource id → username → granted scopes */
  readonly granted = new Map<string, Map<string, string[]>>();
  /** resource id → username → requested (pending) scopes */
  readonly pending = new Map<string, Map<string, string[]>>();
  private failures: Failure[] = [];
  /** Responses held back until released, by path pattern (to see what shows before they arrive). */
  private held: { path: RegExp; release: Promise<void> }[] = [];

  constructor(
    readonly resources: ResourceRepresentation[] = [],
    readonly users: User[] = [],
    readonly sharedWithMe: ResourceRepresentation[] = [],
  ) {}

  grant(resourceId: string, username: string, scopes: string[]) {
    if (!this.granted.has(resourceId)) this.granted.set(resourceId, new Map());
    this.granted.get(resourceId)!.set(username, scopes);
    return this;
  }

  request(resourceId: string, username: string, scopes: string[]) {
    if (!this.pending.has(resourceId)) this.pending.set(resourceId, new Map());
    this.pending.get(resourceId)!.set(username, scopes);
    return this;
  }

  /** The next `times` (default: every) matching calls fail with `status` and `body`. */
  fail(failure: Failure) {
    this.failures.push(failure);
    return this;
  }

  /** Matching calls wait until the returned function is called. */
  hold(path: RegExp): () => void {
    let release!: () => void;
    this.held.push({ path, release: new Promise<void>((resolve) => (release = resolve)) });
    return release;
  }

  callsTo(method: string, path: string | RegExp) {
    return this.calls.filter(
      (call) => call.method === method && (typeof path === "string" ? call.path === path : path.test(call.path)),
    );
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const path = url.pathname.replace(/^\/realms\/demo\/account/, "") || "/";
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    this.calls.push({ method, path, query: url.searchParams, body });
    for (const hold of this.held.filter((h) => h.path.test(path))) await hold.release;
    const failure = this.failures.find((f) => (f.method ?? "GET") === method && f.path.test(path));
    if (failure) {
      if (failure.times !== undefined && --failure.times <= 0) this.failures.splice(this.failures.indexOf(failure), 1);
      return json(failure.status, failure.body ?? { error: "unknown_error" });
    }
    return this.answer(method, path, url, body);
  };

  private answer(method: string, path: string, url: URL, body: unknown): Response {
    if (method === "GET" && path === "/resources") return this.page(url, this.resources);
    if (method === "GET" && path === "/resources/shared-with-me") return this.page(url, this.sharedWithMe);
    const match = /^\/resources\/([^/]+)\/permissions(\/requests)?$/.exec(path);
    const resource = match && this.resources.find((r) => r._id === decodeURIComponent(match[1]!));
    if (!match || !resource) return json(404, { error: "resource_not_found" });
    if (method === "GET") {
      const source = match[2] ? this.pending : this.granted;
      return json(200, this.permissions(source.get(resource._id)));
    }
    if (method === "PUT" && !match[2]) return this.put(resource._id, body);
    return json(405, { error: "method_not_allowed" });
  }

  private permissions(map: Map<string, string[]> | undefined): ResourcePermission[] {
    return [...(map ?? new Map<string, string[]>())].map(([username, scopes]) => ({
      ...this.users.find((u) => u.username === username),
      username,
      scopes,
    }));
  }

  /** As Keycloak: every listed user must exist (else 404 naming it, nothing changed); listed scopes become grants. */
  private put(resourceId: string, body: unknown): Response {
    if (!Array.isArray(body) || body.length === 0) return json(400, { error: "invalid_permissions" });
    const entries = body as { username: string; scopes: string[] }[];
    const resolved: { username: string; scopes: string[] }[] = [];
    for (const entry of entries) {
      const value = entry.username.toLowerCase();
      const user = this.users.find((u) => u.username === value || u.email?.toLowerCase() === value);
      if (!user) return json(404, { error: entry.username });
      resolved.push({ username: user.username, scopes: entry.scopes });
    }
    for (const { username, scopes } of resolved) {
      this.pending.get(resourceId)?.delete(username);
      if (!this.granted.has(resourceId)) this.granted.set(resourceId, new Map());
      if (scopes.length === 0) this.granted.get(resourceId)!.delete(username);
      else this.granted.get(resourceId)!.set(username, [...scopes]);
    }
    return new Response(null, { status: 204 });
  }

  /** Keycloak's paging: `first`/`max` (+1 to know of a next page), `name` as a case-insensitive substring. */
  private page(url: URL, all: ResourceRepresentation[]): Response {
    const name = url.searchParams.get("name")?.toLowerCase();
    const rows = name ? all.filter((r) => r.name.toLowerCase().includes(name)) : all;
    if (!url.searchParams.has("first") || !url.searchParams.has("max")) return json(200, rows);
    const first = Number(url.searchParams.get("first"));
    const max = Number(url.searchParams.get("max"));
    const slice = rows.slice(first, first + max + 1);
    const links: string[] = [];
    const base = `${url.origin}${url.pathname}`;
    if (slice.length > 0 && !(first === 0 && slice.length <= max)) {
      if (slice.length > max) links.push(`<${base}?first=${first + max}&max=${max}>; rel="next"`);
      if (first > 0) links.push(`<${base}?first=${Math.max(first - max, 0)}&max=${max}>; rel="prev"`);
    }
    return json(200, slice.slice(0, max), links.length ? { link: links.join(", ") } : {});
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

export function resource(
  id: string,
  name: string,
  extra: Partial<ResourceRepresentation> = {},
): ResourceRepresentation {
  return {
    _id: id,
    name,
    uris: [],
    scopes: [{ name: "view" }, { name: "edit", displayName: "Edit" }],
    client: { clientId: "photoz", name: "Photo album", baseUrl: "https://photoz.example.org/" },
    ...extra,
  };
}
