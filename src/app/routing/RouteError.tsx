import { useRouteError } from "../../lib/routing";
import { ErrorDialog } from "../../ui/ErrorDialog";

export function RouteError() {
  return <ErrorDialog error={useRouteError()} />;
}
