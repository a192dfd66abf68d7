/** A path as the routes match it: any letter case, with or without a trailing slash. */
export const pagePath = (pathname: string) => pathname.replace(/\/+$/, "").toLowerCase();

/** Whether two paths name one page (a switch between them is no page switch). */
export const isSamePage = (one: string, other: string) => pagePath(one) === pagePath(other);
