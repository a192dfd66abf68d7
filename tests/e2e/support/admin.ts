import { readFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";

/** Just enough of Keycloak's Admin REST API to shape realms for a test (admin/admin of the master realm). */
export class KeycloakAdmin {
  private token?: { value: string; expires: number };

  constructor(readonly baseUrl = inject("keycloakUrl")) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now() + 5000) return this.token.value;
    const response = await fetch(`${this.baseUrl}/realms/master/protocol/openid-connect/token`, {
      method: "POST",
      body: new URLSearchParams({ grant_type: "password", client_id: "admin-cli", username: "admin", password: "admin" }),
    });
    if (!response.ok) throw new Error(`Admin sign-in failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    this.token = { value: body.access_token, expires: Date.now() + body.expires_in * 1000 };
    return this.token.value;
  }

  async request<T = unknown>(method: string, adminPath: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/admin/realms${adminPath}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${adminPath} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Creates a realm like the demo realm (our theme, the demo user) under a fresh name, with changes. */
  async createRealm(name: string, changes: Record<string, unknown> = {}): Promise<string> {
    await this.request("DELETE", `/${encodeURIComponent(name)}`).catch(() => undefined);
    await this.request("POST", "", { ...demoRealm(), realm: name, id: undefined, ...changes });
    return name;
  }

  async deleteRealm(name: string): Promise<void> {
    await this.request("DELETE", `/${encodeURIComponent(name)}`);
  }

  async userId(realm: string, username: string): Promise<string> {
    const [user] = await this.request<{ id: string }[]>(
      "GET",
      `/${encodeURIComponent(realm)}/users?exact=true&username=${encodeURIComponent(username)}`,
    );
    if (!user) throw new Error(`No user ${username} in ${realm}`);
    return user.id;
  }

  async sessionCount(realm: string, username: string): Promise<number> {
    const id = await this.userId(realm, username);
    const sessions = await this.request<unknown[]>("GET", `/${encodeURIComponent(realm)}/users/${id}/sessions`);
    return sessions.length;
  }
}

export function demoRealm(): Record<string, unknown> {
  const file = path.resolve(import.meta.dirname, "..", "..", "fixtures", "demo-realm.json");
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
}

/** The demo user of every realm made by createRealm. */
export const DEMO_USER = { username: "alice", password: "alice", displayName: "Alice Liddell" };
