import { useEffect, useRef, type AnchorHTMLAttributes } from "react";
import { Link as WouterLink } from "wouter";
import { useLocation, useRouter } from "./RouterProvider";
import { samePage } from "./router";
import type { To } from "./types";

type LinkProps = { to: To; replace?: boolean } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">;

/** `to` as a path with its query and fragment, as wouter's links take it. */
function pathOf(to: To, current: { pathname: string }): string {
  if (typeof to === "string") return to;
  return (to.pathname ?? current.pathname) + (to.search ?? "") + (to.hash ?? "");
}

const EXTERNAL = /^[a-z][a-z\d+.-]*:|^\/\//i;

/**
 * A link: inside the console a plain click switches the page; wouter lets the browser have a click with a modifier
 * key (ctrl, meta, shift, alt), another button, or one an `onClick` handler prevented. A link for another window
 * (`target`) or another site is a plain link: the browser follows it.
 */
export function Link({ to, replace, ...props }: LinkProps) {
  const router = useRouter();
  const location = useLocation();
  const path = pathOf(to, location);
  if (EXTERNAL.test(path)) return <a {...props} href={path} />;
  if (props.target && props.target !== "_self") return <a {...props} href={router.href(path)} />;
  return <WouterLink {...props} href={path} replace={replace} />;
}

/** A menu link: `aria-current="page"` (and `activeClassName`) while it names the page shown, in any letter case. */
export function NavLink({ activeClassName, className, ...props }: LinkProps & { activeClassName?: string }) {
  const location = useLocation();
  const target = new URL(pathOf(props.to, location), "http://router.invalid/");
  const current = samePage({ pathname: target.pathname, search: "" }, { pathname: location.pathname, search: "" });
  return (
    <Link
      {...props}
      className={[className, current && activeClassName].filter(Boolean).join(" ") || undefined}
      aria-current={current ? "page" : undefined}
    />
  );
}

/** Switches the page as soon as it is drawn. */
export function Navigate({ to, replace }: { to: To; replace?: boolean }) {
  const router = useRouter();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void router.navigate(to, { replace });
  }, [router, to, replace]);
  return null;
}
