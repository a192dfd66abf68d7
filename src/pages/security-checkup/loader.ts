import type { PageLoader } from "../page";
import { evaluate, gatherCheckup, type CheckupResult } from "./checkup";

/** The checkup's findings (the menu's count follows them: its route entry says so). */
export const loadSecurityCheckup: PageLoader<CheckupResult> = async ({ api, request }) =>
  evaluate(await gatherCheckup(api, request.signal));
