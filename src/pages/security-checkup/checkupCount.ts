import type { ApiClient } from "../../api/client";
import { setCheckupCount } from "../../api/checkupCount";
import { isSessionEnded } from "../../auth/sessionEnded";
import { evaluate, gatherCheckup } from "./checkup";

/** Counts the checkup's findings for the menu. Started after the first screen; a failure leaves the menu without a count. */
export function countFindings(api: ApiClient, signal?: AbortSignal): Promise<void> {
  return gatherCheckup(api, signal).then(
    (facts) => setCheckupCount(api, evaluate(facts).findings.length),
    (error: unknown) => {
      // The count is a hint: the page itself says what failed. An ended session is the session-ended dialog's.
      if (!isSessionEnded(error) && !signal?.aborted) console.warn("The security checkup could not be counted.", error);
    },
  );
}
