import { useRouteError } from "../../lib/router";
import { ErrorDialog } from "../../ui/ErrorDialog";

export function RouteError() {
  return <ErrorDialog error={useRouteError()} />;
}
