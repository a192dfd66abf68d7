import { setCheckupCount } from "../../api/checkupCount";
import type { PageLoader } from "../page";
import { evaluate, gatherCheckup, type CheckupResult } from "./checkup";

/** The checkup's findings; the menu's count follows them. */
export const loadSecurityCheckup: PageLoader<CheckupResult> = async ({ api, request }) => {
  const result = evaluate(await gatherCheckup(api, request.signal));
  setCheckupCount(api, result.findings.length);
  return result;
};
