import { Link as RouterLink, useLocation, useResolvedPath, type LinkProps } from "react-router";

/** The same page: the same path as the matching reads it (any letter case, a trailing slash or not). */
function samePath(a: string, b: string) {
  const path = (pathname: string) => pathname.replace(/\/+$/, "").toLowerCase();
  return path(a) === path(b);
}

/** Whether `to` names the page shown, with its query and fragment: a link to it rewrites the entry. */
function useNamesShown(to: LinkProps["to"]) {
  const location = useLocation();
  const target = useResolvedPath(to);
  const same = samePath(target.pathname, location.pathname);
  return { samePage: same, exactly: same && target.search === location.search && target.hash === location.hash };
}

/**
 * react-router's link; one to the page shown in another letter case (`/Groups` while `/groups` shows) rewrites its
 * entry like one in the same case, rather than adding a copy of the page to the history.
 */
export function Link({ replace, ...props }: LinkProps) {
  const { exactly } = useNamesShown(props.to);
  return <RouterLink {...props} replace={replace ?? (exactly || undefined)} />;
}

/** A menu link: `aria-current="page"` (and `activeClassName`) while it names the page shown, in any letter case. */
export function NavLink({ activeClassName, className, ...props }: LinkProps & { activeClassName?: string }) {
  const { samePage } = useNamesShown(props.to);
  return (
    <Link
      {...props}
      className={[className, samePage && activeClassName].filter(Boolean).join(" ") || undefined}
      aria-current={samePage ? "page" : undefined}
    />
  );
}
