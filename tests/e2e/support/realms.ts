import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { KeycloakAdmin, RealmJson } from "./admin";

/** A realm's JSON, or a function giving it (for JSON that needs the server's address, known only once tests run). */
export type RealmSource = RealmJson | (() => RealmJson);

/** A realm's JSON and what the JSON cannot hold, set up through the API once the realm is made. */
export type RealmRecipe = { json: RealmSource; furnish: (admin: KeycloakAdmin, realm: string) => Promise<void> };

export const isRecipe = (source: RealmSource | RealmRecipe): source is RealmRecipe =>
  typeof source === "object" && typeof source.furnish === "function";

/** Makes `realm` from its JSON (replacing one of that name), then furnishes it when a recipe says how. */
export async function makeRealm(admin: KeycloakAdmin, realm: string, source: RealmSource | RealmRecipe) {
  const json = isRecipe(source) ? source.json : source;
  await admin.createRealm({ ...(typeof json === "function" ? json() : json), realm });
  if (isRecipe(source)) await source.furnish(admin, realm);
  return realm;
}

/**
 * The folder where the global setup marks each realm it made for this run: an empty file by the realm's name. The
 * workers inherit it through the environment.
 */
const MARKS = "E2E_PREPARED_REALMS";

/**
 * Makes realms side by side before any worker starts (the global setup): each is a chain of requests that the server
 * answers mostly on one core, and nothing else runs yet. Each one made is marked for the first worker that names it;
 * one that failed is left to that worker, which makes it as usual. Returns the names made.
 */
export async function prepareRealms(
  admin: KeycloakAdmin,
  realms: Record<string, RealmSource | RealmRecipe>,
): Promise<string[]> {
  const marks = mkdtempSync(path.join(os.tmpdir(), "e2e-realms-"));
  process.env[MARKS] = marks;
  const made = await Promise.allSettled(
    Object.entries(realms).map(async ([realm, source]) => {
      await makeRealm(admin, realm, source);
      writeFileSync(path.join(marks, realm), "");
      return realm;
    }),
  );
  for (const result of made) {
    if (result.status === "rejected") console.log(`A realm made ahead failed; its worker makes it: ${result.reason}`);
  }
  return made.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
}

/**
 * Whether the global setup made `realm` for this run and no worker has used it yet. Taking the mark is atomic: a
 * worker started again after a failed test finds none and makes the realm anew.
 */
export function takePreparedRealm(realm: string): boolean {
  const marks = process.env[MARKS];
  if (!marks) return false;
  try {
    unlinkSync(path.join(marks, realm));
    return true;
  } catch {
    return false;
  }
}

/** Removes the marks' folder (the global teardown). */
export function forgetPreparedRealms(): void {
  const marks = process.env[MARKS];
  if (marks) rmSync(marks, { recursive: true, force: true });
}
