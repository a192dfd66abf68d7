// @ts-check
// Processes the scripts start and stop by id (Keycloak, dockerd): one way to
// ask whether one still runs, and one way to end it.
import fs from "node:fs";

/**
 * Is the process still running? With `group`, is any process of the group it leads (`pid` is the group's id)? A
 * zombie (exited, not yet reaped by its parent) counts as gone.
 * @param {number} pid @param {{ group?: boolean }} [options]
 */
export function isAlive(pid, { group = false } = {}) {
  try {
    process.kill(group ? -pid : pid, 0);
  } catch {
    return false;
  }
  if (group) return true;
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false; // ended meanwhile
  }
}

/**
 * Sends `signal` to the process (or its group), waits up to `graceSeconds` for it to end, then kills it.
 * @param {number} pid
 * @param {{ signal?: NodeJS.Signals, group?: boolean, graceSeconds?: number }} [options]
 */
export async function stopProcess(pid, { signal = "SIGTERM", group = false, graceSeconds = 30 } = {}) {
  const target = group ? -pid : pid;
  try {
    process.kill(target, signal);
  } catch {
    return; // gone already
  }
  const deadline = Date.now() + graceSeconds * 1000;
  while (isAlive(pid, { group }) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  if (isAlive(pid, { group })) {
    try {
      process.kill(target, "SIGKILL");
    } catch {
      // ended between the check and the kill
    }
  }
}
