import { existsSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
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
 * The folder where the global setup marks each realm it makes for this run: `<realm>.pending` while it is being made,
 * then an empty file by the realm's name once it is ready. The workers inherit the folder through the environment.
 */
const MARKS = "E2E_PREPARED_REALMS";

/**
 * Starts making realms side by side (the global setup, which does not wait for them: the first files' tests start
 * beside them). Each is a chain of requests that the server answers mostly on one core. Each one made is marked for
 * the first worker that names it; one that failed is left to that worker, which makes it as usual. The promise gives
 * the names made.
 */
export function prepareRealms(
  admin: KeycloakAdmin,
  realms: Record<string, RealmSource | RealmRecipe>,
): Promise<string[]> {
  const marks = mkdtempSync(path.join(os.tmpdir(), "e2e-realms-"));
  process.env[MARKS] = marks;
  for (const realm of Object.keys(realms)) writeFileSync(path.join(marks, `${realm}.pending`), "");
  const made = Object.entries(realms).map(async ([realm, source]) => {
    try {
      await makeRealm(admin, realm, source);
      writeFileSync(path.join(marks, realm), "");
      return realm;
    } finally {
      rmSync(path.join(marks, `${realm}.pending`), { force: true });
    }
  });
  return Promise.allSettled(made).then((results) =>
    results.flatMap((result) => {
      if (result.status === "fulfilled") return [result.value];
      console.log(`A realm made ahead failed; its worker makes it: ${result.reason}`);
      return [];
    }),
  );
}

/**
 * Whether the global setup made `realm` for this run and no worker has used it yet; while it is still being made,
 * waits for it. Taking the mark is atomic: a worker started again after a failed test finds none and makes the realm
 * anew.
 */
export async function takePreparedRealm(realm: string): Promise<boolean> {
  const marks = process.env[MARKS];
  if (!marks) return false;
  while (existsSync(path.join(marks, `${realm}.pending`))) await new Promise((resolve) => setTimeout(resolve, 250));
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
