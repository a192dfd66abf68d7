// @ts-check
// The load realm and its users, for the run's set-up (tools/load/run.mjs) and its virtual users (tools/load/processor.mjs).

export const REALM = "load";

/** @param {number} index */
export function loadUser(index) {
  return {
    username: `load-${String(index).padStart(3, "0")}`,
    password: `pw-${index}-${"x".repeat(8)}`,
    email: `load-${index}@example.org`,
    firstName: `User${index}`,
    lastName: "Load",
  };
}

/** The last name a user's save of `round` (0-based) stores: unique to user and round. @param {string} username @param {number} round */
export function savedLastName(username, round) {
  return `Load-${username}-round-${round}`;
}
