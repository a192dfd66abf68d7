import type { ApiClient } from "../../api/client";
import { isSessionEnded } from "../../auth/sessionEnded";
import { evaluate, gatherCheckup } from "./checkup";

/** Counts the checkup's findings for the menu. Run after the first screen; a failure leaves the menu without a count. */
export async function countFindings(api: ApiClient, signal: AbortSignal): Promise<number | undefined> {
  try {
    return evaluate(await gatherCheckup(api, signal)).findings.length;
  } catch (error) {
    // The count is a hint: the page itself says what failed. An ended session is the session-ended dialog's.
    if (!isSessionEnded(error) && !signal.aborted) console.warn("The security checkup could not be counted.", error);
    return undefined;
  }
}
