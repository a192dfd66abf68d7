import { Link as RouterLink, useLocation, useResolvedPath, type LinkProps } from "react-router";
import { isSamePage } from "./pagePath";

/** Whether `to` is the page shown, as the matching reads paths (any letter case, a trailing slash or not). */
function useIsShown(to: LinkProps["to"]) {
  const location = useLocation();
  const target = useResolvedPath(to);
  const samePage = isSamePage(target.pathname, location.pathname);
  return { samePage, sameEntry: samePage && target.search === location.search && target.hash === location.hash };
}

/** react-router's link; one to the page shown rewrites its entry in any letter case, not only in the same one. */
export function Link({ replace, ...props }: LinkProps) {
  const { sameEntry } = useIsShown(props.to);
  return <RouterLink {...props} replace={replace ?? (sameEntry || undefined)} />;
}

/** A menu link: `aria-current="page"` (and `activeClassName`) while it names the page shown, in any letter case. */
export function NavLink({ activeClassName, className, ...props }: LinkProps & { activeClassName?: string }) {
  const { samePage } = useIsShown(props.to);
  const classes = [className, samePage && activeClassName].filter(Boolean).join(" ");
  return <Link {...props} className={classes || undefined} aria-current={samePage ? "page" : undefined} />;
}
